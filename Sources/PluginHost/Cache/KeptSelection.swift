import LibC

/// What the last run that named its effects up front (`host run EFFECT`) needed of the search
/// path, kept with the key of the search path's state (ListingKey) and the names: the plugins
/// that offer one of the names and those with curves (PluginSession registers every curve),
/// with their descriptions. While the key and the names stay the same, the next such run takes
/// them from here, and reads neither the registry cache nor anything of the plugins it does not
/// use: with 500 plugins on the path, checking every entry of the registry cache cost a run more
/// than the rest of what the 499 unused ones added. One file, by default
/// $XDG_CACHE_HOME/transition-host/selection-v1, beside the registry cache:
///
///     transition-host-selection 1
///     key KEY
///     names NAME...
///     file PATH
///         (then the plugin's description: OutcomeRecord)
///     ...
///     end ENTRIES CHECKSUM
///
/// Unlike the kept listing, this file decides what is loaded, so it is read as the registry
/// cache is: this user's own file, whole (the checksum), and every description checked by the
/// scanner's rules (OutcomeRecord) on the way in; anything wrong and it is not used at all.
/// Only the last selection is kept: a run naming other effects makes and keeps its own.
public struct KeptSelection: Sendable {
    public let path: String
    /// Seconds a file must have been left alone for a selection to be kept for it (see
    /// ListingKey); tests make it 0 rather than wait.
    var settleSeconds = ChangeStamp.settleSeconds

    public init(path: String) { self.path = path }

    public static let fileName = "transition-host/selection-v1"

    /// $XDG_CACHE_HOME/transition-host/selection-v1, or ~/.cache/transition-host/selection-v1;
    /// nil when neither is known (every run then reads the registry cache).
    public static func standard(environment: [String: String]) -> KeptSelection? {
        CacheFile.standardPath(fileName, environment: environment).map(KeptSelection.init(path:))
    }

    static let magic = ["transition-host-selection", "2"]

    /// A plugin file of the selection: its path as the folder walk gave it, and its description.
    struct Plugin: Equatable {
        let path: String
        let description: PluginDescription
    }

    /// The plugins kept for `key` and `names`, in search order; nil when there are none: no file
    /// yet, a selection of another key or other names (`ignored` nil then: that is what a change
    /// looks like), or a file not used (why).
    func read(key: UInt64, names: [String]) -> (plugins: [Plugin]?, ignored: String?) {
        switch CacheFile.readOwn(path) {
        case .failure(let why): return (nil, why.description)
        case .success(nil): return (nil, nil)
        case .success(let bytes?):
            do {
                return (try Self.decode(bytes, key: key, names: names), nil)
            } catch {
                return (nil, "\(error)")
            }
        }
    }

    /// Keeps `plugins` as the selection of `key` and `names`, replacing any other; why it
    /// failed, or nil.
    func write(_ plugins: [Plugin], key: UInt64, names: [String]) -> String? {
        CacheFile.replace(path, with: Self.encode(plugins, key: key, names: names))
    }

    // MARK: - The format

    static func encode(_ plugins: [Plugin], key: UInt64, names: [String]) -> [UInt8] {
        var bytes = RecordLine.encode(magic) + RecordLine.encode(["key", RecordNumber.hex(key)])
            + RecordLine.encode(["names"] + names)
        for plugin in plugins {
            bytes += RecordLine.encode(["file", plugin.path])
            for line in OutcomeRecord.lines(.plugin(plugin.description)) { bytes += RecordLine.encode(line) }
        }
        return bytes + CacheFile.trailer(count: plugins.count, body: bytes)
    }

    /// The plugins, when `bytes` is a whole selection of `key` and `names`; nil when it is whole
    /// but of another key or other names. Throws when it is not whole, not a selection, or any
    /// description fails the scanner's checks.
    static func decode(_ bytes: [UInt8], key: UInt64, names: [String]) throws -> [Plugin]? {
        func malformed(_ why: String) -> RecordLine.Malformed { RecordLine.Malformed(description: why) }
        let (declared, bodyEnd) = try CacheFile.checkedTrailer(bytes)
        return try bytes.withUnsafeBufferPointer { all -> [Plugin]? in
            var lines = RecordByteLines(UnsafeBufferPointer(rebasing: all[..<bodyEnd]))
            guard !lines.isAtEnd, try lines.next().strings() == magic else { throw malformed("not a selection kept by this host") }
            guard !lines.isAtEnd else { throw malformed("no 'key' line") }
            let keyLine = try lines.next()
            guard keyLine.count == 2, keyLine.hasVerb("key") else { throw malformed("no 'key' line") }
            guard try RecordNumber.hex(keyLine.field(1)) == key else { return nil }
            guard !lines.isAtEnd else { throw malformed("no 'names' line") }
            let namesLine = try lines.next()
            guard namesLine.hasVerb("names") else { throw malformed("no 'names' line") }
            guard try (1..<namesLine.count).map(namesLine.text) == names else { return nil }
            var plugins: [Plugin] = []
            var paths = Set<String>()
            while !lines.isAtEnd {
                guard plugins.count < declared else { throw malformed("more plugins than the \(declared) declared") }
                let fileLine = try lines.next()
                guard fileLine.count == 2, fileLine.hasVerb("file") else { throw malformed("expected a 'file' line") }
                let path = try fileLine.text(1)
                guard !path.isEmpty, !path.containsNUL, paths.insert(path).inserted else {
                    throw malformed("a 'file' line without a path, or the same file twice")
                }
                guard case .plugin(let description) = try OutcomeRecord.read(&lines) else {
                    throw malformed("a file that is not a good plugin")
                }
                plugins.append(Plugin(path: path, description: description))
            }
            guard plugins.count == declared else { throw malformed("\(plugins.count) plugins where \(declared) were declared") }
            return plugins
        }
    }
}
