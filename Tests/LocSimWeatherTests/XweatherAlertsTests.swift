import LocSimAppServices
import LocSimHTTPRecording
import LocSimTesting
import Testing

@testable import LocSimWeather

struct XweatherAlertsTests {
    static let galveston = WeatherPlace(
        city: "Texas City", state: "TX", country: "United States", isoCountryCode: "US", latitude: 29.339442,
        longitude: -94.870305)
    static let two = #"""
        {"success":true,"error":null,"response":[
          {"id":"a1","details":{"type":"RP.S","name":"RIP CURRENT STATEMENT","loc":"TXZ338","emergency":false,"priority":105,"body":"Rip currents."},
           "timestamps":{"issuedISO":"2024-05-14T03:52:00-05:00","beginsISO":"2024-05-14T03:52:00-05:00","expiresISO":"2024-05-14T19:00:00-05:00"}},
          {"id":"a2","details":{"type":"CF.Y","name":"COASTAL FLOOD ADVISORY","loc":"TXZ338","emergency":false,"priority":"63","body":"Inundation."},
           "timestamps":{"expiresISO":"2024-05-14T19:00:00-05:00"}}]}
        """#

    @Test func requestsByPlaceAndByClosestPoint() throws {
        let place = XweatherAlerts(client: ScriptedHTTPClient(), credentials: .placeholders)
        #expect(
            place.request(for: Self.galveston)?.url
                == "https://data.api.xweather.com/alerts/texas%20city,tx,us?client_id=%3CXWEATHER_CLIENT_ID%3E&client_secret=%3CXWEATHER_CLIENT_SECRET%3E"
        )
        let closest = XweatherAlerts(client: ScriptedHTTPClient(), credentials: .placeholders, query: .closest)
        #expect(
            closest.request(for: Self.galveston)?.url
                == "https://data.api.xweather.com/alerts/closest?p=29.3394,-94.8703&client_id=%3CXWEATHER_CLIENT_ID%3E&client_secret=%3CXWEATHER_CLIENT_SECRET%3E"
        )
        #expect(closest.request(for: WeatherPlace(city: "Nowhere", state: "", country: "")) == nil)
    }

    @Test func readsDetailsPriorityAndTimestamps() throws {
        let advisories = try XweatherAlerts.parse(jsonResponse(Self.two))
        #expect(advisories.map(\.name) == ["RIP CURRENT STATEMENT", "COASTAL FLOOD ADVISORY"])
        #expect(advisories.map(\.priority) == [105, 63])
        let info = advisories[0].userInfo(location: "Galveston, TX")
        #expect(info["provider"] == "xweather")
        #expect(info["type"] == "RP.S")
        #expect(info["zone"] == "TXZ338")
        #expect(info["priority"] == "105")
        #expect(info["issued"] == "2024-05-14T03:52:00-05:00")
        #expect(info["begins"] == "2024-05-14T03:52:00-05:00")
        #expect(info["expires"] == "2024-05-14T19:00:00-05:00")
        #expect(info["emergency"] == "false")
    }

    /// `most-severe` takes the lowest priority number; an emergency beats any priority.
    @Test func mostSevereRanksByPriority() throws {
        let advisories = try XweatherAlerts.parse(jsonResponse(Self.two))
        #expect(AdvisorySelection.mostSevere.select(advisories).map(\.id) == ["a2"])
        #expect(AdvisorySelection.mostSevere.select(advisories.reversed()).map(\.id) == ["a2"])
        var urgent = advisories[0]
        urgent.emergency = true
        #expect(AdvisorySelection.mostSevere.select([urgent, advisories[1]]).map(\.id) == ["a1"])
    }

    @Test(arguments: [
        (
            #"{"success":false,"error":{"code":"maxhits_min","description":"Too many."},"response":[]}"#, 200,
            "maxhits_min"
        ),
        (
            #"{"success":false,"error":{"code":"invalid_client","description":"Bad client."},"response":[]}"#, 401,
            "invalid_client"
        ),
        (#"{"success":true,"error":null,"response":[{"id":"x","details":{"type":"CF.Y","name":"COAS"#, 200, "bad_json"),
        (#"<html>Bad gateway</html>"#, 502, "http_502"),
        (#"{"success":true,"response":"nope"}"#, 200, "bad_shape"),
    ])
    func failuresAreProviderErrors(body: String, status: Int, code: String) {
        #expect {
            try XweatherAlerts.parse(jsonResponse(body, status: status))
        } throws: { error in
            (error as? ProviderFailure)?.code == code && (error as? ProviderFailure)?.provider == "xweather"
        }
    }

    @Test func warnNoDataIsNoAlerts() throws {
        let body = #"{"success":true,"error":{"code":"warn_no_data","description":"No results."},"response":[]}"#
        #expect(try XweatherAlerts.parse(jsonResponse(body)).isEmpty)
    }
}
