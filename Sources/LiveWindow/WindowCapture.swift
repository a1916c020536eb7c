/// `--window-capture TIME=PATH.png`: write what the window shows at a virtual time, read back
/// from the window itself, to a PNG file.
public struct WindowCapture: Equatable, Sendable {
    public let time: Double
    public let path: String

    public init(time: Double, path: String) {
        self.time = time
        self.path = path
    }

    public enum Failure: Error, CustomStringConvertible {
        case malformed(String)
        public var description: String {
            switch self {
            case .malformed(let text):
                return "--window-capture takes TIME=PATH.png, a virtual time in seconds (0 or more) and a PNG file, such as 0.25=frame.png; not '\(text)'"
            }
        }
    }

    /// Reads "0.25=frame.png".
    public init(parsing text: String) throws {
        guard let equals = text.firstIndex(of: "="), let time = Double(text[..<equals]), time.isFinite, time >= 0 else {
            throw Failure.malformed(text)
        }
        let path = String(text[text.index(after: equals)...])
        guard path.hasSuffix(".png"), path.count > 4 else { throw Failure.malformed(text) }
        self.init(time: time, path: path)
    }
}
