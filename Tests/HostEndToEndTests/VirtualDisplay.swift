import Foundation
import Rendering
import Testing

/// An X server of the test's own (Xvfb, which `Scripts/install-deps --tests` installs) on a
/// display number no one uses, with xdotool to give it real input. Stopped by `stop()` or
/// when it is released. A missing Xvfb or xdotool fails the test: it is never skipped.
final class VirtualDisplay: @unchecked Sendable {
    let number: Int
    private let server: Process
    private let dir: TempDir
    var name: String { ":\(number)" }

    static let xvfb = "/usr/bin/Xvfb"
    static let xdotoolPath = "/usr/bin/xdotool"
    static let howToInstall = "Scripts/install-deps --tests installs xvfb and xdotool"

    private init(number: Int, server: Process, dir: TempDir) {
        self.number = number
        self.server = server
        self.dir = dir
    }

    /// Starts Xvfb with one 1024×1000 screen of 24-bit colour on a display number it finds
    /// free itself (-displayfd: it takes the lock of the number it says, so two tests starting
    /// servers at once never share one, which a number chosen here and checked by its lock
    /// file allowed: one test then drove the other's server and lost it when that one ended),
    /// and waits until it takes clients.
    static func start(in dir: TempDir, screen: String = "1024x1000", sourceLocation: SourceLocation = #_sourceLocation) async throws -> VirtualDisplay {
        try #require(FileManager.default.isExecutableFile(atPath: xvfb), "no \(xvfb): \(howToInstall)", sourceLocation: sourceLocation)
        try #require(FileManager.default.isExecutableFile(atPath: xdotoolPath), "no \(xdotoolPath): \(howToInstall)",
                     sourceLocation: sourceLocation)
        let server = Process()
        server.executableURL = URL(fileURLWithPath: xvfb)
        server.arguments = ["-displayfd", "1", "-screen", "0", "\(screen)x24", "-nolisten", "tcp", "-noreset"]
        let said = Pipe()
        server.standardInput = FileHandle.nullDevice
        server.standardOutput = said
        server.standardError = FileHandle.nullDevice
        try server.run()
        // It writes the number once it listens, or ends (closing the pipe) when it cannot.
        var text = ""
        while !text.contains("\n") {
            let chunk = said.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            text += String(decoding: chunk, as: UTF8.self)
        }
        guard let number = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            if server.isRunning { kill(server.processIdentifier, SIGKILL) }
            server.waitUntilExit()
            throw ChildProcessFailure(description: "Xvfb did not start a display (it said '\(text)')")
        }
        let display = VirtualDisplay(number: number, server: server, dir: dir)
        let deadline = Date().addingTimeInterval(15)
        while server.isRunning && Date() < deadline {
            // Takes clients: a query answers.
            if (try? await display.xdotool(["getdisplaygeometry"]))?.status == 0 { return display }
            try await Task.sleep(nanoseconds: 50_000_000)
        }
        display.stop()
        throw ChildProcessFailure(description: "the Xvfb of :\(number) took no client within 15 s")
    }

    deinit { stop() }

    /// Ends the server (only the one started here, only while it runs).
    /// SIGTERM first, so that the server removes its lock and socket (SIGKILL left hundreds
    /// behind on a machine that ran the suite often); SIGKILL after a second.
    func stop() {
        guard server.isRunning else { return }
        kill(server.processIdentifier, SIGTERM)
        let deadline = Date().addingTimeInterval(1)
        while server.isRunning && Date() < deadline { usleep(10_000) }
        if server.isRunning { kill(server.processIdentifier, SIGKILL) }
        server.waitUntilExit()
    }

    /// Runs xdotool on this display.
    @discardableResult
    func xdotool(_ arguments: [String], timeout: Double = 30) async throws -> ProgramResult {
        let result = try await runProgram(VirtualDisplay.xdotoolPath, arguments, environment: ["DISPLAY": name], outputIn: dir,
                                          timeout: timeout)
        guard result.status == 0 else { throw ChildProcessFailure(description: "xdotool failed:\n\(result)") }
        return result
    }

    /// The id of the newest host window (titled "host run ..."), waiting until one is mapped:
    /// the window of the run before may not be gone yet, and a click on it fails (BadWindow),
    /// so the highest id, the latest client's, is taken.
    func hostWindow(named pattern: String = "^host run") async throws -> String {
        // xdotool's search walks the window tree, and fails (BadWindow) when a window goes
        // while it walks (seen under load as a run starts): it is asked again.
        var found: ProgramResult?
        for attempt in 1...20 {
            do {
                found = try await xdotool(["search", "--sync", "--onlyvisible", "--name", pattern])
                break
            } catch where attempt < 20 {
                try await Task.sleep(nanoseconds: 100_000_000)
            }
        }
        guard let found else { return "" }
        let ids = found.out.split(separator: "\n").compactMap { UInt64($0.trimmingCharacters(in: .whitespaces)) }
        return ids.max().map(String.init) ?? ""
    }

    /// Clicks at (x, y), in points from the window's top-left corner.
    func click(_ x: Int, _ y: Int, in window: String) async throws {
        try await xdotool(["mousemove", "--window", window, "\(x)", "\(y)"])
        try await Task.sleep(nanoseconds: 100_000_000)
        try await xdotool(["click", "1"])
    }

    /// Clicks at (x, y) until `file` exists (a capture the click leads to), every 2 s: a
    /// window that has only just appeared may not take the first click yet.
    func click(_ x: Int, _ y: Int, in window: String, until file: String, of host: WatchingHost) async throws {
        for _ in 0..<10 {
            try await click(x, y, in: window)
            let deadline = Date().addingTimeInterval(2)
            while Date() < deadline {
                if FileManager.default.fileExists(atPath: file) { return }
                try await Task.sleep(nanoseconds: 50_000_000)
            }
        }
        throw ChildProcessFailure(description: "no click at (\(x), \(y)) led to \(file):\n\(host.transcript)")
    }

    /// A drag with the left button from (x, y) to (toX, y), moved in 20-point steps 30 ms apart,
    /// then held still for `hold` seconds before the release (so that it ends without a flick).
    func drag(from x: Int, to toX: Int, y: Int, hold: Double = 0.4, in window: String) async throws {
        try await xdotool(["mousemove", "--window", window, "\(x)", "\(y)", "mousedown", "1"])
        for step in stride(from: x + 20, through: toX, by: 20) {
            try await xdotool(["mousemove", "--window", window, "\(step)", "\(y)"])
            try await Task.sleep(nanoseconds: 30_000_000)
        }
        try await xdotool(["mousemove", "--window", window, "\(toX)", "\(y)"])
        try await Task.sleep(nanoseconds: UInt64(hold * 1e9))
        try await xdotool(["mouseup", "1"])
    }

    /// The window's title.
    func title(of window: String) async throws -> String {
        try await xdotool(["getwindowname", window]).out.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// What the X server shows of `window` now, written to `path` as a PNG (ffmpeg's x11grab,
    /// which reads the screen, not the window's own picture).
    func screenshot(of window: String, to path: String) async throws {
        let geometry = try await xdotool(["getwindowgeometry", "--shell", window]).out
        var values: [String: Int] = [:]
        for line in geometry.split(separator: "\n") {
            let parts = line.split(separator: "=")
            if parts.count == 2 { values[String(parts[0])] = Int(parts[1]) }
        }
        guard let x = values["X"], let y = values["Y"], let width = values["WIDTH"], let height = values["HEIGHT"] else {
            throw ChildProcessFailure(description: "no geometry for window \(window): \(geometry)")
        }
        let grab = try await runProgram("/usr/bin/ffmpeg", ["-loglevel", "error", "-y", "-f", "x11grab", "-video_size", "\(width)x\(height)",
                                                            "-i", "\(name)+\(x),\(y)", "-frames:v", "1", path],
                                        environment: ["DISPLAY": name], outputIn: dir)
        guard grab.status == 0 else { throw ChildProcessFailure(description: "ffmpeg could not grab the screen:\n\(grab)") }
    }

    /// Presses `keys` (xdotool's names, such as "q", "space", "Left") in the host's window,
    /// with the keyboard focus given to it first.
    func press(_ keys: [String], in window: String) async throws {
        try await xdotool(["windowfocus", "--sync", window, "key", "--delay", "30"] + keys)
    }
}

/// How far apart two pictures are: the largest difference of any channel of any pixel (nil
/// when their sizes differ), only inside `inside` when given, or only outside `outside`
/// (x, y, width, height in pixels).
func largestDifference(_ a: String, _ b: String, inside: (Int, Int, Int, Int)? = nil,
                       outside: (Int, Int, Int, Int)? = nil) throws -> Int? {
    let first = try CairoImage.readPNG(a), second = try CairoImage.readPNG(b)
    guard first.width == second.width, first.height == second.height else { return nil }
    var largest = 0
    first.withPixels { p in
        second.withPixels { q in
            for y in 0..<first.height {
                for x in 0..<first.width {
                    if let (rx, ry, rw, rh) = inside, !(x >= rx && x < rx + rw && y >= ry && y < ry + rh) { continue }
                    if let (rx, ry, rw, rh) = outside, x >= rx && x < rx + rw && y >= ry && y < ry + rh { continue }
                    let u = p[y * first.stride / 4 + x], v = q[y * second.stride / 4 + x]
                    for shift in stride(from: UInt32(0), through: 24, by: 8) {
                        largest = max(largest, abs(Int((u >> shift) & 0xFF) - Int((v >> shift) & 0xFF)))
                    }
                }
            }
        }
    }
    return largest
}
