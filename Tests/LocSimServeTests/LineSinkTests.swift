import Dispatch
import Foundation
import Testing

@testable import LocSimServe

/// The writer between serving and an output: appending never waits, a stuck output costs a
/// bounded backlog and a count, and draining gives up on an output that takes nothing.
@Suite struct LineSinkTests {
    @Test func anOutputThatNeverReturnsDropsAndCountsLinesAndDoesNotHoldUpTheEnd() {
        let stuck = DispatchSemaphore(value: 0)
        let calls = ServeFixture.Lines()
        let sink = LineSink(capacityBytes: 1000) { text in
            calls.append(text)
            stuck.wait()
        }
        let started = Date()
        for index in 0..<100_000 { sink.append("line \(index)") }
        #expect(Date().timeIntervalSince(started) < 5, "appending must not wait for the output")
        #expect(sink.droppedLines > 99_000)
        let drainStarted = Date()
        #expect(sink.drain(timeout: 0.2) == false)
        #expect(Date().timeIntervalSince(drainStarted) < 2)
        #expect(calls.all.count == 1)
        stuck.signal()
    }

    @Test func anOutputThatKeepsUpGetsEveryLineAndNoNote() {
        let written = ServeFixture.Lines()
        let sink = LineSink { text in written.append(text) }
        for index in 0..<1000 { sink.append("line \(index)") }
        #expect(sink.drain())
        let lines = written.all.joined(separator: "\n").split(separator: "\n")
        #expect(lines.count == 1000)
        #expect(lines.last == "line 999")
        #expect(sink.droppedLines == 0)
    }

    @Test func droppedLinesAreReportedInOneLastLineWhenTheOutputTakesIt() {
        let gate = DispatchSemaphore(value: 0)
        let written = ServeFixture.Lines()
        let sink = LineSink(
            capacityBytes: 100, droppedNote: { "dropped \($0)" },
            write: { text in
                gate.wait()
                written.append(text)
            })
        sink.append("first")
        // The writer takes "first" and waits at the gate; what follows fills 100 bytes, then drops.
        let deadline = Date().addingTimeInterval(5)
        while sink.droppedLines == 0, Date() < deadline { sink.append(String(repeating: "x", count: 30)) }
        let dropped = sink.droppedLines
        #expect(dropped > 0)
        for _ in 0..<3 { gate.signal() }
        #expect(sink.drain())
        #expect(written.all.last == "dropped \(dropped)")
    }
}
