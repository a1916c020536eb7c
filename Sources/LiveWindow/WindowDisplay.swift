import CSDLWindow
import LibC
import Rendering

/// A window on the display (SDL2, loaded on first use): pictures in, pointer and keys out.
/// Its size is in points; `pixelWidth`×`pixelHeight` is what it shows, more than its points on
/// a HiDPI display, so that a frame drawn at that size is sharp.
public final class WindowDisplay {
    public enum Failure: Error, CustomStringConvertible {
        /// No display to open a window on (neither DISPLAY nor WAYLAND_DISPLAY, or SDL found
        /// none): says how to get one.
        case noDisplay(String)
        /// SDL is missing or the window could not be made.
        case cannotOpen(String)

        public var description: String {
            switch self {
            case .noDisplay(let why):
                return "--window needs a display, and \(why). Run it in a desktop session, or under a virtual display: xvfb-run -a host run ... --window"
            case .cannotOpen(let why):
                return "cannot open a window: \(why)"
            }
        }
    }

    public let width: Int
    public let height: Int
    public private(set) var pixelWidth: Int
    public private(set) var pixelHeight: Int
    private let window: OpaquePointer
    /// With a device frame: the whole window's picture, the body drawn once, into whose middle
    /// each frame of the screen is copied; the body's width in pixels and in points.
    private var framed: (picture: CairoImage, inset: Int, points: Double)?

    /// Opens a window of `width`×`height` points titled `title`, at `zoom` screen pixels per
    /// point (less on a screen too small for that). With `frame`, the window is larger by its
    /// bezel all round (on a screen too small, the two shrink together), and its size, the
    /// pictures it is given and its pointer's points are the screen's inside the bezel.
    public init(title: String, width: Int, height: Int, zoom: Double = 1, frame: DeviceFrame? = nil,
                environment: [String: String]) throws {
        try Self.prepare(environment: environment)
        var why = [CChar](repeating: 0, count: 1024)
        let bezel = frame.map { max(0, Int($0.bezel.rounded())) } ?? 0
        guard let opened = th_window_open(title, Int32(width + 2 * bezel), Int32(height + 2 * bezel), zoom, &why, why.count) else {
            throw Failure.cannotOpen(String(cString: why))
        }
        window = opened
        self.width = width
        self.height = height
        var w: Int32 = 0, h: Int32 = 0
        th_window_pixel_size(opened, &w, &h)
        (pixelWidth, pixelHeight) = (max(1, Int(w)), max(1, Int(h)))
        if let frame, bezel > 0 {
            let scale = Double(pixelWidth) / Double(width + 2 * bezel)
            let inset = Int((Double(bezel) * scale).rounded())
            let picture = CairoImage(width: pixelWidth, height: pixelHeight)
            frame.draw(on: picture, scale: scale)
            framed = (picture, inset, Double(bezel))
            (pixelWidth, pixelHeight) = (max(1, pixelWidth - 2 * inset), max(1, pixelHeight - 2 * inset))
        }
    }

    deinit { th_window_close(window) }

    /// Shows `title` in the window's title bar.
    public func setTitle(_ title: String) { th_window_set_title(window, title) }

    /// Puts `text` on the desktop's clipboard (SDL loaded: a window is open); why it could
    /// not, or nil.
    static func setClipboard(_ text: String) -> String? {
        var why = [CChar](repeating: 0, count: 256)
        guard !th_window_set_clipboard(text, &why, why.count) else { return nil }
        return String(decoding: why.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Pixels per point: 1 on most displays, 2 on a HiDPI one, below 1 on a screen too small
    /// for the window (shrunk to fit, its shape kept).
    public var scale: Double { Double(pixelWidth) / Double(width) }

    /// The display's refresh rate in Hz, when it says.
    public var refreshRate: Int? {
        let rate = Int(th_window_refresh_rate(window))
        return rate > 0 ? rate : nil
    }

    /// Shows `image`, which has the window's pixel size.
    public func present(_ image: CairoImage) throws {
        var why = [CChar](repeating: 0, count: 512)
        var image = image
        if let framed {
            Self.copy(image, into: framed.picture, at: framed.inset)
            image = framed.picture
        }
        let shown = image.withPixels { th_window_present(window, $0, Int32(image.stride), &why, why.count) }
        guard shown else { throw Failure.cannotOpen(String(cString: why)) }
    }

    /// Shows the last picture again (the window was uncovered: the display kept no copy).
    public func refresh() throws {
        var why = [CChar](repeating: 0, count: 512)
        guard th_window_refresh(window, &why, why.count) else { throw Failure.cannotOpen(String(cString: why)) }
    }

    /// Copies `image`'s pixels (up to the screen's size) into `picture`, `inset` pixels from its
    /// top and left edges.
    private static func copy(_ image: CairoImage, into picture: CairoImage, at inset: Int) {
        let rows = min(image.height, picture.height - 2 * inset), row = min(image.width, picture.width - 2 * inset) * 4
        guard rows > 0, row > 0 else { return }
        let (from, to) = (image.stride, picture.stride)
        picture.withMutablePixels { target in
            image.withPixels { source in
                let bytes = UnsafeRawPointer(source), out = UnsafeMutableRawPointer(target)
                for y in 0..<rows { memcpy(out + (y + inset) * to + inset * 4, bytes + y * from, row) }
            }
        }
    }

    /// What the window shows now, read back from it, opaque: the whole window, a device
    /// frame's bezel included.
    public func read() throws -> CairoImage {
        let image = CairoImage(width: framed?.picture.width ?? pixelWidth, height: framed?.picture.height ?? pixelHeight)
        var why = [CChar](repeating: 0, count: 512)
        let read = image.withMutablePixels { pixels -> Bool in
            guard th_window_read(window, pixels, Int32(image.stride), &why, why.count) else { return false }
            for i in 0..<(image.stride / 4 * image.height) { pixels[i] |= 0xFF00_0000 }
            return true
        }
        guard read else { throw Failure.cannotOpen(String(cString: why)) }
        return image
    }

    /// Makes the window's thread, waiting in nextEvent, get a `.wake`: callable from any
    /// thread, once a window was prepared (SDL loaded).
    public static func wake() { th_window_wake() }

    /// The next thing that happened at the window, waiting at most `timeout` seconds.
    public func nextEvent(timeout: Double) -> WindowEvent? {
        var event = th_window_event()
        let milliseconds = timeout > 0 ? max(1, Int32((timeout * 1000).rounded(.up))) : 0
        guard th_window_next_event(window, &event, milliseconds) else { return nil }
        // The pointer in the screen's points: a device frame's bezel taken off.
        let bezel = framed?.points ?? 0
        event.x -= bezel
        event.y -= bezel
        return WindowEvent(event)
    }
}

/// An event at the window, in points.
public enum WindowEvent: Equatable, Sendable {
    public enum Key: Equatable, Sendable {
        case space, left, right, escape, enter, s, r, h, q, m, other
        /// The studio's keys (host studio).
        case tab, minus, equals, leftBracket, rightBracket, zero, c, f, p, k, t, b, g
    }

    case quit
    case key(Key, control: Bool, shift: Bool)
    /// The left button went down; `control`: with Ctrl held.
    case pointerDown(x: Double, y: Double, control: Bool)
    case pointerUp(x: Double, y: Double)
    case pointerMoved(x: Double, y: Double)
    case wheel(Double)
    case exposed
    /// WindowDisplay.wake() was called, from any thread.
    case wake

    init?(_ event: th_window_event) {
        switch event.kind {
        case TH_WINDOW_EVENT_QUIT: self = .quit
        case TH_WINDOW_EVENT_KEY:
            let key: Key
            switch event.key {
            case TH_WINDOW_KEY_SPACE: key = .space
            case TH_WINDOW_KEY_LEFT: key = .left
            case TH_WINDOW_KEY_RIGHT: key = .right
            case TH_WINDOW_KEY_ESCAPE: key = .escape
            case TH_WINDOW_KEY_RETURN: key = .enter
            case TH_WINDOW_KEY_S: key = .s
            case TH_WINDOW_KEY_R: key = .r
            case TH_WINDOW_KEY_H: key = .h
            case TH_WINDOW_KEY_Q: key = .q
            case TH_WINDOW_KEY_M: key = .m
            case TH_WINDOW_KEY_TAB: key = .tab
            case TH_WINDOW_KEY_MINUS: key = .minus
            case TH_WINDOW_KEY_EQUALS: key = .equals
            case TH_WINDOW_KEY_LEFT_BRACKET: key = .leftBracket
            case TH_WINDOW_KEY_RIGHT_BRACKET: key = .rightBracket
            case TH_WINDOW_KEY_0: key = .zero
            case TH_WINDOW_KEY_C: key = .c
            case TH_WINDOW_KEY_F: key = .f
            case TH_WINDOW_KEY_P: key = .p
            case TH_WINDOW_KEY_K: key = .k
            case TH_WINDOW_KEY_T: key = .t
            case TH_WINDOW_KEY_B: key = .b
            case TH_WINDOW_KEY_G: key = .g
            default: key = .other
            }
            self = .key(key, control: event.modifiers & TH_WINDOW_MOD_CTRL != 0, shift: event.modifiers & TH_WINDOW_MOD_SHIFT != 0)
        case TH_WINDOW_EVENT_BUTTON_DOWN: self = .pointerDown(x: event.x, y: event.y, control: event.modifiers & TH_WINDOW_MOD_CTRL != 0)
        case TH_WINDOW_EVENT_BUTTON_UP: self = .pointerUp(x: event.x, y: event.y)
        case TH_WINDOW_EVENT_MOTION: self = .pointerMoved(x: event.x, y: event.y)
        case TH_WINDOW_EVENT_WHEEL: self = .wheel(event.wheel)
        case TH_WINDOW_EVENT_EXPOSED: self = .exposed
        case TH_WINDOW_EVENT_WAKE: self = .wake
        default: return nil
        }
    }
}

extension WindowDisplay {
    /// Checks for a display and loads SDL, without opening a window.
    public static func prepare(environment: [String: String]) throws {
        let display = environment["DISPLAY"] ?? "", wayland = environment["WAYLAND_DISPLAY"] ?? ""
        guard !display.isEmpty || !wayland.isEmpty else {
            throw Failure.noDisplay("neither DISPLAY nor WAYLAND_DISPLAY is set")
        }
        let drivers = (display.isEmpty ? [] : ["x11"]) + (wayland.isEmpty ? [] : ["wayland"])
        var why = [CChar](repeating: 0, count: 1024)
        guard th_window_load(drivers.joined(separator: ","), &why, why.count) else {
            let text = String(cString: why)
            if text.hasPrefix("cannot load") || text.contains(" lacks ") { throw Failure.cannotOpen(text) }
            let named = [display.isEmpty ? nil : "DISPLAY=\(display)", wayland.isEmpty ? nil : "WAYLAND_DISPLAY=\(wayland)"]
            throw Failure.noDisplay("\(named.compactMap { $0 }.joined(separator: " and ")) could not be used (SDL: \(text))")
        }
    }
}
