import Foundation
import LocSimAppServices
import LocSimDevice
import LocSimGeocoding
import LocSimLocationCore
import LocSimReplay
import LocSimSettings
import LocSimSimulation
import LocSimSupport
import Testing

/// The built-in controller's rule written against the seams, as a user would: geocode every
/// delivered location, post `LOCATION_AVAILABLE` on success, nothing on failure.
struct EveryUpdateController: LocationControlling {
    func locationManager(
        didUpdate update: LocationUpdate, geocoder: any PlacemarkGeocoding, notificationCenter: NotificationCenter
    ) async {
        guard let location = update.location,
            let placemark = try? await geocoder.reverseGeocode(location).first
        else { return }
        notificationCenter.post(
            name: Notification.Name("LOCATION_AVAILABLE"), object: nil,
            userInfo: geocoder.locationAvailableUserInfo(for: placemark, at: location))
    }
}

/// A service that answers `LOCATION_AVAILABLE` with an advisory for the city.
struct CityAdvisoryService: AppService {
    var name: String { "city-advisory" }
    var observedNotifications: [NotificationName] { [.locationAvailable] }
    func handle(_ notification: BusNotification, context: ServiceContext) async throws {
        context.post(.advisoryAvailable, ["location": notification.userInfo["city"] ?? "", "name": "Test Advisory"])
    }
}

@Suite struct ReplayLocationControllerTests {
    static func run(_ track: URL, _ settings: ReplaySettings, app: ReplayApp) throws -> [TranscriptLine] {
        let runner = ReplayRunner(
            configuration: try settings.configuration(app: app), geocoder: OfflineGazetteer(), client: NoHTTPClient(),
            app: app)
        var lines: [TranscriptLine] = []
        _ = try runner.run(gpxPath: track.path) { lines.append($0) }
        return lines
    }

    static var cases: [(String, DistanceFilter)] {
        SeedTracks.all.map { ($0, ReplaySettings().distanceFilter) } + [("houston-new-orleans-i10.gpx", .none)]
    }

    @Test(arguments: cases)
    func theUsersControllerPostsTheBuiltInsLines(track: String, filter: DistanceFilter) throws {
        var settings = locationOnlySettings()
        settings.distanceFilter = filter
        let url = SeedTracks.url(track)
        let builtIn = try Self.run(url, settings, app: ReplayApp())
        var app = ReplayApp()
        app.locationController = EveryUpdateController()
        let user = try Self.run(url, settings, app: app)
        #expect(!builtIn.texts(.locationAvailable).isEmpty)
        #expect(user.texts(.locationAvailable) == builtIn.texts(.locationAvailable))
        #expect(user.texts(.geocodeFailed) == builtIn.texts(.geocodeFailed))
        #expect(user.texts(.location) == builtIn.texts(.location))
        // Every call the user's controller made is in the transcript, one per location here.
        #expect(user.texts(.geocode).count == user.texts(.location).count)
        if filter == .none { #expect(builtIn.texts(.geocodeFailed).count > 0) }
    }

    @Test func whatTheControllerPostsReachesTheServicesAndTheTranscript() throws {
        var app = ReplayApp(additionalServices: [CityAdvisoryService()])
        app.locationController = EveryUpdateController()
        let lines = try Self.run(SeedTracks.url("franklin-la.gpx"), locationOnlySettings(), app: app)
        let names = lines.map(\.notification.name.rawValue)
        let first = try #require(names.firstIndex(of: "LOCATION_AVAILABLE"))
        #expect(
            Array(names[(first - 2)...(first + 1)]) == [
                "location", "geocode", "LOCATION_AVAILABLE", "ADVISORY_AVAILABLE",
            ])
        #expect(lines[first + 1].notification.userInfo["location"] == lines[first].notification.userInfo["city"])
    }
}

/// Records every update it is handed.
final class RecordingController: LocationControlling {
    let updates = Locked<[LocationUpdate]>([])
    func locationManager(
        didUpdate update: LocationUpdate, geocoder: any PlacemarkGeocoding, notificationCenter: NotificationCenter
    ) async {
        updates.withLock { $0.append(update) }
    }
}

@Suite struct ReplayLocationControllerUpdatesTests {
    @Test func theControllerIsHandedTheDevicesUpdatesDeniedIncluded() async throws {
        for status in [AuthorizationStatus.authorizedAlways, .denied] {
            var settings = locationOnlySettings()
            settings.authorization = status
            settings.distanceFilter = .metres(500)
            let url = SeedTracks.url("franklin-la.gpx")
            let controller = RecordingController()
            var app = ReplayApp()
            app.locationController = controller
            _ = try ReplayLocationControllerTests.run(url, settings, app: app)
            var expected: [LocationUpdate] = []
            for await update in try SimulatedDevice(track: url, settings: settings).locationManagerUpdates {
                expected.append(update)
            }
            #expect(!expected.isEmpty)
            #expect(controller.updates.withLock { $0 } == expected)
            #expect(expected.contains { $0.authorizationDenied } == (status == .denied))
        }
    }
}
