import Testing

@testable import LocSimSafeXML

@Suite struct XMLTreeElementTests {
    static let iGoogle = """
        <?xml version="1.0"?><xml_api_reply version="1"><weather module_id="0" tab_id="0" mobile_row="0" \
        mobile_zipped="1" row="0" section="0" ><forecast_information><city data="Franklin, LA"/>\
        <postal_code data="70538"/></forecast_information><current_conditions><condition data="Mostly Cloudy"/>\
        <temp_f data="84"/><humidity data="Humidity: 66%"/></current_conditions>\
        <forecast_conditions><day_of_week data="Tue"/><low data="72"/><high data="90"/></forecast_conditions>\
        <forecast_conditions><day_of_week data="Wed"/><low data="73"/><high data="91"/></forecast_conditions>\
        </weather></xml_api_reply>
        """

    @Test func readsTheIGoogleWeatherShape() throws {
        let root = try XMLTreeElement.parse(bytes: Array(Self.iGoogle.utf8))
        #expect(root.name == "xml_api_reply")
        #expect(root.attribute("data", at: "weather/current_conditions/condition") == "Mostly Cloudy")
        #expect(root.attribute("data", at: "weather/forecast_information/city") == "Franklin, LA")
        #expect(root.element(at: "weather")?.children.filter { $0.name == "forecast_conditions" }.count == 2)
        #expect(root.attribute("data", at: "weather/nowhere") == nil)
    }

    @Test func decodesTextEntitiesNamespacesAndLatin1() throws {
        var bytes = Array(
            "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><r xmlns:w=\"urn:w\"><w:a w:k=\"1 &amp; 2\">caf".utf8)
        bytes += [0xE9]
        bytes += Array("<![CDATA[<x>]]></w:a></r>".utf8)
        let root = try XMLTreeElement.parse(bytes: bytes)
        let a = try #require(root.child("a"))
        #expect(a.namespaceURI == "urn:w")
        #expect(a.attributes == ["w:k": "1 & 2"])
        #expect(a.text == "café<x>")
    }

    @Test func reportsMalformedDocumentsWithTheirPlace() {
        #expect(throws: XMLTreeError(line: 2, column: 8, message: "opening and ending tag mismatch: b line 2 and a")) {
            try XMLTreeElement.parse(bytes: Array("<a>\n<b></a>".utf8))
        }
        #expect(throws: XMLTreeError(line: 0, column: 0, message: "document is empty")) {
            try XMLTreeElement.parse(bytes: [])
        }
    }

    @Test func enforcesItsLimits() {
        let many = "<r>" + String(repeating: "<e/>", count: 20) + "</r>"
        #expect(throws: XMLTreeError.self) {
            try XMLTreeElement.parse(bytes: Array(many.utf8), limits: .init(maxElements: 10))
        }
        let long = "<r a=\"" + String(repeating: "x", count: 100) + "\"/>"
        #expect(throws: XMLTreeError.self) {
            try XMLTreeElement.parse(bytes: Array(long.utf8), limits: .init(maxTextBytes: 50))
        }
        #expect((try? XMLTreeElement.parse(bytes: Array(long.utf8), limits: .init(maxTextBytes: 100))) != nil)
    }
}
