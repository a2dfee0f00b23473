import LocSim
import WeatherAlertsApp

/// The app's push logic as a locsim service, in place of the built-in push controller: for each
/// `ADVISORY_AVAILABLE` it posts `APP_NOTIFICATION` {title, body, sound, threadIdentifier} with
/// the app's own text.
struct AppPushService: AppService {
    static let notification: NotificationName = "APP_NOTIFICATION"

    var name: String { "app-push" }
    var observedNotifications: [NotificationName] { [.advisoryAvailable] }

    func handle(_ notification: BusNotification, context: ServiceContext) async throws {
        let info = notification.userInfo
        let alert = WeatherAlert(
            id: info["id"] ?? "", title: info["name"] ?? "", code: info["type"], text: info["body"] ?? "",
            expires: info["expires"])
        let place = info["location"] ?? ""
        context.post(
            Self.notification,
            [
                "title": AlertNotificationText.title(for: alert),
                "body": AlertNotificationText.body(for: alert, place: place),
                "sound": "alert.caf", "threadIdentifier": place,
            ])
    }
}
