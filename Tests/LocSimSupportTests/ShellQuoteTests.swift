import LocSimSupport
import Testing

struct ShellQuoteTests {
    @Test(arguments: [
        ("franklin-la", "franklin-la"), ("two words", "'two words'"), ("it's", #"'it'\''s'"#), ("", "''"),
    ])
    func quotesOnlyWhatNeedsIt(word: String, quoted: String) {
        #expect(ShellQuote.quote(word) == quoted)
    }

    @Test(arguments: [("franklin-la-1.apns", "'franklin-la-1.apns'"), ("it's", #"'it'\''s'"#)])
    func singleQuotesAlways(word: String, quoted: String) {
        #expect(ShellQuote.singleQuoted(word) == quoted)
    }
}
