/// Why a file could not be written, in words a user can act on.
public enum ExportError: Error, CustomStringConvertible, Equatable {
    /// The path's extension names no format we write.
    case unknownFormat(path: String)
    /// A format that needs a program that is not installed.
    case missingTool(tool: String, debianPackage: String, format: String)
    case cannotWrite(path: String, reason: String)
    /// The run has no frames (it failed before the first one).
    case nothingToDraw
    /// What would be written is larger than a sane file of its kind.
    case tooLarge(path: String, bytes: Int, limit: Int)
    /// The run uses what the format cannot say (Lottie and 3D perspective).
    case cannotExpress(format: String, what: [String])

    public var description: String {
        switch self {
        case .unknownFormat(let path):
            return "cannot tell what to write to '\(path)' from its name: use .gif, .png (a filmstrip), .svg, .html (a web page), "
                + ".lottie.json (Lottie), .json, .mp4 or .webm, or a folder ending in '/' for numbered PNG frames"
        case .missingTool(let tool, let package, let format):
            return "writing \(format) needs \(tool), which is not installed; install it with "
                + "`apt-get install \(package)` (Debian package '\(package)'), or write .gif or .svg instead"
        case .cannotWrite(let path, let reason):
            return "cannot write \(path): \(reason)"
        case .nothingToDraw:
            return "the run has no frames to draw"
        case .cannotExpress(let format, let what):
            return "\(format) cannot express all this run uses: \(what.joined(separator: "; ")); "
                + "give --approximate to write it all the same, those left out or drawn as said, or write .html, which can"
        case .tooLarge(let path, let bytes, let limit):
            return "not writing \(path): it would be \(bytes / (1 << 20)) MB, more than \(limit / (1 << 20)) MB; "
                + "a shorter run (--fps 30) or a smaller scene makes a smaller file"
        }
    }
}
