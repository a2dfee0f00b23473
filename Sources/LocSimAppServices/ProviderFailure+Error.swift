import Foundation

extension ProviderFailure {
    /// The `userInfo` key under which locsim's URLSession bridge names the failure code of a
    /// request it could not answer (`not_recorded`, `unreachable`, `timed_out`, `refused`).
    public static let codeKey = "LocSimFailureCode"

    /// The failure for any error a provider or service throws: a ``ProviderFailure`` as it is;
    /// an error from locsim's URLSession bridge with its code; anything else with `fallbackCode`.
    /// The message is the error's description, first line only, so that transcripts do not
    /// depend on the machine (a miss report names local files on its later lines).
    public init(provider: String, error: any Error, fallbackCode: String) {
        if let failure = error as? ProviderFailure {
            self = failure
            return
        }
        let ns = error as NSError
        let code = ns.userInfo[ProviderFailure.codeKey] as? String ?? fallbackCode
        let text = (ns.userInfo[NSLocalizedDescriptionKey] as? String) ?? String(describing: error)
        self.init(provider: provider, code: code, message: String(text.prefix { $0 != "\n" }))
    }
}
