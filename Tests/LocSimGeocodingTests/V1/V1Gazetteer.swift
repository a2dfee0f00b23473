import Foundation
import LocSimLocationCore

@testable import LocSimGeocoding

/// The gazetteer as it was with data file version 1, frozen as the reference the version-2
/// gazetteer must answer exactly like: the file read into memory, a k-d tree built at load.
/// Indices are positions in the version-1 file (version 2 calls them ranks).
final class V1Gazetteer: Sendable {
    private let file: V1GazetteerFile
    private let tree: V1KDTree
    /// For each place, the place it is a section of (see ``MunicipalityRule``), or -1.
    private let sectionParent: [Int32]

    init(bytes: [UInt8], name: String) throws(GazetteerError) {
        let file = try V1GazetteerFile(bytes: bytes, name: name)
        let n = file.placeCount
        var groupOfRegion = [UInt32](repeating: 0, count: file.regionCount)
        var groupIDs: [UInt64: UInt32] = [:]
        for region in 0..<file.regionCount {
            let key = UInt64(file.regionCountry(region)) << 32 | UInt64(file.regionAdmin1Ref(region))
            if let id = groupIDs[key] {
                groupOfRegion[region] = id
            } else {
                let id = UInt32(groupIDs.count)
                groupIDs[key] = id
                groupOfRegion[region] = id
            }
        }
        var parent = [Int32](repeating: -1, count: n)
        for s in 0..<file.sectionCount {
            let (child, root) = file.section(s)
            parent[child] = Int32(root)
        }
        self.tree = V1KDTree(
            count: n,
            point: { place in
                V1KDTree.unitVector(
                    latitude: Double(file.latitudeE5(place)) / 1e5, longitude: Double(file.longitudeE5(place)) / 1e5)
            },
            radius: { MunicipalityRule.radius(population: file.population($0)) / MunicipalityRule.earthRadius },
            group: { groupOfRegion[file.region($0)] })
        self.file = file
        self.sectionParent = parent
    }

    var count: Int { file.placeCount }

    /// The place with index `index` (0..<count), names decoded.
    func place(at index: Int) -> GazetteerPlace {
        let region = file.region(index)
        let country = file.regionCountry(region)
        return GazetteerPlace(
            name: file.string(file.nameRef(index)) ?? "",
            administrativeArea: file.string(file.regionAdmin1Ref(region)),
            subAdministrativeArea: file.string(file.regionAdmin2Ref(region)),
            country: file.string(file.countryNameRef(country)) ?? "",
            isoCountryCode: file.countryCode(country),
            coordinate: Coordinate(
                latitude: Double(file.latitudeE5(index)) / 1e5, longitude: Double(file.longitudeE5(index)) / 1e5),
            population: file.population(index))
    }

    /// The municipality rule, as version 1 applied it (indices are version-1 positions).
    func match(_ coordinate: Coordinate) -> GazetteerMatch? {
        guard coordinate.isValid else { return nil }
        let q = V1KDTree.unitVector(latitude: coordinate.latitude, longitude: coordinate.longitude)
        guard let (nearest, chord2) = tree.nearest(to: q) else { return nil }
        let group = tree.group(ofItem: nearest)
        let candidate = tree.deepest(containing: q, group: group)?.item ?? nearest
        var locality = candidate
        var section: Int?
        // The rule as it stands (issue 17): a borough between a section and its city is the section.
        if sectionParent[candidate] >= 0 {
            let parent = Int(sectionParent[candidate])
            (locality, section) =
                sectionParent[parent] >= 0 ? (Int(sectionParent[parent]), parent) : (parent, candidate)
        }
        return GazetteerMatch(
            locality: locality, section: section, nearest: nearest, nearestDistance: Self.arcMetres(chord2: chord2))
    }

    /// The placemark for a match, as version 1 built it.
    func placemark(for match: GazetteerMatch) -> Placemark {
        let place = place(at: match.locality)
        var subLocality: String?
        let named = match.section ?? match.nearest
        if named != match.locality {
            let name = file.string(file.nameRef(named))
            if name != place.name { subLocality = name }
        }
        return Placemark(
            name: place.name, locality: place.name, subLocality: subLocality,
            administrativeArea: place.administrativeArea, subAdministrativeArea: place.subAdministrativeArea,
            country: place.country, isoCountryCode: place.isoCountryCode)
    }

    private static func arcMetres(chord2: Double) -> Double {
        2 * asin(min(1, chord2.squareRoot() / 2)) * MunicipalityRule.earthRadius
    }
}
