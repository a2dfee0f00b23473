import Foundation
import LocSimHTTPRecording
import LocSimSupport

/// A HAR replays but is never recorded into: a miss report's record command imports it first.
enum HARImportStep {
    /// For a HAR, `locsim cassettes import X.har -o X.json && ` and `X.json`, the cassette to
    /// record into; for any other file, nothing and the file itself.
    static func command(for cassette: String) -> (prefix: String, target: String) {
        guard HARReader.isHARPath(cassette) else { return ("", cassette) }
        let json = (cassette as NSString).deletingPathExtension + ".json"
        return ("locsim cassettes import \(ShellQuote.quote(cassette)) -o \(ShellQuote.quote(json)) && ", json)
    }
}
