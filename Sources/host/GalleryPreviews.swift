import PluginHost
import Rendering
import TransitionCore
import Validation

import LibC

/// The gallery's preview pages, drawn in a copy of this process (fork) while this one runs
/// the validation: the two share the processors, and the plugins the previews play are loaded
/// in the copy, never here, so that the validation may fork its test processes (it does only
/// while this process has linked no plugin). Where this process cannot fork (it has threads),
/// the previews are drawn here once the validation is done.
final class GalleryPreviews {
    private let effects: [EffectInfo]
    private let session: PluginSession
    /// The private folder the copies write into: `N.html` for the page of effect N, `N.missing`
    /// for why it has none; nil when this process cannot fork. Removed with this object, or
    /// when the command is ended by a signal.
    private let folder: TemporaryFolder?
    /// The copy drawing them, and the first effect it draws.
    private var child: ChildProcess?
    private var first = 0

    init(_ effects: [EffectInfo], session: PluginSession) {
        (self.effects, self.session) = (effects, session)
        folder = ChildProcess.canFork ? try? TemporaryFolder(prefix: "host-gallery") : nil
        if folder != nil { startCopy(from: 0) }
    }

    /// A copy of this process that draws the previews of effects `from`... in turn.
    private func startCopy(from start: Int) {
        guard let folder = folder?.path else { return }
        let (effects, session) = (self.effects, self.session)
        first = start
        child = try? ChildProcess(forking: {
            for i in start..<effects.count {
                switch GalleryCommand.preview(of: effects[i], in: session) {
                case .success(let page): Self.write(page, to: "\(folder)/\(i).html")
                case .failure(let missing): Self.write(missing.reason, to: "\(folder)/\(i).missing")
                }
            }
            exit(0)
        })
    }

    /// Every effect's preview, in order, once the copies have drawn them all (or drawn here,
    /// now, when this process cannot fork). A plugin that ends the copy while it plays costs
    /// its own preview only: another copy draws the ones after it.
    func collect() -> [Result<String, Gallery.PreviewMissing>] {
        guard let folder = folder?.path else { return effects.map { GalleryCommand.preview(of: $0, in: session) } }
        var previews: [Result<String, Gallery.PreviewMissing>] = []
        while previews.count < effects.count {
            guard let child else {
                previews.append(.failure(.init("this process could not start another to draw it (fork failed)")))
                continue
            }
            var output: [UInt8] = []
            while !child.hasExited(within: 0.2) { output += child.readCaptured() }
            output += child.readCaptured()
            let ended = child.reap()
            self.child = nil
            // What the plugins printed while they played, as they would have printed it here.
            if output.last == UInt8(ascii: "\n") { output.removeLast() }
            if !output.isEmpty { printError(String(decoding: output, as: UTF8.self)) }
            for i in first..<effects.count {
                if let page = try? InputFile.read("\(folder)/\(i).html", limit: WebPage.sizeLimit).get() {
                    previews.append(.success(page))
                } else if let reason = try? InputFile.read("\(folder)/\(i).missing", limit: 1 << 20).get() {
                    previews.append(.failure(.init(reason)))
                } else if ended == .exited(0) {
                    previews.append(.failure(.init("its page could not be written to the temporary folder \(folder)")))
                } else {
                    previews.append(.failure(.init("the process drawing the previews ended here: \(ended)")))
                    if i + 1 < effects.count { startCopy(from: i + 1) }
                    break
                }
            }
        }
        return previews
    }

    /// Writes `text` whole: a file cut short by a full disk is left unnamed, and reads as missing.
    private static func write(_ text: String, to path: String) {
        let partial = path + ".partial"
        let fd = open(partial, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return }
        let complete = text.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
            var offset = 0
            while offset < bytes.count {
                let n = LibC.write(fd, bytes.baseAddress! + offset, bytes.count - offset)
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { return false }
                offset += n
            }
            return true
        } ?? false
        close(fd)
        if complete { rename(partial, path) } else { unlink(partial) }
    }
}
