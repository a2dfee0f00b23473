import LocSimLocationCore
import Testing

@Suite struct SplitMix64Tests {
    @Test func matchesTheReferenceSequenceForSeedZero() {
        var rng = SplitMix64(seed: 0)
        #expect(rng.next() == 0xE220_A839_7B1D_CDAF)
        #expect(rng.next() == 0x6E78_9E6A_A1B9_65F4)
        #expect(rng.next() == 0x06C4_5D18_8009_454F)
        #expect(rng.next() == 0xF88B_B8A8_724C_81EC)
    }

    @Test func unitValuesAreInTheHalfOpenInterval() {
        var rng = SplitMix64(seed: 42)
        var sum = 0.0
        for _ in 0..<10_000 {
            let u = rng.nextUnit()
            #expect(u >= 0 && u < 1)
            sum += u
        }
        #expect(abs(sum / 10_000 - 0.5) < 0.02)
    }

    @Test func seedsGiveDifferentSequences() {
        var a = SplitMix64(seed: 1)
        var b = SplitMix64(seed: 2)
        #expect(a.next() != b.next())
    }
}
