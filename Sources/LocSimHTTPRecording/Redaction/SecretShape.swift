/// Values that look like credentials whatever field holds them: what `locsim cassettes status`
/// flags anywhere in a cassette (URL, headers, bodies), since no name rule can know every API.
enum SecretShape {
    /// The prefixes of well-known live keys and tokens (Stripe, GitHub, Slack, Google, AWS,
    /// OpenAI) and of PEM private keys, with what each is; followed by at least 12 key characters.
    static let prefixes: [(prefix: String, what: String)] = [
        ("sk_live_", "a Stripe secret key"), ("rk_live_", "a Stripe restricted key"),
        ("sk_test_", "a Stripe test key"), ("ghp_", "a GitHub token"), ("gho_", "a GitHub OAuth token"),
        ("github_pat_", "a GitHub token"), ("xoxb-", "a Slack token"), ("xoxp-", "a Slack token"),
        ("AIza", "a Google API key"), ("AKIA", "an AWS access key"), ("sk-proj-", "an OpenAI key"),
    ]

    /// What `text` holds that looks like a credential (`a Stripe secret key`, `a JSON Web Token`,
    /// `a private key`), or `nil`.
    static func kind(in text: String) -> String? {
        if text.contains("PRIVATE KEY-----") { return "a private key" }
        let bytes = Array(text.utf8)
        for (prefix, what) in prefixes {
            let needle = Array(prefix.utf8)
            for start in Redactor.occurrences(of: needle, in: bytes)
            where (start == 0 || !isKeyByte(bytes[start - 1]))
                && keyRun(bytes, from: start + needle.count) >= 12
            {
                return what
            }
        }
        // A JWT: `eyJ…` (base64url of `{"`) . `eyJ…` . signature.
        for start in Redactor.occurrences(of: Array("eyJ".utf8), in: bytes)
        where start == 0 || !isKeyByte(bytes[start - 1]) {
            let header = keyRun(bytes, from: start)
            let dot = start + header
            guard header >= 10, dot < bytes.count, bytes[dot] == UInt8(ascii: "."),
                bytes[(dot + 1)...].starts(with: Array("eyJ".utf8)), keyRun(bytes, from: dot + 1) >= 10
            else { continue }
            return "a JSON Web Token"
        }
        return nil
    }

    /// How many key characters (letters, digits, `_`, `-`) follow `start`.
    private static func keyRun(_ bytes: [UInt8], from start: Int) -> Int {
        var end = start
        while end < bytes.count, isKeyByte(bytes[end]) { end += 1 }
        return end - start
    }

    private static func isKeyByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"):
            true
        default: false
        }
    }
}
