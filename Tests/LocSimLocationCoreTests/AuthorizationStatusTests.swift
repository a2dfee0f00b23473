import LocSimLocationCore
import Testing

@Suite struct AuthorizationStatusTests {
    @Test(arguments: [
        ("not-determined", AuthorizationStatus.notDetermined, 0, "notDetermined", false),
        ("restricted", .restricted, 1, "restricted", false),
        ("denied", .denied, 2, "denied", false),
        ("always", .authorizedAlways, 3, "authorizedAlways", true),
        ("when-in-use", .authorizedWhenInUse, 4, "authorizedWhenInUse", true),
    ])
    func followsCLAuthorizationStatus(
        argument: String, status: AuthorizationStatus, code: Int, name: String, authorized: Bool
    ) {
        #expect(AuthorizationStatus(argument: argument) == status)
        #expect(status.rawValue == code)
        #expect(status.name == name)
        #expect(status.argument == argument)
        #expect(status.isAuthorized == authorized)
    }

    @Test func rejectsUnknownNamesAndDefaultsToAlways() {
        #expect(AuthorizationStatus(argument: "authorizedAlways") == nil)
        #expect(AuthorizationStatus(argument: "") == nil)
        #expect(AuthorizationStatus.default == .authorizedAlways)
    }
}
