import Foundation
import LocSimLocationCore

/// Great-circle distance in metres on the mean sphere (haversine). Good to 0.5 % against WGS-84,
/// plenty for a cache radius; the engine's geodesic distance lives in LocSimLocationCore.
func haversineDistance(_ a: Coordinate, _ b: Coordinate) -> Double {
    let phi1 = a.latitude * .pi / 180
    let phi2 = b.latitude * .pi / 180
    let dPhi = phi2 - phi1
    let dLambda = (b.longitude - a.longitude) * .pi / 180
    let h = sin(dPhi / 2) * sin(dPhi / 2) + cos(phi1) * cos(phi2) * sin(dLambda / 2) * sin(dLambda / 2)
    return 2 * MunicipalityRule.earthRadius * asin(min(1, h.squareRoot()))
}
