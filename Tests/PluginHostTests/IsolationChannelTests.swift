import Foundation
import Testing
@testable import PluginABI
@testable import PluginHost
@testable import PluginProcesses

import LibC

/// The socket protocol of isolated runs, with both ends in this process (the far end on a
/// thread of its own): nested calls in both directions, and every way the far end can fail.
@Suite("Isolation channel")
struct IsolationChannelTests {
    /// Runs `far` with the other end of a fresh socket on a thread; returns the near end.
    private func pair(timeout: Double? = 2, far: @escaping @Sendable (Int32) -> Void) throws -> IsolationChannel {
        let (near, other) = try IsolationChannel.socketPair()
        Thread.detachNewThread { far(other) }
        return IsolationChannel(fd: near, timeout: timeout)
    }

    /// A server that, asked for n, asks the other end through `channel` for n − 1 until 0,
    /// then adds what came back: two ends with it nest their calls n + 1 deep in all.
    private static func summing(_ channel: IsolationChannel) -> IsolationChannel.Server {
        { [unowned channel] op, r in
            let n = try r.integer(UInt32.self)
            var w = WireWriter()
            if n == 0 { w.put(UInt32(1)); return w }
            var back = try channel.call(op) { $0.put(n - 1) }
            w.put(try back.integer(UInt32.self) + n)
            return w
        }
    }

    /// Sends all of `bytes` to `fd`, or as much as the other end takes before it fails.
    private static func sendAll(_ bytes: [UInt8], to fd: Int32) {
        var sent = 0
        while sent < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress! + sent, bytes.count - sent, Int32(MSG_NOSIGNAL)) }
            if n <= 0 { break }
            sent += n
        }
    }

    /// Writes raw bytes to `fd` and keeps it open a while.
    private static func write(_ bytes: [UInt8], to fd: Int32, thenWait seconds: Double = 0.5) {
        _ = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, bytes.count) }
        usleep(UInt32(seconds * 1_000_000))
        close(fd)
    }

    @Test("calls nest both ways: the far end calls back while it serves, and every reply reaches its own call")
    func nestedCalls() throws {
        let near = try pair { fd in
            let far = IsolationChannel(fd: fd, timeout: nil)
            far.server = Self.summing(far)
            _ = far.serveUntilClosed()
        }
        near.server = Self.summing(near)
        var reply = try near.call(7) { $0.put(UInt32(10)) }
        #expect(try reply.integer(UInt32.self) == 56)  // 1 + (1 + 2 + ... + 10)
        #expect(near.messages == 5)
    }

    @Test("a far end that closes is .closed, and the channel stays failed")
    func closed() throws {
        let near = try pair { fd in close(fd) }
        #expect(throws: IsolationChannel.Failure.closed) { try near.call(1) }
        #expect(throws: IsolationChannel.Failure.closed) { try near.call(1) }
    }

    @Test("a far end that never answers times out at the deadline")
    func timesOut() throws {
        let near = try pair(timeout: 0.2) { fd in Self.write([], to: fd, thenWait: 2) }
        let start = IsolationChannel.now()
        #expect(throws: IsolationChannel.Failure.timedOut(0.2)) { try near.call(1) }
        #expect(IsolationChannel.now() - start < 1.5)
    }

    /// A far end that, asked op 1, asks the near end op 2 `times` times, dawdling `pause`
    /// seconds before each, then answers.
    private static func askingBack(_ fd: Int32, times: Int, pause: Double) {
        let far = IsolationChannel(fd: fd, timeout: nil)
        far.server = { _, _ in
            for _ in 0..<times {
                usleep(UInt32(pause * 1_000_000))
                _ = try far.call(2)
            }
            return WireWriter()
        }
        _ = far.serveUntilClosed()
    }

    @Test("the near end's own time serving the far end's requests does not count against its call's deadline")
    func servingTimeIsNotTheFarEnds() throws {
        // 0.9 s of the near end's own work inside a call allowed 0.4 s: not the far end's hang.
        let near = try pair(timeout: 0.4) { Self.askingBack($0, times: 3, pause: 0) }
        near.server = { _, _ in
            usleep(300_000)
            return WireWriter()
        }
        _ = try near.call(1)
        #expect(near.messages == 3)
    }

    @Test("the far end's own time still counts, however many requests it makes in between")
    func farEndTimeStillCounts() throws {
        // 0.6 s of the far end's dawdling, split by quick requests, in a call allowed 0.4 s.
        let near = try pair(timeout: 0.4) { Self.askingBack($0, times: 3, pause: 0.2) }
        near.server = { _, _ in WireWriter() }
        #expect(throws: IsolationChannel.Failure.timedOut(0.4)) { try near.call(1) }
    }

    @Test("a far end that sends requests and never reads the replies fails the call at its deadline: the near end never blocks in a send")
    func farEndThatStopsReading() throws {
        // 20,000 requests in a row (op 2, empty body), never reading: the near end's replies
        // fill the socket's buffer, and its next send would wait until the far end closes
        // (after 8 s). Made before the far end starts, so that it sends at once: built in its
        // thread on a loaded machine, the flood once came after the call's deadline.
        var flood: [UInt8] = []
        for number in 1...20_000 as ClosedRange<UInt32> {
            var w = WireWriter()
            w.put(UInt32(7))     // the frame's length: kind, number, op
            w.put(UInt8(1))      // a request
            w.put(number)
            w.put(UInt16(2))
            flood += w.bytes
        }
        let requests = flood
        let near = try pair(timeout: 1) { fd in
            Self.sendAll(requests, to: fd)
            usleep(8_000_000)
            close(fd)
        }
        // Each reply is large, so the buffer fills after a few dozen.
        near.server = { _, _ in
            var w = WireWriter()
            for _ in 0..<4096 { w.put(UInt64(0)) }
            return w
        }
        let start = IsolationChannel.now()
        #expect(throws: IsolationChannel.Failure.notReading(1)) { try near.call(1) }
        #expect(IsolationChannel.now() - start < 5, "the near end waited \(IsolationChannel.now() - start) s")
        #expect(near.failure == .notReading(1))
    }

    @Test("garbage is caught, whatever its shape", arguments: [
        ([0xff, 0xff, 0xff, 0x7f], "a frame of"),            // a length past the limit
        ([0, 0, 0, 0], "a frame of 0 bytes"),
        ([5, 0, 0, 0, 9, 1, 0, 0, 0], "a frame of kind 9"),
        ([5, 0, 0, 0, 2, 99, 0, 0, 0], "a reply to call 99"),  // a reply out of turn
        ([2, 0, 0, 0, 1, 0], "ended early"),                 // a request cut short
    ] as [([UInt8], String)])
    func garbage(_ bytes: [UInt8], _ says: String) throws {
        let near = try pair { fd in Self.write(bytes, to: fd) }
        near.server = { _, _ in WireWriter() }
        do {
            _ = try near.call(1)
            Issue.record("garbage was accepted")
        } catch let IsolationChannel.Failure.garbage(why) {
            #expect(why.contains(says), "\(why)")
        }
    }

    @Test("calls nested past the limit end the channel instead of the stack")
    func depthLimit() throws {
        let near = try pair { fd in
            let far = IsolationChannel(fd: fd, timeout: nil)
            far.server = { op, _ in _ = try far.call(op); return WireWriter() }
            _ = far.serveUntilClosed()
        }
        near.server = { op, _ in _ = try near.call(op); return WireWriter() }
        #expect(throws: IsolationChannel.Failure.self) { try near.call(3) }
        #expect(near.failure != nil)
    }

    @Test("calls may nest exactly 64 deep at one end; the 65th is refused", arguments: [(126, true), (128, false)])
    func depthBoundary(_ start: UInt32, _ succeeds: Bool) throws {
        // The nestedCalls ping-pong: the near end calls with start, start − 2, … 0, so it
        // nests start / 2 + 1 calls deep (64 for 126, 65 for 128).
        let near = try pair { fd in
            let far = IsolationChannel(fd: fd, timeout: nil)
            far.server = Self.summing(far)
            _ = far.serveUntilClosed()
        }
        near.server = Self.summing(near)
        if succeeds {
            var reply = try near.call(7) { $0.put(start) }
            #expect(try reply.integer(UInt32.self) == start * (start + 1) / 2 + 1)
        } else {
            #expect(throws: IsolationChannel.Failure.self) { try near.call(7) { $0.put(start) } }
        }
    }

    @Test("a frame of exactly the largest size (1 MiB) is read; one byte more is garbage", arguments: [0, 1])
    func frameSizeBoundary(_ over: Int) throws {
        let length = IsolationChannel.maxFrame + over
        let near = try pair { fd in
            // A reply to call 1: kind 2, number 1, then padding to `length`.
            var frame: [UInt8] = []
            withUnsafeBytes(of: UInt32(length).littleEndian) { frame += $0 }
            frame += [2, 1, 0, 0, 0]
            frame += [UInt8](repeating: 0, count: length - 5)
            Self.sendAll(frame, to: fd)
            usleep(500_000)
            close(fd)
        }
        if over == 0 {
            var reply = try near.call(1)
            _ = try reply.take(length - 5)
            #expect(reply.isAtEnd)
        } else {
            #expect(throws: IsolationChannel.Failure.garbage("a frame of \(length) bytes")) { try near.call(1) }
        }
    }

    @Test("a reader refuses short fields, bad booleans and oversized strings")
    func reader() throws {
        var short = WireReader([1, 2, 3])
        #expect(throws: WireReader.Malformed.self) { try short.integer(UInt32.self) }
        var notBool = WireReader([7])
        #expect(throws: WireReader.Malformed.self) { try notBool.bool() }
        var w = WireWriter()
        w.put("hello" as String?)
        var long = WireReader(w.bytes)
        #expect(throws: WireReader.Malformed.self) { try long.string(limit: 4) }
        var fine = WireReader(w.bytes)
        #expect(try fine.string() == "hello")
        #expect(fine.isAtEnd)
    }
}
