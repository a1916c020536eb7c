import LibC
import PluginABI

/// One end of the socket between the host and an isolated plugin's process: synchronous
/// calls in both directions, nested to any depth, over one stream.
///
/// A call writes a request and then reads: a reply ends the call; a request from the other
/// side (the plugin calling the host table while the host waits for animate_transition, or
/// the host running the plugin's animations block while the plugin waits for animate) is
/// served on the spot, which may make calls of its own. Both processes are single-threaded
/// through the ABI, so this recursion is the whole protocol: no ids, no queues.
///
/// Frame: a 32-bit length, a kind byte (request or reply), a 32-bit sequence number, then
/// the body. A request's body starts with a 16-bit operation code. A reply repeats its
/// request's number, so a reply out of turn (a plugin writing into the socket behind its
/// process's back) is caught as garbage instead of ending the wrong call.
package final class IsolationChannel {
    package enum Failure: Error, Equatable, CustomStringConvertible {
        /// The other end closed the socket: its process ended.
        case closed
        /// No answer before the deadline.
        case timedOut(Double)
        /// The other end stopped reading: a send found no room before the deadline.
        case notReading(Double)
        /// Bytes that are not a well-formed message, or a request the server refused.
        case garbage(String)
        case io(String)

        package var description: String {
            switch self {
            case .closed: return "the other end closed the channel"
            case .timedOut(let s): return "no answer within \(s) s"
            case .notReading(let s): return "the other end read nothing for \(s) s"
            case .garbage(let why): return "garbage on the channel: \(why)"
            case .io(let why): return "channel error: \(why)"
            }
        }
    }

    /// Serves one request from the other side: the operation, a reader positioned after its
    /// code, and returns the reply's body. Throwing `Failure.garbage` ends the channel.
    package typealias Server = (UInt16, inout WireReader) throws -> WireWriter

    static let maxFrame = 1 << 20
    package static let maxDepth = 64
    private static let request: UInt8 = 1
    private static let reply: UInt8 = 2

    package let fd: Int32
    /// Seconds a top-level call may wait for its reply, counting the other end's time, not this
    /// end's own work serving the other's requests inside it (a host slow to draw a large scene
    /// does not make its plugin hung); nil waits for ever (the plugin's side: the host decides
    /// when a call has hung).
    package let timeout: Double?
    package var server: Server?
    /// Set once the channel has failed: every later call fails the same way at once.
    private(set) var failure: Failure?
    private var depth = 0
    private var deadline: Double = .infinity
    /// The seconds the current top-level call was given, for the report.
    private var deadlineLength: Double = 0
    /// Seconds spent waiting for the other end's bytes, all told: what of a request's serving
    /// time was the other end's (in calls nested inside it).
    private(set) var waited: Double = 0
    /// Requests served, for the benchmark.
    private(set) var messages = 0
    private var nextSequence: UInt32 = 1

    package init(fd: Int32, timeout: Double?) {
        self.fd = fd
        self.timeout = timeout
    }

    deinit {
        close(fd)
        scratch.deallocate()
    }

    /// Sends request `op` with the arguments `body` writes, serves the other side's requests
    /// until the reply comes, and returns a reader over the reply.
    /// `allowing` replaces the channel's timeout for this call when it is a top-level one.
    package func call(_ op: UInt16, allowing: Double? = nil, _ body: (inout WireWriter) -> Void = { _ in }) throws -> WireReader {
        if let failure { throw failure }
        guard depth < Self.maxDepth else { return try fail(.garbage("calls nested more than \(Self.maxDepth) deep")) }
        if depth == 0, let timeout {
            deadlineLength = allowing ?? timeout
            deadline = Self.now() + deadlineLength
        }
        depth += 1
        defer { depth -= 1 }
        let sequence = nextSequence
        nextSequence &+= 1
        var w = WireWriter()
        w.put(Self.request)
        w.put(sequence)
        w.put(op)
        body(&w)
        try send(w.bytes)
        while true {
            var frame = try receive()
            let kind = try guarded { try frame.integer(UInt8.self) }
            let number = try guarded { try frame.integer(UInt32.self) }
            if kind == Self.reply {
                guard number == sequence else { return try fail(.garbage("a reply to call \(number) while waiting for \(sequence)")) }
                return frame
            }
            guard kind == Self.request else { return try fail(.garbage("a frame of kind \(kind)")) }
            try serve(&frame, number)
        }
    }

    /// Serves requests until the other end closes the channel (the plugin's side, between
    /// the host's calls). Returns the reason it stopped.
    func serveUntilClosed() -> Failure {
        while true {
            do {
                var frame = try receive()
                let kind = try guarded { try frame.integer(UInt8.self) }
                let number = try guarded { try frame.integer(UInt32.self) }
                guard kind == Self.request else { return try fail(.garbage("a reply with no call waiting")) }
                try serve(&frame, number)
            } catch let failure as Failure {
                return failure
            } catch {
                return .io("\(error)")
            }
        }
    }

    private func serve(_ frame: inout WireReader, _ sequence: UInt32) throws {
        let op = try guarded { try frame.integer(UInt16.self) }
        guard let server else { return try fail(.garbage("a request (\(op)) where none is served")) }
        messages += 1
        var reply = WireWriter()
        reply.put(Self.reply)
        reply.put(sequence)
        let body: WireWriter
        let began = Self.now(), waitedBefore = waited
        do { body = try server(op, &frame) } catch let f as Failure { return try fail(f) } catch {
            return try fail(.garbage("request \(op): \(error)"))
        }
        // This end's own work is not the other end's time: the call's deadline moves by it.
        if deadline.isFinite { deadline += (Self.now() - began) - (waited - waitedBefore) }
        reply = WireWriter(prefix: reply, body)
        // A request served after the channel failed inside it (a nested call) gets no reply.
        if let failure { throw failure }
        try send(reply.bytes)
    }

    /// Marks the channel failed (the first failure is the one reported) and throws it.
    @discardableResult
    package func fail<T>(_ failure: Failure) throws -> T {
        if self.failure == nil { self.failure = failure }
        throw self.failure!
    }

    private func guarded<T>(_ read: () throws -> T) throws -> T {
        do { return try read() } catch let f as Failure { return try fail(f) } catch {
            return try fail(.garbage("\(error)"))
        }
    }

    // MARK: Frames

    private func send(_ body: [UInt8]) throws {
        var frame = WireWriter()
        frame.put(UInt32(body.count))
        let bytes = frame.bytes + body
        var sent = 0
        // The end with a deadline (the host's) never blocks in a send: a plugin that sends
        // requests and reads none of the replies would hold it there for ever. Its sends wait
        // for room under the current call's deadline, as its reads wait for bytes.
        let bounded = timeout != nil
        let flags = Int32(MSG_NOSIGNAL) | (bounded ? Int32(MSG_DONTWAIT) : 0)
        while sent < bytes.count {
            // MSG_NOSIGNAL: a peer that died must give EPIPE here, not kill the host with SIGPIPE.
            let n = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress! + sent, bytes.count - sent, flags) }
            if n > 0 { sent += n; continue }
            if n < 0 && errno == EINTR { continue }
            if n < 0 && bounded && (errno == EAGAIN || errno == EWOULDBLOCK) {
                let left = deadline.isFinite ? deadline - Self.now() : (timeout ?? 0)
                var p = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                let ready = left > 0 ? poll(&p, 1, Int32(min(left * 1000, Double(Int32.max)).rounded(.up))) : 0
                if ready < 0 && errno == EINTR { continue }
                if ready == 0 { try fail(.notReading(deadline.isFinite ? deadlineLength : (timeout ?? 0))) as Void }
                continue
            }
            if n < 0 && (errno == EPIPE || errno == ECONNRESET) { try fail(.closed) as Void }
            try fail(.io("send: \(String(cString: strerror(errno)))")) as Void
        }
    }

    /// The next frame. Its sender writes a frame in one send, so one read usually takes it
    /// whole (and any frame behind it): a frame costs a poll and a read, not a read of its
    /// length and another of its body, each behind a poll.
    private func receive() throws -> WireReader {
        try fill(4)
        var header = try guarded { WireReader(Array(inbox[inboxStart..<inboxStart + 4])) }
        let length = Int(try guarded { try header.integer(UInt32.self) })
        guard length >= 1, length <= Self.maxFrame else { return try fail(.garbage("a frame of \(length) bytes")) }
        try fill(4 + length)
        let frame = Array(inbox[inboxStart + 4..<inboxStart + 4 + length])
        inboxStart += 4 + length
        if inboxStart == inbox.count {
            inbox.removeAll(keepingCapacity: true)
            inboxStart = 0
        }
        return WireReader(frame)
    }

    /// Bytes read but not yet taken as frames, from inboxStart on.
    private var inbox: [UInt8] = []
    private var inboxStart = 0
    /// Where each read lands before it joins the inbox: allocated once per channel.
    private let scratch = UnsafeMutableRawPointer.allocate(byteCount: IsolationChannel.readSize, alignment: 16)
    private static let readSize = 1 << 16

    /// Reads until the inbox holds at least `count` bytes, each read behind a poll bounded by
    /// the current call's deadline.
    private func fill(_ count: Int) throws {
        let began = Self.now()
        defer { waited += Self.now() - began }
        if inboxStart > 0 && inbox.count - inboxStart < count {
            inbox.removeFirst(inboxStart)
            inboxStart = 0
        }
        while inbox.count - inboxStart < count {
            if deadline.isFinite, timeout != nil {
                let left = deadline - Self.now()
                var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                let ready = left > 0 ? poll(&p, 1, Int32(min(left * 1000, Double(Int32.max)).rounded(.up))) : 0
                if ready < 0 && errno == EINTR { continue }
                if ready == 0 { return try fail(.timedOut(deadlineLength)) }
            }
            let n = read(fd, scratch, Self.readSize)
            let error = errno
            if n > 0 {
                inbox.append(contentsOf: UnsafeRawBufferPointer(start: scratch, count: n).bindMemory(to: UInt8.self))
                continue
            }
            if n == 0 { return try fail(.closed) }
            if error == EINTR { continue }
            if error == ECONNRESET { return try fail(.closed) }
            return try fail(.io("read: \(String(cString: strerror(error)))"))
        }
    }

    package static func now() -> Double { monotonicSeconds() }

    /// A connected pair of stream sockets, both close-on-exec.
    static func socketPair() throws -> (Int32, Int32) {
        var fds: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &fds) == 0 else {
            throw Failure.io("socketpair: \(String(cString: strerror(errno)))")
        }
        return (fds[0], fds[1])
    }
}

extension WireWriter {
    /// `prefix` followed by `body`'s bytes.
    package init(prefix: WireWriter, _ body: WireWriter) {
        self.init()
        self.append(prefix.bytes + body.bytes)
    }
}
