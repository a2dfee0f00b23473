import Testing

@testable import LocSimScenarioHarness

@Suite struct MyersDiffTests {
    /// Applies the script to `old`, taking insertions from `new`.
    func apply(_ operations: [MyersDiff.Operation], _ old: [Int], _ new: [Int]) -> [Int] {
        var result: [Int] = []
        var oldIndex = 0
        var newIndex = 0
        for operation in operations {
            switch operation {
            case .equal:
                #expect(old[oldIndex] == new[newIndex])
                result.append(old[oldIndex])
                oldIndex += 1
                newIndex += 1
            case .delete: oldIndex += 1
            case .insert:
                result.append(new[newIndex])
                newIndex += 1
            }
        }
        #expect(oldIndex == old.count)
        return result
    }

    func lcsLength(_ a: [Int], _ b: [Int]) -> Int {
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in stride(from: a.count - 1, through: 0, by: -1) {
            for j in stride(from: b.count - 1, through: 0, by: -1) {
                table[i][j] = a[i] == b[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
            }
        }
        return table[0][0]
    }

    /// SplitMix64, so the random cases are the same on every run.
    struct SplitMix64: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    @Test func scriptsAreCorrectAndMinimal() {
        var rng = SplitMix64(state: 7)
        for _ in 0..<400 {
            let alphabet = Int.random(in: 1...5, using: &rng)
            let old = (0..<Int.random(in: 0...25, using: &rng)).map { _ in Int.random(in: 0..<alphabet, using: &rng) }
            let new = (0..<Int.random(in: 0...25, using: &rng)).map { _ in Int.random(in: 0..<alphabet, using: &rng) }
            let operations = MyersDiff.operations(from: old, to: new)
            #expect(apply(operations, old, new) == new)
            #expect(operations.count(where: { $0 == .equal }) == lcsLength(old, new), "old \(old) new \(new)")
        }
    }

    @Test func deletionsComeBeforeInsertionsInEachChange() {
        let operations = MyersDiff.operations(from: [1, 2, 3, 4], to: [1, 5, 6, 4])
        #expect(operations == [.equal, .delete, .delete, .insert, .insert, .equal])
    }

    @Test func longInputsWithFewChanges() {
        let old = Array(0..<5_000)
        let new = old.map { $0 % 50 == 0 ? -$0 - 1 : $0 }
        let operations = MyersDiff.operations(from: old, to: new)
        #expect(apply(operations, old, new) == new)
        #expect(operations.count(where: { $0 == .equal }) == old.count - old.count / 50)
    }
}
