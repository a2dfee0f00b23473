public import Foundation
public import LocSimLocationCore

/// A loaded gazetteer: GeoNames cities1000 places in a k-d tree, read in place from the data file
/// (see ``GazetteerFile``). Immutable and `Sendable`; lookups from many threads at once need no
/// lock. Names are decoded from the string table only when a place is returned.
///
/// A place's index is its slot in the file (its position in the tree). The file's references
/// are checked when followed: one that points outside its table makes the answer nil.
public final class Gazetteer: Sendable {
    private let file: GazetteerFile
    private let tree: KDTree
    /// The file's path or the name given with its bytes, for messages.
    public let name: String

    /// Maps the gazetteer file at `url` read-only (or reads it, when it cannot be mapped) and
    /// checks its header. No other page of the file is read until a lookup needs it.
    public convenience init(contentsOf url: URL) throws(GazetteerError) {
        let bytes: GazetteerBytes
        do {
            bytes = try GazetteerFileReader.open(path: url.path)
        } catch {
            throw GazetteerError("\(url.path): cannot read gazetteer: \(error.message)")
        }
        try self.init(bytes: bytes, name: url.path)
    }

    /// A gazetteer over a copy of `bytes` (a whole data file); `name` appears in error messages.
    public convenience init(bytes: [UInt8], name: String) throws(GazetteerError) {
        try self.init(bytes: GazetteerBytes(copying: bytes), name: name)
    }

    init(bytes: GazetteerBytes, name: String) throws(GazetteerError) {
        file = try GazetteerFile(bytes: bytes, name: name)
        tree = KDTree(file: file)
        self.name = name
    }

    /// Source and licence of the data ("GeoNames cities1000 (CC BY 4.0, geonames.org) via …");
    /// empty when the file's reference to it is bad.
    public var attribution: String {
        ((try? file.string(file.attributionRef)) ?? nil) ?? ""
    }

    /// Number of places.
    public var count: Int { file.placeCount }

    /// The place with index `index` (0..<count), names decoded; nil when `index` is out of range
    /// or the file's references for it are bad.
    public func place(at index: Int) -> GazetteerPlace? {
        guard index >= 0, index < count else { return nil }
        do throws(GazetteerFile.Corrupt) {
            let region = file.region(index)
            let country = try file.regionCountry(region)
            guard let name = try file.string(file.nameRef(index)) else { return nil }
            return GazetteerPlace(
                name: name, administrativeArea: try file.regionAdmin1(region),
                subAdministrativeArea: try file.regionAdmin2(region), country: try file.countryName(country),
                isoCountryCode: try file.countryCode(country),
                coordinate: Coordinate(
                    latitude: Double(file.latitudeE5(index)) / 1e5, longitude: Double(file.longitudeE5(index)) / 1e5),
                population: file.population(index))
        } catch {
            return nil
        }
    }

    /// The nearest place to `coordinate` and its distance in metres (great-circle on the mean
    /// sphere); nil when the coordinate is not valid.
    public func nearest(to coordinate: Coordinate) -> (index: Int, distance: Double)? {
        guard coordinate.isValid else { return nil }
        let q = KDTree.unitVector(latitude: coordinate.latitude, longitude: coordinate.longitude)
        guard let (slot, chord2) = tree.nearest(to: q) else { return nil }
        return (slot, Self.arcMetres(chord2: chord2))
    }

    /// Applies the ``MunicipalityRule``: the locality for `coordinate`, the section the point is
    /// answered in, the nearest place, and the distance to the nearest place; nil when the
    /// coordinate is not valid or the file's region or section references on the way are bad.
    public func match(_ coordinate: Coordinate) -> GazetteerMatch? {
        guard coordinate.isValid else { return nil }
        let q = KDTree.unitVector(latitude: coordinate.latitude, longitude: coordinate.longitude)
        guard let (nearest, chord2) = tree.nearest(to: q),
            let group = try? file.regionGroup(file.region(nearest))
        else { return nil }
        let candidate = tree.deepest(containing: q, group: group)?.slot ?? nearest
        var locality = candidate
        var section: Int?
        do {
            // A section's parent is a municipality or a borough, and a borough's parent is its city.
            if let parent = try file.sectionParent(of: candidate) {
                if let city = try file.sectionParent(of: parent) {
                    (locality, section) = (city, parent)
                } else {
                    (locality, section) = (parent, candidate)
                }
            }
        } catch {
            return nil
        }
        return GazetteerMatch(
            locality: locality, section: section, nearest: nearest, nearestDistance: Self.arcMetres(chord2: chord2))
    }

    /// The CLGeocoder-style placemark for a match: `name` and `locality` are the locality's name;
    /// `subLocality` is the section's name when the match has a section, else the nearest place's
    /// name when that is another place, and never the locality's own name. Nil when the match's
    /// indices are out of range or the file's references for them are bad.
    public func placemark(for match: GazetteerMatch) -> Placemark? {
        guard let place = place(at: match.locality), match.nearest >= 0, match.nearest < count else { return nil }
        let named = match.section ?? match.nearest
        guard named >= 0, named < count else { return nil }
        var subLocality: String?
        if named != match.locality {
            guard let name = try? file.string(file.nameRef(named)) else { return nil }
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

/// The outcome of the municipality rule for one coordinate (indices into a ``Gazetteer``).
public struct GazetteerMatch: Sendable, Hashable {
    /// The place answered as `locality`.
    public var locality: Int
    /// The section of `locality` the point lies in, answered as `subLocality` ("Kenton" in
    /// Portland, the borough "Manhattan" in New York); nil when the point's place is `locality`.
    public var section: Int?
    /// The nearest place.
    public var nearest: Int
    /// Great-circle distance to the nearest place, metres.
    public var nearestDistance: Double

    public init(locality: Int, section: Int? = nil, nearest: Int, nearestDistance: Double) {
        self.locality = locality
        self.section = section
        self.nearest = nearest
        self.nearestDistance = nearestDistance
    }
}
