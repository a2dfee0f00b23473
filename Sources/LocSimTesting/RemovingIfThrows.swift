package import Foundation

/// `body`'s result; when `body` throws, `url` (the temporary folder or file it was filling) is
/// removed before the error goes on, so a set-up that fails halfway leaves nothing behind. After
/// a set-up that succeeds, removing `url` stays the caller's (`defer`).
package func removingIfThrows<Result>(_ url: URL, _ body: () throws -> Result) rethrows -> Result {
    do {
        return try body()
    } catch {
        try? FileManager.default.removeItem(at: url)
        throw error
    }
}
