import LibC
import Dispatch
import Synchronization
import TransitionCore

/// Every frame of a run as a numbered PNG in a folder (frame-0000.png, frame-0001.png, …),
/// at the window's size: for editors, or `ffmpeg -framerate FPS -i frame-%04d.png`.
///
/// PNG compression dominates the cost, and frames are independent, so every core takes its
/// share of them, each with its own image.
enum PNGFrameFolder {
    static func write(_ snapshots: [SceneSnapshot], to folder: String, progress: ExportProgress) throws -> Int {
        guard let first = snapshots.first else { throw ExportError.nothingToDraw }
        if mkdir(folder, 0o755) != 0 && errno != EEXIST {
            throw ExportError.cannotWrite(path: folder, reason: String(cString: strerror(errno)))
        }
        let digits = max(4, String(snapshots.count - 1).count)
        let base = folder.hasSuffix("/") ? folder : folder + "/"
        let width = Int(first.windowSize.width.rounded()), height = Int(first.windowSize.height.rounded())
        let workers = max(1, min(snapshots.count, sysconf(Int32(_SC_NPROCESSORS_ONLN))))
        let state = Mutex<(done: Int, failure: ExportError?)>((0, nil))

        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            let image = CairoImage(width: width, height: height)
            for index in stride(from: worker, to: snapshots.count, by: workers) {
                if state.withLock({ $0.failure != nil }) { return }
                SceneRasterizer.render(snapshots[index], into: image)
                let number = String(index)
                let name = "frame-" + String(repeating: "0", count: max(0, digits - number.count)) + number + ".png"
                do {
                    try image.writePNG(base + name)
                } catch {
                    state.withLock { $0.failure = $0.failure ?? (error as? ExportError) ?? .cannotWrite(path: base + name, reason: "\(error)") }
                    return
                }
                let done = state.withLock { s -> Int in
                    s.done += 1
                    return s.done
                }
                // The bar is drawn from one thread only.
                if worker == 0 { progress.update(done: done) }
            }
        }
        if let failure = state.withLock({ $0.failure }) { throw failure }
        return snapshots.count
    }
}
