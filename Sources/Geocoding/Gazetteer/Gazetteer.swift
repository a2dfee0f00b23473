public import Foundation
public import LocationCore

/// A loaded gazetteer: GeoNames cities1000 places with a k-d tree over them. Immutable and
/// `Sendable`; lookups from many threads at once need no lock. Names are decoded from the
/// string table only when a place is returned.
public final class Gazetteer: Sendable {
    private let file: GazetteerFile
    private let tree: KDTree
    /// For each place, the place it is a section of (see ``MunicipalityRule``), or -1.
    private let sectionParent: [Int32]

    /// Source and licence of the data ("GeoNames cities1000 (CC BY 4.0, geonames.org) via …").
    public let attribution: String

    /// Reads and indexes a gazetteer file. The file is read once into one buffer, which the
    /// gazetteer keeps; the index holds one 32-byte node per place plus a few small columns.
    public convenience init(contentsOf url: URL) throws(GazetteerError) {
        let bytes: [UInt8]
        do {
            bytes = try GazetteerFileReader.read(path: url.path)
        } catch {
            throw GazetteerError("\(url.path): cannot read gazetteer: \(error.message)")
        }
        try self.init(bytes: bytes, name: url.path)
    }

    /// Indexes gazetteer file contents; `name` appears in error messages.
    public init(bytes: [UInt8], name: String) throws(GazetteerError) {
        let file = try GazetteerFile(bytes: bytes, name: name)
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
        self.tree = KDTree(
            count: n,
            point: { place in
                KDTree.unitVector(
                    latitude: Double(file.latitudeE5(place)) / 1e5, longitude: Double(file.longitudeE5(place)) / 1e5)
            },
            radius: { MunicipalityRule.radius(population: file.population($0)) / MunicipalityRule.earthRadius },
            group: { groupOfRegion[file.region($0)] })
        self.file = file
        self.sectionParent = parent
        self.attribution = file.string(file.attributionRef) ?? ""
    }

    /// Number of places.
    public var count: Int { file.placeCount }

    /// The place with index `index` (0..<count), names decoded.
    public func place(at index: Int) -> GazetteerPlace {
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

    /// The nearest place to `coordinate` and its distance in metres (great-circle on the mean
    /// sphere); nil when the coordinate is not valid.
    public func nearest(to coordinate: Coordinate) -> (index: Int, distance: Double)? {
        guard coordinate.isValid else { return nil }
        let q = KDTree.unitVector(latitude: coordinate.latitude, longitude: coordinate.longitude)
        guard let (item, chord2) = tree.nearest(to: q) else { return nil }
        return (item, Self.arcMetres(chord2: chord2))
    }

    /// Applies the ``MunicipalityRule``: the locality for `coordinate`, the nearest place, and the
    /// distance to the nearest place; nil when the coordinate is not valid.
    public func match(_ coordinate: Coordinate) -> GazetteerMatch? {
        guard coordinate.isValid else { return nil }
        let q = KDTree.unitVector(latitude: coordinate.latitude, longitude: coordinate.longitude)
        guard let (nearest, chord2) = tree.nearest(to: q) else { return nil }
        let group = tree.group(ofItem: nearest)
        var locality = tree.deepest(containing: q, group: group)?.item ?? nearest
        if sectionParent[locality] >= 0 { locality = Int(sectionParent[locality]) }
        return GazetteerMatch(locality: locality, nearest: nearest, nearestDistance: Self.arcMetres(chord2: chord2))
    }

    /// The CLGeocoder-style placemark for a match: `name` and `locality` are the locality's name,
    /// `subLocality` the nearest place's name when that is another place with another name.
    public func placemark(for match: GazetteerMatch) -> Placemark {
        let place = place(at: match.locality)
        var subLocality: String?
        if match.nearest != match.locality {
            let nearestName = file.string(file.nameRef(match.nearest))
            if nearestName != place.name { subLocality = nearestName }
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

/// The outcome of the municipality rule for one coordinate (indices into a ``Gazetteer``).
public struct GazetteerMatch: Sendable, Hashable {
    /// The place answered as `locality`.
    public var locality: Int
    /// The nearest place.
    public var nearest: Int
    /// Great-circle distance to the nearest place, metres.
    public var nearestDistance: Double

    public init(locality: Int, nearest: Int, nearestDistance: Double) {
        self.locality = locality
        self.nearest = nearest
        self.nearestDistance = nearestDistance
    }
}
