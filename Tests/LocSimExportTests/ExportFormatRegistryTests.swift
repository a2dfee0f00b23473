import LocSimExport
import LocSimLocationCore
import LocSimSupport
import Testing

@Suite struct ExportFormatRegistryTests {
    /// A user's own format.
    struct CSVFormat: ExportFormat {
        var name: String { "csv" }
        var summary: String { "t,lat,lon" }
        func export(_ input: ExportInput, options: ExportOptions) throws(ExportError) -> [ExportFile] {
            [ExportFile(name: input.name + ".csv", text: input.rawFixes.map { "\($0.t)" }.joined(separator: "\n"))]
        }
    }

    @Test func theBuiltInsAreRegisteredByName() {
        let registry = ExportFormatRegistry.builtIn
        #expect(registry.names == ["xcode-gpx", "simctl", "apns", "geojson", "android-gpx", "devicectl"])
        #expect(registry.format(named: "geojson")?.name == "geojson")
        #expect(registry.format(named: "kml") == nil)
        #expect(registry.format(named: "apns")?.writesSeveralFiles == true)
        #expect(registry.format(named: "simctl")?.writesSeveralFiles == false)
    }

    @Test func aUserRegistersTheirOwnOrReplacesABuiltIn() {
        var registry = ExportFormatRegistry.builtIn
        registry.register(CSVFormat())
        #expect(registry.names.last == "csv")
        #expect(registry.format(named: "csv")?.summary == "t,lat,lon")
        registry.register(ExportFormatRegistry.builtIn.format(named: "simctl")!)
        #expect(registry.names.count == 7)
    }

    @Test func devicectlNeedsADevice() {
        #expect(throws: ExportError.self) { try DevicectlScriptFormat().validate(ExportOptions()) }
        #expect(throws: Never.self) { try DevicectlScriptFormat().validate(ExportOptions(device: "00008110-0001")) }
    }

    @Test func apnsNeedsABundleID() {
        #expect(throws: ExportError.self) { try APNsFormat().validate(ExportOptions()) }
        #expect(throws: Never.self) { try APNsFormat().validate(ExportOptions(bundleID: "com.example.app")) }
    }
}
