import LocSimGeocoding
import LocSimPush
import LocSimWeather

extension ReplayApp {
    /// Whether this is the app the stock `locsim` runs: the built-in providers, geocoders and
    /// push sinks (same names, same types) and none of its services replaced or added. Only then
    /// can `locsim record` record what a scenario of this app requests.
    package var isBuiltIn: Bool {
        let stock = ReplayApp()
        return weatherService == nil && pushService == nil && additionalServices.isEmpty && locationController == nil
            && Self.same(providers.names, stock.providers.names, { providers[$0] }, { stock.providers[$0] })
            && Self.same(geocoders.names, stock.geocoders.names, { geocoders[$0] }, { stock.geocoders[$0] })
            && Self.same(pushSinks.names, stock.pushSinks.names, { pushSinks[$0] }, { stock.pushSinks[$0] })
    }

    /// Whether two registries hold the same names, each with a plug-in of the same type.
    private static func same<Name: Equatable>(
        _ names: [Name], _ stock: [Name], _ plugin: (Name) -> Any?, _ stockPlugin: (Name) -> Any?
    ) -> Bool {
        names == stock
            && names.allSatisfy { name in
                plugin(name).map { ObjectIdentifier(type(of: $0)) }
                    == stockPlugin(name).map { ObjectIdentifier(type(of: $0)) }
            }
    }
}
