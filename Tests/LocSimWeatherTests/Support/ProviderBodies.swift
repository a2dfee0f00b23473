// Provider answers written for these tests in the documented shapes (field names, types and
// envelopes of the payloads in the shared provider samples). The weather content is invented
// but realistic; none of it was captured from a live service.

enum AerisBodies {
    /// Franklin, LA: one coastal flood advisory, in the shape of the Aeris SDK's alerts fixture.
    static let franklinCoastalFlood = """
        {
          "success": true,
          "error": null,
          "response": [
            {
              "id": "5f0c1a8e2b7d4c91a3e6f0d2b8c4e7a1",
              "loc": {"long": -91.5016, "lat": 29.7966},
              "details": {
                "type": "CF.Y",
                "name": "COASTAL FLOOD ADVISORY",
                "loc": "LAZ052",
                "emergency": false,
                "color": "7CFC00",
                "cat": "flood",
                "body": "...COASTAL FLOOD ADVISORY IN EFFECT UNTIL 7 PM CDT THIS EVENING...\\n\\n* WHAT...Minor coastal flooding. Water levels 1 to 2 feet above ground level in low-lying areas near the coast.\\n\\n* WHERE...St. Mary Parish.",
                "bodyFull": "WHUS44 KLIX 111402\\nCFWLIX\\n\\nCOASTAL HAZARD MESSAGE\\nNATIONAL WEATHER SERVICE NEW ORLEANS LA"
              },
              "timestamps": {
                "issued": 1726063320, "issuedISO": "2024-09-11T09:02:00-05:00",
                "begins": 1726063320, "beginsISO": "2024-09-11T09:02:00-05:00",
                "expires": 1726099200, "expiresISO": "2024-09-11T19:00:00-05:00",
                "added": 1726063500, "addedISO": "2024-09-11T09:05:00-05:00"
              },
              "poly": "",
              "geoPoly": null,
              "includes": {"counties": [], "fips": ["22101"], "wxzones": ["LAZ052"], "zipcodes": [70538, 70522]},
              "place": {"name": "franklin", "state": "la", "country": "us"},
              "profile": {"tz": "America/Chicago"},
              "active": true
            }
          ]
        }
        """

    /// Buffalo, NY: a warning, an advisory and a statement, in that order.
    static let buffaloThree = """
        {"success":true,"error":null,"response":[
          {"id":"b1","details":{"type":"LE.W","name":"LAKE EFFECT SNOW WARNING","loc":"NYZ010","emergency":false,
            "body":"...LAKE EFFECT SNOW WARNING IN EFFECT UNTIL 1 AM EST SUNDAY...\\n\\n* WHAT...Lake effect snow. Additional snow accumulations of 2 to 3 feet in the most persistent bands."},
           "timestamps":{"expiresISO":"2024-11-30T01:00:00-05:00","expires":1732946400},
           "place":{"name":"buffalo","state":"ny","country":"us"}},
          {"id":"b2","details":{"type":"WI.Y","name":"WIND ADVISORY","loc":"NYZ010","emergency":false,
            "body":"...WIND ADVISORY IN EFFECT UNTIL 7 PM EST THIS EVENING..."},
           "timestamps":{"expiresISO":"2024-11-29T19:00:00-05:00"},
           "place":{"name":"buffalo","state":"ny","country":"us"}},
          {"id":"b3","details":{"type":"SP.S","name":"SPECIAL WEATHER STATEMENT","loc":"NYZ010","emergency":false,
            "body":"Travel will be difficult to impossible in the heaviest bands."},
           "timestamps":{"expiresISO":"2024-11-29T18:00:00-05:00"},
           "place":{"name":"buffalo","state":"ny","country":"us"}}
        ]}
        """

    /// A single-object `response` (the shape of an `:id` action).
    static let singleObject = """
        {"success":true,"error":null,"response":{"id":"o1","details":{"type":"FF.W","name":"FLASH FLOOD WARNING","body":"Flash flooding is ongoing."},"timestamps":{"expiresISO":"2024-09-12T03:00:00-05:00"}}}
        """

    static let warnNoData = """
        {
                "success": true,
                "error": {
                    "code": "warn_no_data",
                    "description": "Valid request. No results available based on your query parameters."
                },
                "response": []
            }
        """

    static let invalidLocation = """
        {"success":false,"error":{"code":"invalid_location","description":"The requested location was not found."},"response":[]}
        """

    static let invalidClient = """
        {"success":false,"error":{"code":"invalid_client","description":"The client provided is invalid."},"response":[]}
        """

    static let maxHitsMinute = """
        {"success":false,"error":{"code":"maxhits_min","description":"Maximum number of queries per minute exceeded."},"response":[]}
        """
}

enum NWSBodies {
    /// Franklin, LA: a coastal flood advisory (current NWS API shape, urn:oid ids).
    static let franklinCoastalFlood = """
        {
            "@context": ["https://geojson.org/geojson-ld/geojson-context.jsonld", {"@version": "1.1", "wx": "https://api.weather.gov/ontology#", "@vocab": "https://api.weather.gov/ontology#"}],
            "type": "FeatureCollection",
            "features": [
                {
                    "id": "https://api.weather.gov/alerts/urn:oid:2.49.0.1.840.0.4f2e1c9a7b3d5e8f.001.1",
                    "type": "Feature",
                    "geometry": null,
                    "properties": {
                        "@id": "https://api.weather.gov/alerts/urn:oid:2.49.0.1.840.0.4f2e1c9a7b3d5e8f.001.1",
                        "@type": "wx:Alert",
                        "id": "urn:oid:2.49.0.1.840.0.4f2e1c9a7b3d5e8f.001.1",
                        "areaDesc": "St. Mary",
                        "geocode": {"SAME": ["022101"], "UGC": ["LAZ052"]},
                        "affectedZones": ["https://api.weather.gov/zones/forecast/LAZ052"],
                        "references": [],
                        "sent": "2024-09-11T09:02:00-05:00",
                        "effective": "2024-09-11T09:02:00-05:00",
                        "onset": "2024-09-11T09:02:00-05:00",
                        "expires": "2024-09-11T19:00:00-05:00",
                        "ends": "2024-09-11T19:00:00-05:00",
                        "status": "Actual",
                        "messageType": "Alert",
                        "category": "Met",
                        "severity": "Minor",
                        "certainty": "Likely",
                        "urgency": "Expected",
                        "event": "Coastal Flood Advisory",
                        "sender": "w-nws.webmaster@noaa.gov",
                        "senderName": "NWS New Orleans LA",
                        "headline": "Coastal Flood Advisory issued September 11 at 9:02AM CDT until September 11 at 7:00PM CDT by NWS New Orleans LA",
                        "description": "* WHAT...Minor coastal flooding. Water levels 1 to 2 feet above ground level.\\n\\n* WHERE...St. Mary Parish.",
                        "instruction": "Take the necessary actions to protect flood-prone property.",
                        "response": "Monitor",
                        "parameters": {
                            "AWIPSidentifier": ["CFWLIX"],
                            "WMOidentifier": ["WHUS44 KLIX 111402"],
                            "NWSheadline": ["COASTAL FLOOD ADVISORY IN EFFECT UNTIL 7 PM CDT THIS EVENING"],
                            "VTEC": ["/O.NEW.KLIX.CF.Y.0021.240911T1402Z-240912T0000Z/"],
                            "eventEndingTime": ["2024-09-11T19:00:00-05:00"]
                        },
                        "scope": "Public",
                        "code": "IPAWSv1.0",
                        "language": "en-US",
                        "web": "http://www.weather.gov",
                        "eventCode": {"SAME": ["CFA"], "NationalWeatherService": ["CFY"]}
                    }
                }
            ],
            "title": "Current watches, warnings, and advisories for 29.7966 N, 91.5016 W",
            "updated": "2024-09-11T14:05:00+00:00"
        }
        """

    /// Buffalo, NY: a warning, then a test message and a cancellation that must be skipped.
    static let buffaloWithSkipped = """
        {"type":"FeatureCollection","features":[
          {"id":"https://api.weather.gov/alerts/urn:oid:a","type":"Feature","geometry":null,"properties":{
            "id":"urn:oid:a","status":"Actual","messageType":"Alert","severity":"Severe","event":"Lake Effect Snow Warning",
            "headline":"Lake Effect Snow Warning issued November 28 at 3:34PM EST until November 30 at 1:00AM EST by NWS Buffalo NY",
            "description":"* WHAT...Heavy lake effect snow. Additional snow accumulations of 2 to 3 feet.",
            "expires":"2024-11-29T16:00:00-05:00","ends":"2024-11-30T01:00:00-05:00",
            "parameters":{"VTEC":["/O.EXT.KBUF.LE.W.0004.000000T0000Z-241130T0600Z/"]}}},
          {"id":"urn:oid:t","type":"Feature","geometry":null,"properties":{
            "id":"urn:oid:t","status":"Test","messageType":"Alert","event":"Test Message","headline":"This is a test"}},
          {"id":"urn:oid:c","type":"Feature","geometry":null,"properties":{
            "id":"urn:oid:c","status":"Actual","messageType":"Cancel","event":"Winter Weather Advisory","headline":"The advisory has been cancelled."}}
        ],"title":"Current watches, warnings, and advisories for 42.8864 N, 78.8784 W","updated":"2024-11-29T12:00:00+00:00"}
        """

    static let empty = """
        {"@context":["https://geojson.org/geojson-ld/geojson-context.jsonld",{"@version":"1.1"}],"type":"FeatureCollection","features":[],"title":"Current watches, warnings, and advisories for 34.6937 N, 135.5023 E","updated":"2024-09-11T14:05:00+00:00"}
        """

    static let invalidPoint = """
        {
            "correlationId": "2b1f7c3e",
            "title": "Data Unavailable For Requested Point",
            "type": "https://api.weather.gov/problems/InvalidPoint",
            "status": 404,
            "detail": "Unable to provide data for requested point 34.6937,135.5023",
            "instance": "https://api.weather.gov/requests/2b1f7c3e"
        }
        """

    static let unexpectedProblem = """
        {"type":"urn:noaa:nws:api:UnexpectedProblem","title":"Unexpected Problem","status":500,"detail":"An unexpected problem has occurred.","instance":"urn:noaa:nws:api:request:493c3a1d","correlationId":"493c3a1d","additionalProp1":{}}
        """

    static let accessDenied = """
        <HTML><HEAD><TITLE>Access Denied</TITLE></HEAD><BODY><H1>Access Denied</H1>You don't have permission to access "http&#58;&#47;&#47;api&#46;weather&#46;gov&#47;alerts&#47;active" on this server.</BODY></HTML>
        """
}

enum OWMBodies {
    /// Osaka: six 3-hour slots of an incoming rain band; the largest pop is 0.78 (78 %).
    static let osakaRainForecast = """
        {"cod":"200","message":0,"cnt":6,"list":[
        {"dt":1726045200,"main":{"temp":302.11,"feels_like":306.2,"temp_min":301.4,"temp_max":302.11,"pressure":1008,"humidity":71,"temp_kf":0.71},"weather":[{"id":803,"main":"Clouds","description":"broken clouds","icon":"04d"}],"clouds":{"all":75},"wind":{"speed":3.6,"deg":190,"gust":5.1},"visibility":10000,"pop":0.2,"sys":{"pod":"d"},"dt_txt":"2024-09-11 09:00:00"},
        {"dt":1726056000,"main":{"temp":300.5,"temp_min":300.1,"temp_max":300.5,"humidity":78},"weather":[{"id":500,"main":"Rain","description":"light rain","icon":"10n"}],"pop":0.45,"rain":{"3h":0.62},"dt_txt":"2024-09-11 12:00:00"},
        {"dt":1726066800,"main":{"temp":299.2,"temp_min":299.2,"temp_max":299.2,"humidity":86},"weather":[{"id":501,"main":"Rain","description":"moderate rain","icon":"10n"}],"pop":0.78,"rain":{"3h":4.1},"dt_txt":"2024-09-11 15:00:00"},
        {"dt":1726077600,"main":{"temp":298.8,"temp_min":298.8,"temp_max":298.8,"humidity":88},"weather":[{"id":500,"main":"Rain","description":"light rain","icon":"10n"}],"pop":0.64,"rain":{"3h":1.2},"dt_txt":"2024-09-11 18:00:00"},
        {"dt":1726088400,"main":{"temp":298.4,"temp_min":298.4,"temp_max":298.4,"humidity":85},"weather":[{"id":804,"main":"Clouds","description":"overcast clouds","icon":"04n"}],"pop":0.31,"dt_txt":"2024-09-11 21:00:00"},
        {"dt":1726099200,"main":{"temp":298.9,"temp_min":298.9,"temp_max":298.9,"humidity":80},"weather":[{"id":803,"main":"Clouds","description":"broken clouds","icon":"04d"}],"pop":0,"dt_txt":"2024-09-12 00:00:00"}
        ],"city":{"id":1853909,"name":"Osaka","coord":{"lat":34.6937,"lon":135.5023},"country":"JP","population":2592413,"timezone":32400,"sunrise":1725999869,"sunset":1726045096}}
        """

    /// Osaka current conditions (`cod` a number, Kelvin).
    static let osakaCurrent = """
        {"coord":{"lon":135.5023,"lat":34.6937},"weather":[{"id":501,"main":"Rain","description":"moderate rain","icon":"10d"}],"base":"stations",
        "main":{"temp":299.15,"feels_like":299.95,"temp_min":298.71,"temp_max":300.37,"pressure":1007,"humidity":83,"sea_level":1007,"grnd_level":1006},
        "visibility":8000,"wind":{"speed":4.12,"deg":200,"gust":6.2},"rain":{"1h":2.1},"clouds":{"all":90},"dt":1726045000,
        "sys":{"type":2,"id":2093765,"country":"JP","sunrise":1725999869,"sunset":1726045096},"timezone":32400,"id":1853909,"name":"Osaka","cod":200}
        """

    static let invalidKey = """
        {"cod":401, "message": "Invalid API key. Please see https://openweathermap.org/faq#error401 for more info."}
        """
    static let cityNotFound = #"{"cod":"404","message":"city not found"}"#
    static let rateLimited = """
        {"cod":429,"message":"Your account is temporary blocked due to exceeding of requests limitation of your subscription type. Please choose the proper subscription https://openweathermap.org/price"}
        """

    /// A forecast body with the given pops (6 slots unless fewer are given).
    static func forecast(pops: [String]) -> String {
        let slots = pops.enumerated().map { index, pop in
            #"{"dt":\#(1726045200 + index * 10800),"main":{"temp":290.1},"weather":[{"id":500,"main":"Rain","description":"light rain","icon":"10d"}],"pop":\#(pop)}"#
        }
        return #"{"cod":"200","message":0,"cnt":\#(pops.count),"list":[\#(slots.joined(separator: ","))]}"#
    }
}
