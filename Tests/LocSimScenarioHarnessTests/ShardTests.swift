import LocSimScenarioHarness
import Testing

@Suite struct ShardTests {
    @Test(arguments: [1, 2, 3, 4, 7, 12])
    func shardsPartitionTheSuite(count: Int) throws {
        let names = (0..<10).map { "scenario-\($0)" }
        let shards = try (1...count).map { try Shard(index: $0, count: count).select(names) }
        let all = shards.flatMap { $0 }
        #expect(all.sorted() == names)
        #expect(Set(all).count == all.count)
        let sizes = shards.map(\.count)
        #expect(sizes.max()! - sizes.min()! <= 1)
    }

    @Test func assignsByPositionInSortedOrder() throws {
        let shard = try Shard(parsing: "2/3")
        #expect(shard.select(["a", "b", "c", "d", "e"]) == ["b", "e"])
        #expect(shard.description == "2/3")
    }

    @Test(arguments: ["0/3", "4/3", "1/0", "2", "a/b", "1/2/3", "", "-1/2"])
    func rejectsBadShards(text: String) {
        #expect(throws: HarnessError.invalidShard(text)) { try Shard(parsing: text) }
    }
}
