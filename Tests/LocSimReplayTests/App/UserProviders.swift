import Dispatch
import LocSimAppServices
import LocSimHTTPRecording
import LocSimPluginOptions
import LocSimSimulation
import LocSimSupport
import LocSimWeather

/// Providers and services written the way app code is: async, awaiting more than once, over an
/// actor and a callback resumed on another thread.
actor AdvisoryCache {
    private var seen: [String: Int] = [:]

    func count(_ city: String) -> Int {
        seen[city, default: 0] += 1
        return seen[city]!
    }
}

/// Awaits an actor, a `Task.yield`, a continuation resumed from a dispatch queue and the run's
/// HTTP client, then reports one advisory per place.
struct AwaitingProvider: WeatherProvider {
    let cache = AdvisoryCache()
    var name: ProviderName { "awaiting" }
    var endpoints: [EndpointDeclaration] { [.init(key: "awaiting", defaultBaseURL: "https://alerts.example.com")] }
    var secrets: [SecretDeclaration] { [.init(variable: "AWAITING_KEY", queryParameters: ["key"])] }

    func events(for place: WeatherPlace, context: ServiceContext) async throws -> [WeatherEvent] {
        let visit = await cache.count(place.city)
        await Task.yield()
        let echoed: String = await withCheckedContinuation { continuation in
            DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(Int.random(in: 0...3))) {
                continuation.resume(returning: place.city)
            }
        }
        let url = context.baseURL("awaiting") + "/alerts?city=\(echoed)&key=\(context.credentials["AWAITING_KEY"])"
        let response = try await context.http.response(for: HTTPRequest(url: url))
        await Task.yield()
        let text = String(decoding: response.body, as: UTF8.self)
        return [.advisories([Advisory(provider: name, id: "\(echoed)-\(visit)", name: text, body: "visit \(visit)")])]
    }
}

/// A second provider that answers from a detached task.
struct DetachedProvider: WeatherProvider {
    var name: ProviderName { "detached" }

    func events(for place: WeatherPlace, context: ServiceContext) async throws -> [WeatherEvent] {
        let label = await Task.detached { "conditions at \(place.label)" }.value
        return [.notification(BusNotification(name: "MY_CONDITIONS", userInfo: ["summary": label]))]
    }
}

/// Fails in a way a provider can: with its own code, or with any error.
struct ThrowingProvider: WeatherProvider {
    struct Oops: Error {}
    var name: ProviderName { "throwing" }
    var typed: Bool

    func events(for place: WeatherPlace, context: ServiceContext) async throws -> [WeatherEvent] {
        if typed { throw ProviderFailure(provider: name.rawValue, code: "quota", message: "over quota") }
        throw Oops()
    }
}

/// Never answers.
struct HangingProvider: WeatherProvider {
    var name: ProviderName { "hanging" }

    func events(for place: WeatherPlace, context: ServiceContext) async throws -> [WeatherEvent] {
        try await Task.sleep(nanoseconds: 3_600_000_000_000)
        return []
    }
}

/// Answers after a virtual latency.
struct SlowProvider: WeatherProvider {
    var name: ProviderName { "slow" }
    var latency: Duration { .milliseconds(2500) }

    func events(for place: WeatherPlace, context: ServiceContext) async throws -> [WeatherEvent] {
        [.advisories([Advisory(provider: name, name: "Late Advisory", body: "")])]
    }
}

/// A user's push logic: its own notification for each advisory.
struct MyPushLogic: AppService {
    var name: String { "my-push" }
    var observedNotifications: [NotificationName] { [.advisoryAvailable] }

    func handle(_ notification: BusNotification, context: ServiceContext) async throws {
        await Task.yield()
        context.post("MY_PUSH", ["text": "Heads up: \(notification.userInfo["name"] ?? "")", "at": "\(context.now)"])
    }
}

/// Posts a value that is not a string.
struct SloppyService: AppService {
    var name: String { "sloppy" }
    var observedNotifications: [NotificationName] { [.locationAvailable] }

    func handle(_ notification: BusNotification, context: ServiceContext) async throws {
        try context.post("SLOPPY", values: ["count": 3, "city": notification.userInfo["city"] ?? ""])
    }
}
