import Foundation
import LocSimHTTPRecording

/// Which redirects a ``LiveHTTPClient`` follows, shared by both engines: only those that stay
/// within the request's origin, so a request's headers (a provider's `X-Api-Key`, a
/// `User-Agent` with an e-mail, any secret header an endpoint declares) never go to a host the
/// request did not name. A redirect to another origin is the response, `Location` and all.
///
/// On Linux the loop is locsim's own (``CurlTransport``): libcurl never follows a redirect
/// itself. It has no option that keeps custom headers from another host (it drops only
/// `Authorization` and `Cookie`; `CURLOPT_REDIR_PROTOCOLS` limits schemes, not hosts), and its
/// one hook before a followed request goes out, `CURLOPT_PREREQFUNCTION`, runs once it has
/// connected to the other host and can only fail the transfer, losing the 3xx that should be the
/// response. Following in Swift sends nothing there, keeps the 3xx, and gives each hop what is
/// left of the deadline. libcurl still resolves `Location` against the URL it fetched
/// (`CURLINFO_REDIRECT_URL`), as it did when it followed. On Apple platforms `URLSession` follows, and its delegate refuses a new request
/// whose origin is not the original's.
enum SameOriginRedirects {
    /// The most redirects followed for one request, as libcurl's `CURLOPT_MAXREDIRS` was.
    static let maxHops = 10

    /// Scheme, host and port: what must not change for a redirect to be followed. Scheme and
    /// host are compared case-insensitively, and a port left out is the scheme's default.
    struct Origin: Hashable {
        let scheme: String
        let host: String
        let port: Int

        /// The origin of `scheme://host:port`; `nil` unless the scheme is http(s) and there is a host.
        init?(scheme: String?, host: String?, port: Int?) {
            let scheme = scheme?.lowercased() ?? ""
            let defaultPort = ["http": 80, "https": 443][scheme]
            guard let defaultPort, let host, !host.isEmpty else { return nil }
            self.scheme = scheme
            self.host = host.lowercased()
            self.port = port ?? defaultPort
        }

        /// The origin of the absolute URL `url`, as ``URLParts`` splits it.
        init?(_ url: String) {
            let parts = URLParts(url)
            self.init(scheme: parts.scheme, host: parts.host, port: parts.port)
        }

        /// The origin of `url`, as Foundation splits it (what `URLSession` connects to).
        init?(_ url: URL?) {
            self.init(scheme: url?.scheme, host: url?.host, port: url?.port)
        }
    }

    /// The request that follows `response`, an answer to `request` whose `Location` libcurl
    /// resolved to `target`; `nil` when it is not followed: not a 301, 302, 303, 307 or 308,
    /// no target, or another origin.
    ///
    /// The method changes as libcurl's did: a 303 makes anything but `HEAD` a `GET`, a 301 or 302
    /// makes a `POST` a `GET` (both drop the body and the headers that describe it); a 307 or 308
    /// keeps method and body. The new URL is the original's scheme and authority, character for
    /// character, then the target's path and query: whatever `Location` holds, the request goes
    /// to the host and port it went to before.
    static func request(following response: HTTPResponse, to request: HTTPRequest, target: String?) -> HTTPRequest? {
        guard [301, 302, 303, 307, 308].contains(response.status), let target,
            let origin = Origin(request.url), Origin(target) == origin
        else { return nil }
        var next = request
        next.url =
            String(request.url[..<authorityEnd(request.url)]) + target[authorityEnd(target)...].prefix { $0 != "#" }
        let becomesGET =
            response.status == 303 ? request.method != "HEAD" : response.status < 307 && request.method == "POST"
        if becomesGET {
            next.method = "GET"
            next.body = []
            let bodyHeaders: Set = [
                "content-type", "content-length", "content-encoding", "content-language", "content-location",
            ]
            next.headers = request.headers.filter { !bodyHeaders.contains($0.key.lowercased()) }
        }
        return next
    }

    /// Where `scheme://authority` ends in the absolute URL `url`: at the first `/`, `?` or `#`
    /// after `://`, as ``URLParts`` reads it.
    private static func authorityEnd(_ url: String) -> String.Index {
        guard let separator = url.range(of: "://") else { return url.startIndex }
        return url[separator.upperBound...].firstIndex { "/?#".contains($0) } ?? url.endIndex
    }
}
