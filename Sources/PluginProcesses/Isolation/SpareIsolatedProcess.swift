import Synchronization

import LibC
import PluginABI

/// An isolated plugin's process started before the host knows which plugin it will run:
/// `host run --isolate` starts one as it begins (a fork of the host while it has one thread,
/// see IsolatedPluginProcess.spawn), and the spare makes most of its sandbox while the host
/// reads its catalog and prepares the run (HelperSandbox.prepare). As soon as the host knows
/// the plugin of the effect it will run, it claims the spare and sends it the plugin's path;
/// the spare finishes its sandbox with that path and runs no plugin code until the host asks
/// it to load the plugin. The first IsolatedPluginProcess for that path then takes it. A
/// spare never taken ends with the host: its socket closes, and its outer helper is told.
public enum SpareIsolatedProcess {
    struct Spare: @unchecked Sendable {
        package let executable: String
        package let child: ChildProcess
        /// The host's end of the channel.
        package let channel: Int32
        /// The plugin it was told to run; nil until it is claimed.
        package var path: String?
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

    /// Tells the spare for `executable`, if one waits unclaimed, that it will run `path`.
    static func claim(executable: String, path: String) {
        waiting.withLock { slot in
            guard var spare = slot, spare.executable == executable, spare.path == nil else { return }
            guard IsolatedPathMessage.send(path, to: spare.channel) else {
                close(spare.channel)
                spare.child.kill()
                slot = nil
                return
            }
            spare.path = path
            slot = spare
        }
    }

    /// The spare for `executable`, told to load `path` (claimed for it, or told now); nil when
    /// there is none, it was claimed for another plugin, or it is gone.
    package static func take(executable: String, path: String) -> (child: ChildProcess, channel: Int32)? {
        guard let spare = waiting.withLock({ slot -> Spare? in
            guard let spare = slot, spare.executable == executable, spare.path == nil || spare.path == path else { return nil }
            slot = nil
            return spare
        }) else { return nil }
        guard spare.path != nil || IsolatedPathMessage.send(path, to: spare.channel) else {
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
    package static let longest = 16 << 10

    package static func send(_ path: String, to fd: Int32) -> Bool {
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
