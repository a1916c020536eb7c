import CCairo
import LibC
import Rendering
import TransitionCore

/// Shows a run in a window as it is made, on the real clock: each frame of the run (a
/// SceneSnapshot, handed over by TransitionRun's onSnapshot) is drawn by the renderer that
/// draws the exports, at the window's pixel size, and shown at its virtual time after the
/// first. A frame that comes when its successor is already due is skipped (counted in
/// `dropped`), so the run takes as long as it should. After the run, `hold` keeps the last
/// frame on screen until the window is closed (its close button, or Q).
///
/// The scene is live: before each transition the window shows the scene and waits (the
/// virtual clock stands still) until the user starts it. A click on the screen goes forward
/// (presents, pushes, switches tab); Escape or a click on a back button ("‹ …") goes back. A
/// gesture makes the transition interactive (PointerGesture): a drag from the left edge (going
/// back) is a screen-edge pan, a drag elsewhere a pan, a Ctrl-drag or the wheel a pinch. Its
/// events reach the interaction controller the run names for that direction (a plugin's), or
/// the host's percent-driven one, which reads them as a gesture written in points is read
/// (LiveGestureReading: the drag's distance over the window's width, the release deciding by
/// the pan handler's rule with the drag's own velocity).
///
/// While a transition plays, Space pauses and resumes; paused, ← and → step a frame back and
/// forth (→ past the newest frame lets the run make the next one), and the title says the
/// virtual time shown. S toggles slow animations: the real clock runs ten times slower
/// against the virtual one. M turns Reduce Motion on and off for the transitions that start
/// from then on (the title says when it is on). H shows or hides a panel with what runs, the phase, the virtual
/// time, the frame rate and the worst frame time. R replays (WindowPlayer+Replay.swift): the
/// transition playing, or the one just ended while the scene waits, or after the run the whole
/// run, from the frames the run made (no plugin is called again).
public final class WindowPlayer {
    /// The window's title, before what the player adds to it (a replay, a pause, ...).
    public var title: String { didSet { updateTitle() } }
    public let framesPerSecond: Int
    private let environment: [String: String]
    var display: WindowDisplay?
    var image: CairoImage?
    /// Every --window-capture, by time; `pending` those not written yet.
    let captures: [WindowCapture]
    private var pending: [WindowCapture]
    /// The monotonic time at which virtual time 0 is shown.
    var clockOrigin: Double?

    /// True once the user closed the window: the rest of the run is not shown.
    public private(set) var closed = false
    /// Why the window stopped showing, or a capture was not written; nil while all is well.
    public internal(set) var failure: String?
    /// Seconds each shown frame took to draw, upload and present.
    public private(set) var frameCosts: [Double] = []
    /// Frames skipped because they came too late.
    public private(set) var dropped = 0
    /// For the input-to-photon benchmark: called as each frame has been presented, with the
    /// monotonic time and the pointer's x (points) in the newest gesture event the run had
    /// taken when it made the frame (nil before any).
    public var onPresent: ((_ time: Double, _ pointerX: Double?) -> Void)?
    private var pointerTaken: Double?
    /// The captures written, in the order they were.
    public private(set) var written: [WindowCapture] = []

    /// Checks that a window can be opened (a display, SDL) before anything runs; the window
    /// itself opens at the run's first frame, at the size of the scene's window.
    /// Screen pixels per point the window opens at (the studio's --scale): 1 as a device shows
    /// the scene, 2 twice as large; a screen too small for it gets less.
    public var zoom = 1.0
    /// A phone's body drawn around the screen (the studio's --device-frame); nil: none.
    public var deviceFrame: DeviceFrame?

    public init(title: String, framesPerSecond: Int, captures: [WindowCapture], environment: [String: String]) throws {
        try WindowDisplay.prepare(environment: environment)
        self.title = title
        self.framesPerSecond = framesPerSecond
        self.environment = environment
        self.captures = captures.sorted { $0.time < $1.time }
        pending = self.captures
    }

    /// Paused with Space: the run waits; ← → move `viewed` through the frames shown so far.
    var paused = false
    /// Every frame the run made, in order (at most 100,000): what ← → and R show again.
    var history: [SceneSnapshot] = []
    /// Where each transition's frames begin in `history`.
    var transitionStarts: [Int] = []
    /// R was pressed: the frame being waited for gives way to a replay (WindowPlayer+Replay).
    var replayRequested = false
    /// A replay is playing; the run has ended and the window holds its last frame.
    var replaying = false
    var holding = false
    var viewed = 0
    /// Frames → asked for past the newest one, which the run has yet to make.
    private var stepsRequested = 0
    /// Real seconds per virtual second: 1, or 10 with S.
    public private(set) var slowFactor = 1.0
    /// Reduce Motion, as the system's switch: M turns it on and off, and the transitions that
    /// start from then on play the reduced variant, or a cross-dissolve (TransitionRun's
    /// reducesMotionNow reads it). On from the start with --reduce-motion.
    public var reducesMotion = false {
        didSet { updateTitle() }
    }
    /// The snapshot on screen now.
    var current: SceneSnapshot?

    /// Whether the H panel is shown; what it says of the phase; when recent frames were shown.
    public private(set) var overlayShown = false
    var phase = "waiting"
    private var shownAt: [Double] = []

    /// `--watch` (WindowWatch): asked at each wake whether a new version of the plugins has
    /// come; once it has, the rest of the run goes on unseen and hold() returns.
    public var isSuperseded: (() -> Bool)?
    public private(set) var superseded = false
    /// Transitions still to start without waiting for the user: a replay's first.
    private var autoStarts = 0
    /// Which run the window shows: 0 the first, then each replay of --watch (the title names
    /// it from the replay's first frame on, as the watch's line does); and which the title names.
    public private(set) var runNumber = 0
    private var titledRun = 0
    /// Shown over the bottom of the window, until the next run: a version that was refused.
    public private(set) var notices: [String] = []

    /// The studio's (`host studio`): lines shown over the top-right corner, which H hides and
    /// shows instead of the panel of what runs. The caller escapes what came from a plugin.
    public var panel: [String] = [] {
        didSet { redrawShown() }
    }
    var panelHidden = false
    /// The studio's graph of the last run's animated properties, shown over the timeline
    /// while G has it on; nil while a run plays (it is the run's once it has ended).
    public var curveStrip: CurveStrip? {
        didSet { redrawShown() }
    }
    private var graphShown = false
    /// The pair of frames compare() shows now, and their labels; nil outside an A/B.
    var shownPair: (SceneSnapshot, SceneSnapshot, (String, String))?
    /// The panel's sliders: for a line's index, where its value lies in its range (0 to 1).
    public var panelBars: [Int: Double] = [:] {
        didSet { redrawShown() }
    }

    /// What the window shows, drawn again (the panel changed): the pair of an A/B, or the frame.
    private func redrawShown() {
        guard let display else { return }
        if let (a, b, labels) = shownPair { drawPair(a, b, labels: labels, on: display) } else if let current { draw(current, on: display) }
    }
    /// A slider pressed or dragged on the panel: its line, the share of its width the pointer
    /// is at (0 to 1), and whether the button came up. True when that changed what plays
    /// (the run then goes on unseen and the next begins, as for a key).
    public var onSlider: ((_ line: Int, _ share: Double, _ released: Bool) -> Bool)?
    /// The panel's slider being dragged, by line.
    private var sliding: Int?
    /// For the studio's benchmark: called with the seconds from a key or a slider that changed
    /// what plays to the next run's first frame on screen.
    public var onChangeShown: ((Double) -> Void)?
    private var changedAt: Double?
    /// Seconds each frame shown by the timeline took to draw, upload and present.
    public private(set) var scrubCosts: [Double] = []
    /// The studio's timeline is being dragged (WindowTimeline): each move shows another frame.
    private var scrubbing = false
    /// The time of the frame the timeline last showed, said in the title; nil when none.
    private var scrubbedTo: Double?
    /// The studio's keys, those the player does not read itself: true when the key changed
    /// what plays, and then the run being shown goes on unseen and hold() returns, as for a
    /// rebuilt plugin under --watch (beginReplay starts the next).
    public var onKey: ((WindowEvent.Key, _ shift: Bool) -> Bool)?

    /// Puts `text` on the desktop's clipboard; why it could not, or nil.
    public func copyToClipboard(_ text: String) -> String? { WindowDisplay.setClipboard(text) }

    /// Another run in the same window (`--watch`, after a reload): its first transition starts
    /// at once, the others wait for the user as in the first run; `notices` show over it.
    public func beginReplay(notices: [String]) {
        self.notices = notices
        runNumber += 1
        superseded = false
        autoStarts = 1
        history = []
        transitionStarts = []
        shownPair = nil
        (clockOrigin, paused, gesture, press, stepsRequested, replayRequested) = (nil, false, nil, nil, 0, false)
        updateTitle()
    }


    /// The button went down here, with Ctrl or not, and is not a gesture yet.
    private var press: (point: Point, control: Bool)?
    /// The gesture that started (or drives) the transition.
    private var gesture: PointerGesture?

    /// Before a transition: shows the scene as it is and waits until the user starts the
    /// transition (see the type's comment). With the window closed, at once as an animation.
    public func start(goesBack: Bool, scene snapshot: SceneSnapshot) -> TransitionRun.TransitionStart {
        guard !closed, !superseded, failure == nil, let display = display ?? open(snapshot) else { return .animated }
        if autoStarts > 0 {
            autoStarts -= 1
            transitionStarts.append(history.count)
            (phase, clockOrigin) = (goesBack ? "back" : "forward", nil)
            return .animated
        }
        phase = goesBack ? "waiting: Escape, back or a gesture" : "waiting: a click or a gesture"
        draw(snapshot, on: display)
        (decision, gesture, press) = (nil, nil, nil)
        waiting = (goesBack, snapshot)
        defer {
            phase = goesBack ? "back" : "forward"
            waiting = nil
            clockOrigin = nil  // the clock starts again from the transition's first frame
        }
        waitForUser(while: { decision == nil }) {
            // R: the transition that has just ended plays again, then the scene waits again.
            guard let last = transitionStarts.last else { return }
            replayFrames(from: last, waitingOn: snapshot)
            phase = goesBack ? "waiting: Escape, back or a gesture" : "waiting: a click or a gesture"
        }
        transitionStarts.append(history.count)
        guard decision == .gesture, let gesture else { return .animated }
        return .gesture { [self] elapsed in
            if closed || superseded { gesture.cancel() }
            // The run asks just before it makes a frame: wait for that frame's time here, not
            // in show, so that the frame shows the pointer as it is when it is drawn (a frame
            // made first and shown a frame interval later would show it as it was).
            if elapsed > 0, !paused, let last = history.last, let origin = clockOrigin {
                pumpEvents(until: origin + (last.time + 1 / Double(framesPerSecond)) * slowFactor)
            }
            let events = gesture.take(now: monotonicSeconds(), elapsed: elapsed)
            if let last = events.last { pointerTaken = last.location.x }
            return events
        }
    }

    private enum Decision { case animated, gesture }
    private var decision: Decision?
    var waiting: (goesBack: Bool, snapshot: SceneSnapshot)?

    /// Whether the window has opened (at the first frame shown).
    public var isOpen: Bool { display != nil }

    /// The captures not written (their time never came, or the window was closed first).
    public var missedCaptures: [WindowCapture] { pending }

    /// Shows one frame of the run, waiting until its time comes. R while it waits plays the
    /// transition's frames so far again, then this one, and the run goes on.
    public func show(_ snapshot: SceneSnapshot) {
        guard !closed, !superseded, failure == nil else { return }
        guard display != nil || open(snapshot) != nil else { return }
        // Every frame of the run is kept, drawn or not, so that ← and → step one frame of the
        // virtual clock at a time even after a busy machine made the window drop some.
        if history.count < 100_000 { history.append(snapshot) }
        present(snapshot, at: history.count - 1)
        if replayRequested { replayFrames(from: transitionStarts.last ?? 0, waitingOn: nil) }
    }

    /// Shows `snapshot` (history[index] when it is kept) at its virtual time on the real
    /// clock: drawn when its time comes, skipped when it comes a whole frame late (unless a
    /// capture wants it), written to the captures due at it; paused, it waits here while ←
    /// and → step through the frames. Returns early when R asks for a replay.
    func present(_ snapshot: SceneSnapshot, at index: Int) {
        guard let display else { return }
        let now = monotonicSeconds()
        let origin = clockOrigin ?? (now - snapshot.time * slowFactor)
        clockOrigin = origin
        let deadline = paused ? now : origin + snapshot.time * slowFactor
        pumpEvents(until: deadline)
        if closed || superseded || replayRequested { return }
        let due = capturesDue(at: index, snapshot)
        // Late by a whole frame: the next one is due already.
        if due.isEmpty && !paused && monotonicSeconds() > deadline + slowFactor / Double(framesPerSecond) {
            dropped += 1
            return
        }
        draw(snapshot, on: display)
        if titledRun != runNumber {
            titledRun = runNumber
            updateTitle()
        }
        if !due.isEmpty { write(due, from: display) }
        guard paused else { return }
        viewed = index
        updateTitle()
        // R ends this wait: the caller replays (show, or the replay itself starting over).
        waitForUser(while: { paused && stepsRequested == 0 }, returnsOnReplay: true)
        if paused && stepsRequested > 0 && !replayRequested {
            stepsRequested -= 1
            return
        }
        clockOrigin = nil  // resumed: the clock goes on from the frame shown
    }

    /// The captures whose time falls on history[index]: after the frame before it (by half a
    /// frame) and up to this one's. A replay shows the same frames at the same times, so it
    /// writes the same captures again.
    private func capturesDue(at index: Int, _ snapshot: SceneSnapshot) -> [WindowCapture] {
        let half = 0.5 / Double(framesPerSecond)
        let after = index > 0 && index < history.count ? history[index - 1].time + half : -Double.infinity
        return captures.filter { $0.time > after && $0.time <= snapshot.time + half }
    }

    /// After the run: keeps the last frame on screen until the window is closed. R plays the
    /// whole run again, its transitions one after the other, and the window holds again.
    public func hold() {
        guard display != nil else { return }
        holding = true
        scrubbedTo = nil
        phase = "ended"
        updateTitle()
        defer { holding = false }
        waitForUser(while: { true }) {
            guard let last = history.last else { return }
            replayFrames(from: 0, waitingOn: last)
            phase = "ended"
            updateTitle()
        }
    }

    func open(_ snapshot: SceneSnapshot) -> WindowDisplay? {
        // The body's inner corners follow the display's; a scene without chrome has square ones.
        var frame = deviceFrame
        frame?.screenCornerRadius = snapshot.chrome?.displayCornerRadius ?? 0
        do {
            let opened = try WindowDisplay(
                title: title, width: Int(snapshot.windowSize.width.rounded()), height: Int(snapshot.windowSize.height.rounded()),
                zoom: zoom, frame: frame, environment: environment)
            display = opened
            return opened
        } catch {
            failure = "\(error)"
            return nil
        }
    }

    func draw(_ snapshot: SceneSnapshot, on display: WindowDisplay) {
        let begin = monotonicSeconds()
        current = snapshot
        if image?.width != display.pixelWidth || image?.height != display.pixelHeight {
            image = CairoImage(width: display.pixelWidth, height: display.pixelHeight)
        }
        guard let image else { return }
        SceneRasterizer.render(snapshot, into: image)
        shownAt.append(begin)
        shownAt.removeAll { $0 < begin - 1 }
        if !panel.isEmpty {
            if !panelHidden { WindowOverlay(lines: panel, placement: .topRight, bars: panelBars).draw(on: image, scale: display.scale) }
            if let first = history.first, let last = history.last {
                WindowTimeline(start: first.time, end: last.time, shown: snapshot.time).draw(on: image, scale: display.scale)
            }
            // The touches of the gesture in progress, as the Simulator shows them.
            if let touches = gesture?.touches, !touches.isEmpty {
                image.draw { cr in
                    cairo_scale(cr, display.scale, display.scale)
                    for touch in touches {
                        cairo_arc(cr, touch.x, touch.y, 16, 0, 2 * Double.pi)
                        cairo_set_source_rgba(cr, 1, 1, 1, 0.4)
                        cairo_fill(cr)
                        cairo_arc(cr, touch.x, touch.y, 16, 0, 2 * Double.pi)
                        cairo_set_source_rgba(cr, 0.2, 0.2, 0.2, 0.6)
                        cairo_set_line_width(cr, 1.5)
                        cairo_stroke(cr)
                    }
                }
            }
            if graphShown, let curveStrip {
                curveStrip.draw(on: image, scale: display.scale, above: WindowTimeline.height + WindowTimeline.margin + 4, at: snapshot.time)
            }
        } else if overlayShown {
            overlay(at: snapshot.time).draw(on: image, scale: display.scale)
        }
        if !notices.isEmpty {
            WindowOverlay(lines: notices.map(VisibleText.escape), placement: .bottom).draw(on: image, scale: display.scale)
        }
        do { try display.present(image) } catch { failure = "\(error)" }
        let end = monotonicSeconds()
        frameCosts.append(end - begin)
        if let changed = changedAt, !superseded {
            changedAt = nil
            onChangeShown?(end - changed)
        }
        onPresent?(end, pointerTaken)
    }

    /// Writes what the window shows now to each of `due`, read back from the window once.
    private func write(_ due: [WindowCapture], from display: WindowDisplay) {
        let picture: CairoImage
        do { picture = try display.read() } catch {
            failure = "\(error)"
            return
        }
        for next in due {
            do {
                // Whole or not at all: whoever waits for the file never reads half of it.
                let partial = next.path + ".partial"
                try picture.writePNG(partial)
                guard rename(partial, next.path) == 0 else {
                    let why = String(cString: strerror(errno))
                    unlink(partial)
                    failure = "cannot write the capture \(next.path): \(why)"
                    return
                }
                if let i = pending.firstIndex(of: next) {
                    pending.remove(at: i)
                    written.append(next)
                }
            } catch {
                failure = "cannot write the capture \(next.path): \(error)"
                return
            }
        }
    }

    /// The window's one wait for the user, used by the scene waiting for a transition to
    /// start, a paused frame and the held end: reads the window's events while `waiting()`
    /// holds and the window is open, current and working. R runs `replay`, then the wait goes
    /// on; with `returnsOnReplay`, R ends the wait instead and the caller replays.
    func waitForUser(while waiting: () -> Bool, returnsOnReplay: Bool = false, replay: () -> Void = {}) {
        while waiting() && !closed && !superseded && failure == nil {
            if replayRequested {
                if returnsOnReplay { return }
                replay()
                replayRequested = false
                continue
            }
            pumpEvents(until: monotonicSeconds() + 0.25)
        }
    }

    /// Reads what happens at the window until `deadline` (at least once), or until something
    /// the caller waits on happened: a step, a replay, or, while the scene waits, the click or
    /// gesture that starts the transition (which would otherwise start up to a wait late).
    func pumpEvents(until deadline: Double) {
        repeat {
            guard let display else { return }
            let wait = max(0, deadline - monotonicSeconds())
            guard let event = display.nextEvent(timeout: wait) else { continue }
            handle(event)
        } while !closed && !superseded && stepsRequested == 0 && !replayRequested && !(waiting != nil && decision != nil)
            && monotonicSeconds() < deadline
    }

    private func handle(_ event: WindowEvent) {
        switch event {
        case .quit, .key(.q, _, _): closed = true
        case .wake:
            if isSuperseded?() == true { superseded = true }
        case .key(.escape, _, _):
            if waiting?.goesBack == true { decision = .animated }
        case .key(.space, _, _):
            guard waiting == nil, display != nil, !holding || replaying else { break }
            paused.toggle()
            // Paused, the frame being shown now is drawn first and the title then names it (in
            // show); said here, it would name the frame before and change a moment later.
            if !paused { updateTitle() }
        case .key(.left, _, _):
            guard paused, waiting == nil, viewed > 0, let display else { break }
            viewed -= 1
            draw(history[viewed], on: display)
            updateTitle()
        case .key(.right, _, _):
            guard paused, waiting == nil, let display else { break }
            if viewed + 1 < history.count {
                viewed += 1
                draw(history[viewed], on: display)
                updateTitle()
            } else {
                stepsRequested += 1
            }
        case .key(.r, _, _):
            // While the scene waits before the first transition there is nothing to replay.
            guard display != nil, !history.isEmpty else { break }
            replayRequested = true
            paused = false
        case .key(.h, _, _):
            if panel.isEmpty {
                overlayShown.toggle()
                if let current, let display { draw(current, on: display) }
            } else {
                panelHidden.toggle()
                redrawShown()
            }
        case .key(.g, _, _) where !panel.isEmpty:
            graphShown.toggle()
            redrawShown()
        // Shift-S is the studio's (its speed) where it listens for keys.
        case .key(.s, _, let shift) where !shift || onKey == nil:
            slowFactor = slowFactor == 1 ? 10 : 1
            clockOrigin = nil
            updateTitle()
        case .key(.m, _, _):
            reducesMotion.toggle()
        case .pointerDown(let x, let y, _) where slider(at: x, y) != nil:
            sliding = slider(at: x, y)
            slide(to: x, released: false)
        case .pointerMoved(let x, _) where sliding != nil:
            slide(to: x, released: false)
        case .pointerUp(let x, _) where sliding != nil:
            slide(to: x, released: true)
            sliding = nil
        case .pointerDown(let x, let y, _) where canScrub && WindowTimeline.contains(x, y, in: pointSize):
            scrubbing = true
            scrub(to: x)
        case .pointerMoved(let x, _) where scrubbing:
            scrub(to: x)
        case .pointerUp where scrubbing:
            scrubbing = false
        case .pointerDown(let x, let y, let control):
            guard let waiting, let display else { break }
            press = (Point(x: x, y: y), control)
            if let kind = PressGestureRule.atPress(x: x, goesBack: waiting.goesBack, control: control) {
                startGesture(PointerGesture.Kind(kind), in: display)
            }
        case .pointerMoved(let x, let y):
            if let gesture {
                gesture.moved(to: Point(x: x, y: y), at: monotonicSeconds())
            } else if waiting != nil, let press, let display,
                      let kind = PressGestureRule.atDrag(from: press.point, to: Point(x: x, y: y), control: press.control) {
                startGesture(PointerGesture.Kind(kind), in: display)
                self.gesture?.moved(to: Point(x: x, y: y), at: monotonicSeconds())
            }
        case .pointerUp(let x, let y):
            defer { press = nil }
            if let gesture {
                gesture.released(at: Point(x: x, y: y), at: monotonicSeconds())
            } else if let waiting, press != nil {
                // A click: forward, or back on a back button.
                if !waiting.goesBack || Self.isBackButton(at: x, y, in: waiting.snapshot) { decision = .animated }
            }
        case .exposed:
            // Uncovered or mapped again: the display kept nothing of the picture.
            do { try display?.refresh() } catch { failure = "\(error)" }
        case .wheel(let notches):
            if let gesture {
                gesture.wheel(notches, at: monotonicSeconds())
            } else if waiting != nil, let display, notches != 0 {
                startGesture(.wheelPinch, in: display)
                self.gesture?.wheel(notches, at: monotonicSeconds())
            }
        case .key(let key, _, let shift):
            if onKey?(key, shift) == true { supersede() }
        default: break
        }
    }

    /// The studio's timeline takes the pointer once the run has ended (not while a replay
    /// plays): the frames are all there to show.
    private var canScrub: Bool { !panel.isEmpty && holding && !replaying && history.count > 1 }

    private var pointSize: (width: Double, height: Double) {
        (Double(display?.width ?? 0), Double(display?.height ?? 0))
    }

    /// A change of what plays: the run on screen goes on unseen, and the clock for
    /// onChangeShown starts.
    private func supersede() {
        superseded = true
        changedAt = monotonicSeconds()
    }

    /// The line of the panel's slider at (x, y), points; nil where there is none (or the
    /// panel is hidden).
    private func slider(at x: Double, _ y: Double) -> Int? {
        guard !panel.isEmpty, !panelHidden, onSlider != nil else { return nil }
        return panelBars.keys.first { line in
            let place = WindowOverlay.topRightLine(line, wide: pointSize.width)
            return x >= place.x - 4 && x <= place.x + place.width + 4 && y >= place.top && y < place.top + WindowOverlay.lineHeight
        }
    }

    private func slide(to x: Double, released: Bool) {
        guard let line = sliding else { return }
        let place = WindowOverlay.topRightLine(line, wide: pointSize.width)
        let share = min(max((x - place.x) / place.width, 0), 1)
        if onSlider?(line, share, released) == true { supersede() }
    }

    /// Shows the run's frame nearest the time at `x` along the timeline.
    private func scrub(to x: Double) {
        guard let display, let first = history.first, let last = history.last else { return }
        let time = WindowTimeline.time(at: x, in: pointSize, start: first.time, end: last.time)
        // Frames are in time order: the nearest by a binary search.
        var (low, high) = (0, history.count - 1)
        while low < high {
            let middle = (low + high) / 2
            if history[middle].time < time { low = middle + 1 } else { high = middle }
        }
        if low > 0 && time - history[low - 1].time < history[low].time - time { low -= 1 }
        viewed = low
        scrubbedTo = history[low].time
        let begin = monotonicSeconds()
        draw(history[low], on: display)
        scrubCosts.append(monotonicSeconds() - begin)
        updateTitle()
    }

    /// The transition the scene waits for starts, driven by a gesture of `kind` from the press.
    private func startGesture(_ kind: PointerGesture.Kind, in display: WindowDisplay) {
        let point = press?.point ?? Point(x: Double(display.width) / 2, y: Double(display.height) / 2)
        gesture = PointerGesture(kind, press: point, at: monotonicSeconds(),
                                 window: Size(width: Double(display.width), height: Double(display.height)))
        decision = .gesture
    }

    /// The H panel's lines at virtual time `time`.
    private func overlay(at time: Double) -> WindowOverlay {
        let worst = frameCosts.max().map { "\(fixed3($0 * 1000)) ms" } ?? "none yet"
        return WindowOverlay(lines: [
            VisibleText.escape(title), "\(phase) · \(fixed3(time)) s" + (slowFactor != 1 ? " · slow ×10" : ""),
            "\(shownAt.count) fps · worst frame \(worst)",
        ])
    }

    /// The title: what runs, and whether it is paused (at which virtual time) or slowed.
    func updateTitle() {
        var parts = [title]
        if titledRun > 0 { parts.append("replay \(titledRun)") }
        if replaying { parts.append("replaying") }
        if paused, let current { parts.append("paused at \(fixed3(current.time)) s") }
        if slowFactor != 1 { parts.append("slow ×\(Int(slowFactor))") }
        if reducesMotion { parts.append("Reduce Motion") }
        if holding && !replaying { parts.append("ended: R replays, Q closes") }
        if holding && !replaying, let scrubbedTo { parts.append("at \(fixed3(scrubbedTo)) s") }
        display?.setTitle(parts.joined(separator: " · "))
    }

    private func fixed3(_ value: Double) -> String {
        let thousandths = Int((value * 1000).rounded())
        let digits = String(thousandths % 1000)
        return "\(thousandths / 1000)." + String(repeating: "0", count: 3 - digits.count) + digits
    }

    /// Whether (x, y) is on a back button: a label reading "‹ …", as the demo scene's.
    static func isBackButton(at x: Double, _ y: Double, in snapshot: SceneSnapshot) -> Bool {
        snapshot.layers.contains { layer in
            guard layer.isVisible, let text = layer.text, text.string.hasPrefix("‹") else { return false }
            let rect = layer.transform.apply(to: Rect(x: 0, y: 0, width: layer.size.width, height: layer.size.height))
            return x >= rect.minX && x <= rect.maxX && y >= rect.minY && y <= rect.maxY
        }
    }
}
