import Synchronization

import LibC

/// An isolated plugin's process started before the host knows which plugin it will run:
/// `host run --isolate` starts one as it begins, so that the helper's own start-up (a Swift
/// program's, several milliseconds) passes while the host reads its catalog and prepares the
/// run. The first IsolatedPluginProcess then takes it and sends it the plugin's path; the
/// helper enters its sandbox only then, since the sandbox reads that path, and runs no
/// plugin code before. A spare never taken ends when the host does: its socket closes.
public enum SpareIsolatedProcess {
    struct Spare: @unchecked Sendable {
        let executable: String
        let child: ChildProcess
        /// The host's end of the channel.
        let channel: Int32
    }

    private static let waiting = Mutex<Spare?>(nil)

    /// Starts a spare for plugins run by `executable`, unless one is waiting already.
    public static func prestart(executable: String) {
        guard waiting.withLock({ $0 == nil }) else { return }
        guard let (child, channel) = try? IsolatedPluginProcess.spawn(executable: executable, path: nil) else { return }
        let spare = Spare(executable: executable, child: child, channel: channel)
        let unused: Spare? = waiting.withLock { slot in
            if slot == nil { slot = spare; return nil }
            return spare
        }
        if let unused { close(unused.channel); unused.child.kill() }
    }

    /// The spare for `executable`, told to load `path`; nil when there is none, or it is gone.
    static func take(executable: String, path: String) -> (child: ChildProcess, channel: Int32)? {
        guard let spare = waiting.withLock({ slot -> Spare? in
            guard slot?.executable == executable else { return nil }
            defer { slot = nil }
            return slot
        }) else { return nil }
        guard IsolatedPathMessage.send(path, to: spare.channel) else {
            close(spare.channel)
            spare.child.kill()
            return nil
        }
        return (spare.child, spare.channel)
    }
}

/// The first message to a spare (SpareIsolatedProcess): the plugin's path, as its length
/// (4 bytes, little-endian) and its UTF-8 bytes, before the channel's own frames begin.
enum IsolatedPathMessage {
    static let longest = 16 << 10

    static func send(_ path: String, to fd: Int32) -> Bool {
        let bytes = Array(path.utf8)
        guard bytes.count <= longest else { return false }
        let length = UInt32(bytes.count).littleEndian
        let message = withUnsafeBytes(of: length) { Array($0) } + bytes
        return message.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, message.count, Int32(MSG_NOSIGNAL)) } == message.count
    }

    /// The path a spare is told, read whole from `fd`; nil at the end of the stream (the host
    /// is gone, or never needed the spare) or when the message is malformed.
    static func receive(from fd: Int32) -> String? {
        func readExactly(_ count: Int) -> [UInt8]? {
            var bytes = [UInt8](repeating: 0, count: count)
            var have = 0
            while have < count {
                let n = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress! + have, count - have) }
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { return nil }
                have += n
            }
            return bytes
        }
        guard let header = readExactly(4) else { return nil }
        let length = Int(UInt32(littleEndian: header.withUnsafeBytes { $0.loadUnaligned(as: UInt32.self) }))
        guard length > 0, length <= longest, let bytes = readExactly(length) else { return nil }
        return String(validating: bytes, as: UTF8.self)
    }
}
