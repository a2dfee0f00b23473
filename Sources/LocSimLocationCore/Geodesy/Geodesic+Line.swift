extension Geodesic {
    /// The solution of the direct problem: where a geodesic ends.
    public struct DirectSolution: Sendable, Hashable {
        /// The end point; longitude reduced to [-180, 180].
        public var coordinate: Coordinate
        /// Azimuth at the end point (the forward direction there), degrees in [-180, 180].
        public var finalAzimuth: Double
        /// Arc length on the auxiliary sphere in degrees.
        public var arcLength: Double

        public init(coordinate: Coordinate, finalAzimuth: Double, arcLength: Double) {
            self.coordinate = coordinate
            self.finalAzimuth = finalAzimuth
            self.arcLength = arcLength
        }
    }

    /// Solves the direct problem: the point `distance` metres from `start` along the geodesic that
    /// leaves it with `azimuth` (degrees clockwise from north). Negative distances go backwards.
    public func direct(from start: Coordinate, azimuth: Double, distance: Double) -> DirectSolution {
        Line(geodesic: self, start: start, azimuth: azimuth).position(at: distance)
    }

    /// The point at `fraction` (0 → `start`, 1 → `end`) of the shortest geodesic between two points,
    /// measured by distance. For many samples on one segment build a ``Line`` once instead.
    public func intermediate(from start: Coordinate, to end: Coordinate, fraction: Double) -> Coordinate {
        let solution = inverse(from: start, to: end)
        return Line(geodesic: self, start: start, azimuth: solution.initialAzimuth)
            .position(at: fraction * solution.distance).coordinate
    }

    /// A geodesic through a point with a given azimuth, with its series set up once so that
    /// positions along it cost one evaluation each (GeographicLib's `GeodesicLine`).
    public struct Line: Sendable, Hashable {
        /// The start point.
        public let start: Coordinate
        /// The azimuth at the start, degrees in [-180, 180].
        public let azimuth: Double

        let b: Double
        let f: Double
        let f1: Double
        let salp0: Double
        let calp0: Double
        let ssig1: Double
        let csig1: Double
        let somg1: Double
        let comg1: Double
        let k2: Double
        let a1m1: Double
        let c1a: SIMD8<Double>
        let c1pa: SIMD8<Double>
        let c3a: SIMD8<Double>
        let a3c: Double
        let b11: Double
        let b31: Double
        let stau1: Double
        let ctau1: Double

        /// The geodesic leaving `start` with `azimuth` (degrees clockwise from north) on `geodesic`.
        public init(geodesic: Geodesic, start: Coordinate, azimuth: Double) {
            self.start = start
            self.azimuth = GeoMath.angNormalize(azimuth)
            b = geodesic.b
            f = geodesic.flattening
            f1 = geodesic.f1
            let (salp1, calp1) = GeoMath.sincosd(GeoMath.angRound(azimuth))
            var (sbet1, cbet1) = GeoMath.sincosd(GeoMath.angRound(GeoMath.latFix(start.latitude)))
            sbet1 *= f1
            (sbet1, cbet1) = GeoMath.norm(sbet1, cbet1)
            cbet1 = max(GeoMath.tiny, cbet1)

            salp0 = salp1 * cbet1
            calp0 = GeoMath.hypot(calp1, salp1 * sbet1)
            somg1 = salp0 * sbet1
            let c = sbet1 != 0 || calp1 != 0 ? cbet1 * calp1 : 1
            comg1 = c
            (ssig1, csig1) = GeoMath.norm(sbet1, c)

            k2 = calp0 * calp0 * geodesic.ep2
            let eps = k2 / (2 * (1 + (1 + k2).squareRoot()) + k2)
            a1m1 = Geodesic.a1m1(eps)
            c1a = Geodesic.c1(eps)
            b11 = Geodesic.sinSeries(ssig1, csig1, c1a, count: 6)
            let s = GeoMath.sin(b11)
            let co = GeoMath.cos(b11)
            stau1 = ssig1 * co + csig1 * s
            ctau1 = csig1 * co - ssig1 * s
            c1pa = Geodesic.c1p(eps)
            c3a = geodesic.c3(eps)
            a3c = -f * salp0 * geodesic.a3(eps)
            b31 = Geodesic.sinSeries(ssig1, csig1, c3a, count: 5)
        }

        /// The point `distance` metres along the line (negative: backwards).
        public func position(at distance: Double) -> DirectSolution {
            var tau12 = distance / (b * (1 + a1m1))
            if !tau12.isFinite { tau12 = .nan }
            let s = GeoMath.sin(tau12)
            let c = GeoMath.cos(tau12)
            var b12 = -Geodesic.sinSeries(stau1 * c + ctau1 * s, ctau1 * c - stau1 * s, c1pa, count: 6)
            var sig12 = tau12 - (b12 - b11)
            var ssig12 = GeoMath.sin(sig12)
            var csig12 = GeoMath.cos(sig12)
            if Swift.abs(f) > 0.01 {
                // The reverted series loses accuracy for |f| > 1/100: one Newton step on σ₁₂.
                let ssig2 = ssig1 * csig12 + csig1 * ssig12
                let csig2 = csig1 * csig12 - ssig1 * ssig12
                b12 = Geodesic.sinSeries(ssig2, csig2, c1a, count: 6)
                let serr = (1 + a1m1) * (sig12 + (b12 - b11)) - distance / b
                sig12 -= serr / (1 + k2 * ssig2 * ssig2).squareRoot()
                ssig12 = GeoMath.sin(sig12)
                csig12 = GeoMath.cos(sig12)
            }
            let ssig2 = ssig1 * csig12 + csig1 * ssig12
            var csig2 = csig1 * csig12 - ssig1 * ssig12
            let sbet2 = calp0 * ssig2
            var cbet2 = GeoMath.hypot(salp0, calp0 * csig2)
            if cbet2 == 0 {
                cbet2 = GeoMath.tiny
                csig2 = GeoMath.tiny
            }
            let salp2 = salp0
            let calp2 = calp0 * csig2
            let somg2 = salp0 * ssig2
            let comg2 = csig2
            let omg12 = GeoMath.atan2(somg2 * comg1 - comg2 * somg1, comg2 * comg1 + somg2 * somg1)
            let lam12 = omg12 + a3c * (sig12 + (Geodesic.sinSeries(ssig2, csig2, c3a, count: 5) - b31))
            let lon12 = lam12 / GeoMath.degree
            let lon2 = GeoMath.angNormalize(GeoMath.angNormalize(start.longitude) + GeoMath.angNormalize(lon12))
            let lat2 = GeoMath.atan2d(sbet2, f1 * cbet2)
            return DirectSolution(
                coordinate: Coordinate(latitude: lat2, longitude: lon2),
                finalAzimuth: GeoMath.atan2d(salp2, calp2),
                arcLength: sig12 / GeoMath.degree)
        }
    }
}
