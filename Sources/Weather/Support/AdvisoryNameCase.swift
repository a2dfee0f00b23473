/// Advisory names as people read them. Aeris sends the NWS product name in capitals
/// ("COASTAL FLOOD ADVISORY"); the app's push reads "Coastal Flood Advisory", as NWS's own
/// `event` field spells it. Names that already mix cases are kept as sent.
enum AdvisoryNameCase {
    /// `name` in title case when it has no lower-case letter; otherwise unchanged.
    static func display(_ name: String) -> String {
        guard !name.contains(where: \.isLowercase) else { return name }
        return name.split(separator: " ", omittingEmptySubsequences: false).map { word in
            word.prefix(1).uppercased() + word.dropFirst().lowercased()
        }.joined(separator: " ")
    }
}
