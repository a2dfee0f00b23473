/// One of `count` deterministic slices of the suite (`--shard I/N`, `I` 1-based).
///
/// The entry at position `p` of the sorted selection belongs to shard `p mod N + 1`, so the
/// shards are disjoint, their union is the whole selection, and their sizes differ by at most one.
/// Adding a scenario can move later scenarios to another shard; every CI job still runs the same
/// split because they all list the same folders.
public struct Shard: Sendable, Hashable, CustomStringConvertible {
    /// 1-based shard number.
    public let index: Int
    /// Number of shards.
    public let count: Int

    /// Shard `index` of `count`.
    /// - Throws: ``HarnessError/invalidShard(_:)`` unless 1 ≤ index ≤ count.
    public init(index: Int, count: Int) throws(HarnessError) {
        guard count >= 1, (1...count).contains(index) else { throw .invalidShard("\(index)/\(count)") }
        self.index = index
        self.count = count
    }

    /// Parses `I/N` (`2/4`).
    public init(parsing text: String) throws(HarnessError) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1,
            (1...count).contains(index)
        else { throw .invalidShard(text) }
        self.index = index
        self.count = count
    }

    /// `I/N`.
    public var description: String { "\(index)/\(count)" }

    /// The items of this shard, in their original order.
    public func select<Item>(_ items: [Item]) -> [Item] {
        items.enumerated().filter { $0.offset % count == index - 1 }.map(\.element)
    }
}
