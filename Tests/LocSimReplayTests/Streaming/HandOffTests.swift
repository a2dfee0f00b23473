import Foundation
import Testing

@testable import LocSimReplay

@Suite struct HandOffTests {
    @Test func itemsSentBeforeCloseAreAllReceivedThenNil() {
        let handOff = HandOff<Int>(capacity: 3)
        handOff.send(1)
        handOff.send(2)
        handOff.close()
        #expect(handOff.receive() == 1)
        #expect(handOff.receive() == 2)
        #expect(handOff.receive() == nil)
        #expect(handOff.receive() == nil)
    }

    /// A producer far faster than the room it has (capacity 1) must wait for the consumer each
    /// time and still deliver everything once, in order: a lost wake-up would hang here.
    @Test(arguments: [1, 2, 8])
    func aProducerThreadDeliversEverythingInOrder(capacity: Int) async {
        let handOff = HandOff<Int>(capacity: capacity)
        let count = 20_000
        let producer = Thread {
            for value in 0..<count { handOff.send(value) }
            handOff.close()
        }
        producer.start()
        var received: [Int] = []
        while let value = handOff.receive() { received.append(value) }
        #expect(received == Array(0..<count))
    }

    /// The consumer can be the one that waits: it is woken by each send and by the close.
    @Test func aWaitingConsumerIsWokenBySendAndClose() async {
        let handOff = HandOff<String>(capacity: 2)
        let consumerDone = HandOff<[String]>(capacity: 1)
        let consumer = Thread {
            var received: [String] = []
            while let value = handOff.receive() { received.append(value) }
            consumerDone.send(received)
        }
        consumer.start()
        for word in ["a", "b", "c", "d", "e"] { handOff.send(word) }
        handOff.close()
        #expect(consumerDone.receive() == ["a", "b", "c", "d", "e"])
    }
}
