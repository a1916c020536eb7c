import LibC
import TransitionCore

/// `.mp4` and `.webm` through ffmpeg, which is optional: frames are piped to it raw (Cairo's
/// BGRA), so nothing but the program is needed, and its absence is reported with the Debian
/// package that provides it.
enum VideoEncoder {
    static let tool = "ffmpeg"
    static let debianPackage = "ffmpeg"

    /// ffmpeg's path on $PATH, or nil.
    static func findTool(environment path: String? = getenv("PATH").map { String(cString: $0) }) -> String? {
        for folder in (path ?? "/usr/bin:/bin").split(separator: ":") where !folder.isEmpty {
            let candidate = folder + "/" + tool
            if access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }

    /// The encoder arguments for a container: H.264 in MP4 and VP9 in WebM, both in yuv420p
    /// so that every player shows them.
    static func codecArguments(forExtension ext: String) -> [String] {
        switch ext {
        case "webm": return ["-c:v", "libvpx-vp9", "-b:v", "0", "-crf", "32", "-deadline", "realtime", "-cpu-used", "8", "-pix_fmt", "yuv420p"]
        default: return ["-c:v", "libx264", "-preset", "veryfast", "-crf", "18", "-pix_fmt", "yuv420p", "-movflags", "+faststart"]
        }
    }

    static func write(_ report: TransitionRun.Report, to path: String, extension ext: String,
                      progress: ExportProgress) throws -> Int {
        let snapshots = report.snapshots
        guard let first = snapshots.first else { throw ExportError.nothingToDraw }
        guard let ffmpeg = findTool() else {
            throw ExportError.missingTool(tool: tool, debianPackage: debianPackage, format: "." + ext)
        }
        let width = Int(first.windowSize.width.rounded()), height = Int(first.windowSize.height.rounded())
        // H.264 and VP9 in yuv420p want even sizes.
        let image = CairoImage(width: width + width % 2, height: height + height % 2)
        let rate = String(report.framesPerSecond)
        let arguments = [ffmpeg, "-hide_banner", "-loglevel", "error", "-nostdin", "-y",
                         "-f", "rawvideo", "-pix_fmt", "bgra", "-s", "\(image.width)x\(image.height)", "-framerate", rate, "-i", "-"]
            + codecArguments(forExtension: ext) + [path]

        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else { throw ExportError.cannotWrite(path: path, reason: "cannot make a pipe to ffmpeg") }
        let child = try spawn(arguments, standardInput: pipeEnds[0], closing: pipeEnds[1], path: path)
        close(pipeEnds[0])
        // A dying ffmpeg must give us EPIPE, not kill the host.
        let previousHandler = signal(SIGPIPE, SIG_IGN)
        defer { signal(SIGPIPE, previousHandler) }

        var broken = false
        for (index, snapshot) in snapshots.enumerated() where !broken {
            SceneRasterizer.render(snapshot, into: image)
            image.withPixels { pixels in
                let bytes = UnsafeRawPointer(pixels)
                let count = image.stride * image.height
                var offset = 0
                while offset < count {
                    let n = Glibc.write(pipeEnds[1], bytes + offset, count - offset)
                    if n < 0 { if errno == EINTR { continue }; broken = true; return }
                    offset += n
                }
            }
            progress.update(done: index + 1)
        }
        close(pipeEnds[1])
        var status: Int32 = 0
        while waitpid(child, &status, 0) < 0 && errno == EINTR {}
        let exited = status & 0x7F == 0, code = (status >> 8) & 0xFF
        guard exited && code == 0 && !broken else {
            throw ExportError.cannotWrite(path: path, reason: "ffmpeg failed (\(exited ? "exit \(code)" : "signal \(status & 0x7F)")); its messages are above")
        }
        return snapshots.count
    }

    private static func spawn(_ arguments: [String], standardInput: Int32, closing other: Int32, path: String) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, standardInput, 0)
        posix_spawn_file_actions_addclose(&actions, other)
        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for p in argv { free(p) } }
        var child: pid_t = 0
        let result = posix_spawn(&child, arguments[0], &actions, nil, argv, environ)
        guard result == 0 else {
            throw ExportError.cannotWrite(path: path, reason: "cannot start ffmpeg: \(String(cString: strerror(result)))")
        }
        return child
    }
}
