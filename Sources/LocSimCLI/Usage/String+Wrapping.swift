extension String {
    /// The text broken into lines of at most `width` characters at spaces (a longer word gets a
    /// line of its own). Newlines in the text are kept; an empty line stays empty.
    func wrapped(to width: Int) -> [String] {
        var lines: [String] = []
        for paragraph in split(separator: "\n", omittingEmptySubsequences: false) {
            var line = ""
            for word in paragraph.split(separator: " ") {
                if line.isEmpty {
                    line = String(word)
                } else if line.count + 1 + word.count <= width {
                    line += " " + word
                } else {
                    lines.append(line)
                    line = String(word)
                }
            }
            lines.append(line)
        }
        return lines
    }
}
