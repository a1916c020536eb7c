import LibC

/// What `--output PATH` writes, chosen by the path's extension.
public enum ExportFormat: Equatable, Sendable {
    /// An animated GIF, looping.
    case gif
    /// A contact sheet of evenly spaced frames with their times (`.png`).
    case filmstrip
    /// A folder of numbered PNG frames: a path ending in "/", or an existing folder.
    case pngFrames
    /// An animated SVG that plays in a browser.
    case svg
    /// The timeline as JSON.
    case json
    /// MP4 or WebM through ffmpeg; the associated value is the extension.
    case video(String)
    /// A web page that plays the run with the browser's own animations (WebPage).
    case html
    /// A Lottie animation (LottieExport), named NAME.lottie.json.
    case lottie

    /// The format for `path`; throws ExportError.unknownFormat when the name says none.
    public static func forPath(_ path: String) throws -> ExportFormat {
        if path.hasSuffix("/") || isDirectory(path) { return .pngFrames }
        let name = path.split(separator: "/").last.map(String.init) ?? path
        if name.lowercased().hasSuffix(".lottie.json") && name.count > ".lottie.json".count { return .lottie }
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { throw ExportError.unknownFormat(path: path) }
        switch name[name.index(after: dot)...].lowercased() {
        case "gif": return .gif
        case "png": return .filmstrip
        case "svg": return .svg
        case "json": return .json
        case "mp4": return .video("mp4")
        case "webm": return .video("webm")
        case "html", "htm": return .html
        default: throw ExportError.unknownFormat(path: path)
        }
    }

    /// Throws when this format needs a program that is missing, so that a run can fail
    /// before it starts rather than after.
    public func checkTools() throws {
        if case .video(let ext) = self, VideoEncoder.findTool() == nil {
            throw ExportError.missingTool(tool: VideoEncoder.tool, debianPackage: VideoEncoder.debianPackage, format: "." + ext)
        }
    }

    private static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }
}
