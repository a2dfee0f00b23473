import LocSimHTTPRecording
import Testing

@Suite struct URLPartsTests {
    @Test func splitsAnAbsoluteURL() {
        let parts = URLParts("HTTPS://user@Api.AerisAPI.com:8443/advisories/franklin%2Cla,us?b=2&a=x+y&c=%3Cz%3E#frag")
        #expect(parts.scheme == "https")
        #expect(parts.host == "api.aerisapi.com")
        #expect(parts.port == 8443)
        #expect(parts.path == "/advisories/franklin,la,us")
        #expect(parts.query.map(\.name) == ["b", "a", "c"])
        #expect(parts.query.map(\.value) == ["2", "x y", "<z>"])
    }

    @Test(
        arguments: [
            ("http://127.0.0.1:8080", "127.0.0.1", 8080, "/"),
            ("http://[::1]:9/p", "[::1]", 9, "/p"),
            ("https://example.com/a/b/", "example.com", nil, "/a/b/"),
            ("/relative/path?q=1", "", nil, "/relative/path"),
        ] as [(String, String, Int?, String)])
    func hostsPortsAndPaths(url: String, host: String, port: Int?, path: String) {
        let parts = URLParts(url)
        #expect(parts.host == host)
        #expect(parts.port == port)
        #expect(parts.path == path)
    }

    @Test func formDecodingKeepsInvalidEscapesAndValuelessItems() {
        let items = URLParts.parseQuery("flag&x=%zz&y=%41%42+c&&z=")
        #expect(
            items == [
                .init(name: "flag", value: ""), .init(name: "x", value: "%zz"), .init(name: "y", value: "AB c"),
                .init(name: "z", value: ""),
            ])
    }
}
