// Apple platforms only, and not compiled on Linux (docs/platforms.md): locsim's map item as an
// `MKMapItem`, for an app whose seam speaks MapKit's types (iOS 26's address API).
#if canImport(MapKit)
    public import MapKit

    @available(iOS 26, macOS 26, watchOS 26, tvOS 26, visionOS 26, *)
    extension MKMapItem {
        /// An `MKMapItem` at `item`'s coordinate with its `name` and `address` (`fullAddress`,
        /// `shortAddress`). `addressRepresentations` cannot be set on an `MKMapItem`: read them
        /// from `item` itself.
        public convenience init(_ item: MapItem) {
            self.init(
                location: CLLocation(latitude: item.coordinate.latitude, longitude: item.coordinate.longitude),
                address: item.address.flatMap { MKAddress(fullAddress: $0.fullAddress, shortAddress: $0.shortAddress) })
            name = item.name
        }
    }
#endif
