import LocSimHTTPRecording
import LocSimReplay
import Testing

/// Every secret the issue-18 providers and the APNs endpoint send is kept out of recordings.
struct NewSecretsRedactionTests {
    static let environment = [
        "XWEATHER_CLIENT_ID": "xw-id-123456", "XWEATHER_CLIENT_SECRET": "xw-secret-654321",
        "WEATHERKIT_TOKEN": "eyJraWQiOiJXSyJ9.payload.sig", "APNS_AUTH_TOKEN": "eyJhbGciOiJFUzI1NiJ9.apns.sig",
        "APNS_DEVICE_TOKEN": "a1b2c3d4e5f60718a1b2c3d4e5f60718",
    ]
    let redactor = Redactor(declarations: ReplayApp().secrets, environment: environment)

    @Test func xweatherCredentialsInTheQuery() {
        let request = HTTPRequest(
            url:
                "https://data.api.xweather.com/alerts/closest?p=29.3,-94.8&client_id=xw-id-123456&client_secret=xw-secret-654321"
        )
        #expect(
            redactor.redact(request).url
                == "https://data.api.xweather.com/alerts/closest?p=29.3,-94.8&client_id=<XWEATHER_CLIENT_ID>&client_secret=<XWEATHER_CLIENT_SECRET>"
        )
    }

    @Test func bearerTokensAndTheDeviceTokenInThePath() {
        let weatherKit = HTTPRequest(
            url: "https://weatherkit.apple.com/api/v1/weather/en/29.7/-95.3?dataSets=weatherAlerts&country=US",
            headers: ["Authorization": "Bearer eyJraWQiOiJXSyJ9.payload.sig"])
        #expect(redactor.redact(weatherKit).headers["Authorization"] == "<WEATHERKIT_TOKEN>")
        let apns = HTTPRequest(
            method: "POST", url: "https://api.sandbox.push.apple.com/3/device/a1b2c3d4e5f60718a1b2c3d4e5f60718",
            headers: [
                "authorization": "bearer eyJhbGciOiJFUzI1NiJ9.apns.sig", "apns-topic": "com.example.weatheralert",
            ])
        let redacted = redactor.redact(apns)
        #expect(redacted.url == "https://api.sandbox.push.apple.com/3/device/<APNS_DEVICE_TOKEN>")
        // The value never survives, and the placeholder is the declaration for this host: WeatherKit
        // also declares `Authorization`, for its own host.
        #expect(redacted.headers["authorization"]?.contains("eyJ") == false)
        #expect(redacted.headers["authorization"] == "<APNS_AUTH_TOKEN>")
        #expect(redacted.headers["apns-topic"] == "com.example.weatheralert")
        let text = redacted.url + " " + redacted.headers.values.sorted().joined(separator: " ")
        #expect(redactor.leaks(inText: text).isEmpty)
        #expect(!redactor.leaks(inText: apns.url).isEmpty)
    }
}
