import LocSimMap
import Testing

@Suite struct StrideSampleTests {
    @Test func keepsEverythingUpToCapacity() {
        var sample = StrideSample<Int>(capacity: 4)
        for i in 0..<4 { sample.append(i) }
        #expect(sample.elements == [0, 1, 2, 3])
        #expect(sample.stride == 1)
    }

    @Test(arguments: [1, 3, 10, 100, 12_345])
    func keepsEveryStrideThElementAndStaysUnderCapacity(total: Int) {
        var sample = StrideSample<Int>(capacity: 10)
        for i in 0..<total { sample.append(i) }
        #expect(sample.total == total)
        #expect(sample.elements.count <= 10)
        #expect(sample.elements == Array(Swift.stride(from: 0, to: total, by: sample.stride)))
        #expect(sample.elements.count > 10 / 2 || sample.stride == 1)
    }
}
