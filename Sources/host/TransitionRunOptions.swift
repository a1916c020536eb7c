import ArgumentParser
import TransitionCore

/// The options of every command that runs a transition (`run`, `plot`): which effect, on which
/// stage, with which flow, parameters, curve, gesture and clock. One group, so that every such
/// command takes every flow, checked the same way.
struct TransitionRunOptions: ParsableArguments {
    @Argument(help: ArgumentHelp(
        "The effect: a short name such as 'diagonal', or 'plugin:effect'. With --scene, defaults to the segue's.",
        valueName: "effect"))
    var effect: String?

    @Option(help: ArgumentHelp(
        "Play on a scene file (see docs/SCENES.md) instead of the demo scene: a path, or the name of a bundled scene such as 'photos'.",
        valueName: "file"))
    var scene: String?

    @Option(help: ArgumentHelp("With --scene: the segue to perform (default: the scene's first).", valueName: "name"))
    var segue: String?

    @Option(help: ArgumentHelp("A presentation-controller effect, such as 'dimming'.", valueName: "name"))
    var presentation: String?

    // Numbers are taken as values even when they start with '-', so that a negative one is
    // refused with its rule rather than read as an unknown option ("Missing value").
    @Option(parsing: .unconditional, help: ArgumentHelp("Frames per second of the virtual clock (1-1000).", valueName: "n"))
    var fps: Int = 60

    @Option(parsing: .unconditional, help: ArgumentHelp("Seconds a transition may overrun its duration before it is cut off.", valueName: "seconds"))
    var grace: Double = 2

    @Option(name: .customLong("param"), help: ArgumentHelp(
        "Set a parameter (repeatable): name=value for the effect, CONTROLLER.name=value for the presentation controller (e.g. dimming.height=0.5). See 'host inspect NAME'.",
        valueName: "name=value"))
    var parameters: [String] = []

    @Option(help: ArgumentHelp(
        "Use this curve for every animation, e.g. 'ease-in', 'cubic-bezier(0.2, 0.8, 0.2, 1)' or 'easing.elastic(amplitude=1.2,period=0.3)'.",
        valueName: "curve"))
    var curve: String?

    // The last one given wins for the parser, so that validate() can say plainly that two
    // were given rather than the parser's own words.
    @Flag(exclusivity: .chooseLast, help: ArgumentHelp("Which transitions: present and dismiss (default), push and pop on a navigation stack, a pop from a two-screen stack, or a switch between two tabs and back."))
    var flow: TransitionRun.Flow?

    @Option(help: ArgumentHelp(
        "Make the presentation (push, first switch, or the pop with --pop) interactive, driven by a gesture: in points, 'edge-pan(left): 0s 0pt, 0.3s 120pt, release 900pt/s' (also pan(right|left|down|up), 'pinch: 0s 1.0, 0.3s 0.6, release -2/s', 'rotation: 0s 0deg, 0.3s 60deg, release 200deg/s', long-press(right|left|down|up), a pan that begins once held, and 'tap: 0.3s', which holds the transition at its start until the tap, then finishes it), or as progress, 'TIME=PROGRESS,...,release=VELOCITY'; a file holding one; with host run on a terminal, 'keys' (← → scrub, Enter finishes, Esc cancels); or the name of an interaction-controller effect (such as 'pinch-dismiss'), which reads the --gesture given in points, or with host run --window the pointer's gestures. With a delegate effect and a gesture in points, the delegate may name the controller itself.",
        valueName: "gesture|controller"))
    var interactive: String?

    @Option(name: .customLong("interactive-dismiss"), help: ArgumentHelp(
        "Make the dismissal (pop, switch back) interactive, driven by a gesture or an interaction controller (as --interactive).",
        valueName: "gesture|controller"))
    var interactiveDismiss: String?

    @Option(help: ArgumentHelp(
        "The gesture, in points, that the interaction controller named by --interactive or --interactive-dismiss reads, e.g. 'pinch: 0s 1, 0.2s 0.8, 0.4s 0.5, release -1.5/s'; or a file holding one.",
        valueName: "gesture"))
    var gesture: String?

    @Option(name: .customLong("drag-sheet"), help: ArgumentHelp(
        "After the presentation, drag the presented sheet between its presentation controller's detents (ABI 1.2, UISheetPresentationController's) with a pan in points, e.g. 'pan(up): 0s 0pt, 0.3s 250pt, release 600pt/s', or a file holding one: its top edge follows the finger, held back past the smallest and the largest detent; released, it springs to the detent nearest to where the flick carries it; then the dismissal runs from there. The bundled 'frosted' has two detents, half the screen and nearly all of it.",
        valueName: "gesture"))
    var dragSheet: String?

    @Option(name: .customLong("resize"), help: ArgumentHelp(
        "After the presentation (and any --drag-sheet), resize the window to WIDTHxHEIGHT points, as a split view or a window's edge would, e.g. 320x844: the presentation controller hears viewWillTransition(to:) and lays out again (ABI 1.2), the screens follow their autoresizing masks, all in one 0.35 s animation; then the dismissal runs in the new size. The window stays on the display: at least 100 pt a side, at most the display's size (390x844 for the demo).",
        valueName: "size"))
    var resize: String?

    @Option(name: .customLong("grab-at"), parsing: .unconditional, help: ArgumentHelp(
        "Let the transition start on its own and grab it this many seconds in with the --interactive or --interactive-dismiss gesture (its times then count from the grab), through the animator's interruptible animator (ABI 1.1): the gesture scrubs it, and the release continues it or, when the gesture says cancel, throws it back. With an interaction controller named there, the controller reads the gesture from the grab on and decides.",
        valueName: "seconds"))
    var grabAt: Double?

    @Option(name: .customLong("completion-speed"), parsing: .unconditional, help: ArgumentHelp(
        "Speed of an interaction's tail after the release (> 0).", valueName: "x"))
    var completionSpeed: Double = 1

    @Flag(name: .customLong("follow-finger"), help: ArgumentHelp(
        "While a gesture drives the transition through the host's percent-driven controller (--interactive, --interactive-dismiss, or the window's pointer, with a plugin's controller too), show progress p as p of the way, whatever the animations' curves, so that what slides stays under the finger, as UIKit's property animators scrub; the tail after the release eases along the completion curve. By default progress p shows the frame of time p x duration, curves included. Not for --grab-at, whose gesture scrubs the animator's own animator."))
    var followFinger = false

    @Option(parsing: .unconditional, help: ArgumentHelp("Slow every animation by this factor, to look closely (e.g. 4).", valueName: "factor"))
    var slow: Double = 1

    @Flag(name: .customLong("no-motion-check"), help: ArgumentHelp(
        "Do not judge the motion. By default every frame is judged as a person sees it, and a step that pops (far larger than the steps around it; see docs/ABI.md) makes the run not clean."))
    var noMotionCheck = false

    @Flag(name: .customLong("reduce-motion"), help: ArgumentHelp(
        "Play as with the system's Reduce Motion on: the effect's reduced variant where its plugin declares one (ABI 1.2), a cross-dissolve otherwise. Parameters then go to what plays; with --window, where M turns Reduce Motion on and off, to the full effect, the variant playing with its own defaults."))
    var reduceMotion = false

    /// Whether the presentation is driven live from the terminal's keys (`--interactive keys`).
    var usesKeys: Bool { interactive == "keys" }

    /// A gesture given inline or as a file, checked here so that a bad one is a usage error.
    /// An interaction controller's name (no file of that name) stands for --gesture; without
    /// one, for a live window's pointer (requireWrittenGestures refuses that elsewhere).
    private func gestureText(_ argument: String?) throws -> String? {
        guard let argument, argument != "keys" else { return nil }
        if controllerName(argument) != nil {
            guard let gesture else { return nil }
            let text = readTextFile(gesture) ?? gesture
            let script: GestureScript
            do { script = try GestureScript(parsing: text) } catch { throw ValidationError("\(error)") }
            guard script.events != nil else {
                throw ValidationError("'\(argument)' reads a gesture's events: give the gesture in points, such as 'pinch: 0s 1, 0.3s 0.6, release -2/s'")
            }
            return text
        }
        let text = readTextFile(argument) ?? argument
        do { _ = try GestureScript(parsing: text) } catch {
            // Not a gesture, and written as a path: the file is what is missing.
            if text == argument, ["/", "./", "../", "~"].contains(where: argument.hasPrefix) || (!argument.contains("=") && !argument.contains(":")) {
                throw ValidationError("no gesture file '\(argument)': give the path of one that exists, or the gesture itself, such as '0=0, 0.2=0.5, release=1' or 'pan(down): 0s 0pt, 0.2s 300pt, release 900pt/s'")
            }
            throw ValidationError("\(error)")
        }
        return text
    }

    /// Where no window's pointer makes the gestures: an interaction controller named by
    /// --interactive or --interactive-dismiss reads the --gesture given in points. A name that
    /// `registry` does not know is its lookup error first (a typo gets its "did you mean").
    func requireWrittenGestures(resolvingWith registry: EffectRegistry) throws {
        for argument in [interactive, interactiveDismiss] where controllerName(argument) != nil && gesture == nil {
            _ = try registry.resolve(argument ?? "", kind: .interactionController)
            throw ValidationError("'\(argument ?? "")' names an interaction controller: give the gesture it reads with --gesture, in points (or drive it with the pointer in --window)")
        }
    }

    /// The interaction controllers named by --interactive and --interactive-dismiss.
    var interactionControllers: [String] { [controllerName(interactive), controllerName(interactiveDismiss)].compactMap { $0 } }

    /// `argument` as an interaction controller's name: an effect name ("pinch-dismiss",
    /// "plugin:effect") that is no file's path. A gesture always holds a space or '='.
    private func controllerName(_ argument: String?) -> String? {
        guard let argument, argument != "keys", readTextFile(argument) == nil else { return nil }
        let parts = argument.split(separator: ":", omittingEmptySubsequences: false)
        let isName = { (part: Substring, dots: Bool) in
            guard let first = part.unicodeScalars.first, ("a"..."z").contains(first) else { return false }
            return part.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" || $0 == "_" || (dots && $0 == ".") }
        }
        guard parts.count <= 2, isName(parts[0], true), parts.count == 1 || isName(parts[1], false) else { return nil }
        return argument
    }

    func validate() throws {
        let flows = Set(CommandLine.arguments.filter { argument in TransitionRun.Flow.allCases.contains { "--\($0.rawValue)" == argument } })
        guard flows.count <= 1 else {
            throw ValidationError("\(flows.sorted().joined(separator: " and ")) are two flows; give one: --modal (present and dismiss, the default), --push (push, then pop back), --pop (a pop from a two-screen stack) or --tabs (a tab switch and back)")
        }
        guard effect != nil || scene != nil else { throw ValidationError("name an effect, or a scene with --scene") }
        guard segue == nil || scene != nil else { throw ValidationError("--segue needs --scene") }
        guard interactiveDismiss != "keys" else { throw ValidationError("--interactive-dismiss takes a gesture, not 'keys'") }
        _ = try gestureText(interactive)
        _ = try gestureText(interactiveDismiss)
        if let grabAt {
            guard grabAt.isFinite, grabAt >= 0, grabAt <= 3600 else {
                throw ValidationError("--grab-at must be a number of seconds from 0 to 3600, not \(NumberText.exact(grabAt))")
            }
            guard (interactive != nil && interactive != "keys") || interactiveDismiss != nil else {
                throw ValidationError("--grab-at needs the gesture that grabs: give it with --interactive or --interactive-dismiss")
            }
        }
        if gesture != nil, controllerName(interactive) == nil && controllerName(interactiveDismiss) == nil {
            throw ValidationError("--gesture is read by an interaction controller: name one with --interactive or --interactive-dismiss")
        }
        guard slow.isFinite, slow > 0, slow <= 1000 else {
            throw ValidationError("--slow must be a factor above 0 and at most 1000 (4 plays every animation four times slower), not \(NumberText.exact(slow))")
        }
        guard completionSpeed.isFinite, completionSpeed > 0 else {
            throw ValidationError("--completion-speed must be a positive number, not \(NumberText.exact(completionSpeed))")
        }
        guard (1...1000).contains(fps) else { throw ValidationError("--fps must be between 1 and 1000, not \(fps)") }
        guard grace.isFinite, grace >= 0, grace <= 3600 else {
            throw ValidationError("--grace must be a number of seconds from 0 to 3600, not \(NumberText.exact(grace))")
        }
    }

    /// The run these options describe. Reads the scene file (exit 2 when it cannot be used).
    func runOptions() throws -> TransitionRun.Options {
        var options = TransitionRun.Options(effect: effect ?? "")
        options.presentation = presentation
        options.framesPerSecond = fps
        options.grace = grace
        options.parameters = parameters
        options.curve = curve
        options.presentGesture = try gestureText(interactive)
        options.dismissGesture = try gestureText(interactiveDismiss)
        options.sheetDrag = try gestureText(dragSheet)
        options.windowResize = try resize.map(Self.windowSize)
        options.presentInteraction = controllerName(interactive)
        options.dismissInteraction = controllerName(interactiveDismiss)
        options.grabAt = grabAt
        options.completionSpeed = completionSpeed
        options.followsFinger = followFinger
        options.flow = flow ?? .modal
        options.flowIsGiven = flow != nil
        options.slow = slow
        options.checksMotion = !noMotionCheck
        options.reducesMotion = reduceMotion
        options.scene = try scene.map(loadScene)
        options.segue = segue
        return options
    }

    /// "320x844" (or with ×) as a size in points.
    static func windowSize(_ text: String) throws -> Size {
        let parts = text.split(whereSeparator: { $0 == "x" || $0 == "X" || $0 == "×" }).map { $0.filter { $0 != " " } }
        guard parts.count == 2, let width = Double(parts[0]), let height = Double(parts[1]), width.isFinite, height.isFinite else {
            throw ValidationError("--resize takes a size in points as WIDTHxHEIGHT, such as 320x844, not '\(text)'")
        }
        return Size(width: width, height: height)
    }

    /// A name for what runs, for a default file name: the effect, else the segue, else "scene".
    var label: String { effect ?? segue ?? "scene" }
}

extension TransitionRun.Flow: EnumerableFlag {
    public static func name(for value: Self) -> NameSpecification {
        value == .modal ? .customLong("modal") : .long
    }
}
