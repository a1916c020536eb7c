import Foundation
import Testing

/// The trace lines of `host run`'s text output: "  0.500  context.completeTransition(true)".
struct TraceLine: Equatable {
    enum Kind { case call, info, warning, error }
    let time: Double
    let kind: Kind
    let text: String

    static func parse(_ output: String) -> [TraceLine] {
        output.split(separator: "\n").compactMap { line in
            let trimmed = line.drop { $0 == " " }
            guard let gap = trimmed.range(of: "  "), let time = Double(trimmed[..<gap.lowerBound]) else { return nil }
            let rest = String(trimmed[gap.upperBound...])
            if rest.hasPrefix("· ") { return TraceLine(time: time, kind: .info, text: String(rest.dropFirst(2))) }
            if rest.hasPrefix("warning: ") { return TraceLine(time: time, kind: .warning, text: String(rest.dropFirst(9))) }
            if rest.hasPrefix("error: ") { return TraceLine(time: time, kind: .error, text: String(rest.dropFirst(7))) }
            return TraceLine(time: time, kind: .call, text: rest)
        }
    }
}

/// Checks that `expected` occurs in `calls` in this order, each exactly once.
func expectInOrder(_ expected: [String], in calls: [String], _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
    var last = -1
    for name in expected {
        let positions = calls.indices.filter { calls[$0] == name }
        #expect(positions.count == 1, "\(what): '\(name)' should be called once, not \(positions.count) times in \(calls)",
                sourceLocation: sourceLocation)
        guard let position = positions.first else { continue }
        #expect(position > last, "\(what): '\(name)' is out of order in \(calls)", sourceLocation: sourceLocation)
        last = position
    }
}

let presentOrder = [
    "delegate.animationControllerForPresented", "delegate.interactionControllerForPresentation",
    "animator.transitionDuration", "animator.animateTransition", "context.completeTransition(true)",
    "animator.animationEnded(true)",
]
let dismissOrder = [
    "delegate.animationControllerForDismissed", "delegate.interactionControllerForDismissal",
    "animator.transitionDuration", "animator.animateTransition", "context.completeTransition(true)",
    "animator.animationEnded(true)",
]

/// Rounds to a millionth, for comparing frame coordinates computed by different curves.
func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-6) -> Bool { abs(a - b) <= tolerance }

@Suite("host run with the bundled plugins")
struct HostRunBundledTests {
    @Test("diagonal: the text trace follows the guide's call order for the presentation, then the dismissal")
    func diagonalCallOrder() async throws {
        let dir = try TempDir("order")
        let result = try await runHost(["run", "diagonal"], pluginFolder: try dir.folder("plugins"), in: dir)
        #expect(result.status == 0 && !result.crashed, "\(result)")

        let trace = TraceLine.parse(result.out)
        let calls = trace.filter { $0.kind == .call }
        let split = try #require(calls.firstIndex { $0.text == "delegate.animationControllerForDismissed" },
                                 "no dismissal in the trace:\n\(result.out)")
        let present = calls[..<split], dismiss = calls[split...]
        expectInOrder(presentOrder, in: present.map(\.text), "presentation")
        expectInOrder(dismissOrder, in: dismiss.map(\.text), "dismissal")

        // diagonal lasts 0.5 s: each transition completes half a second after it began.
        #expect(present.first { $0.text == "context.completeTransition(true)" }.map { close($0.time, 0.5, 1e-3) } == true)
        #expect(dismiss.first { $0.text == "animator.animateTransition" }.map { close($0.time, 0.5, 1e-3) } == true)
        #expect(dismiss.first { $0.text == "context.completeTransition(true)" }.map { close($0.time, 1.0, 1e-3) } == true)
        #expect(!trace.contains { $0.kind == .warning || $0.kind == .error }, "\(result.out)")
        #expect(result.out.contains("Present: completed by diagonal:diagonal"), "\(result.out)")
        #expect(result.out.contains("Dismiss: completed by diagonal:diagonal"), "\(result.out)")
        #expect(result.out.hasSuffix("OK\n") || result.out.hasSuffix("OK"), "\(result.out)")
    }

    @Test("diagonal --format json: the same bytes every run; the detail view flies in from, and back to, the lower right")
    func diagonalJSON() async throws {
        let dir = try TempDir("diagonal-json")
        let plugins = try dir.folder("plugins")
        let first = try await runHost(["run", "diagonal", "--format", "json"], pluginFolder: plugins, in: dir)
        let second = try await runHost(["run", "diagonal", "--format", "json"], pluginFolder: plugins, in: dir)
        #expect(first.status == 0 && !first.crashed, "\(first)")
        #expect(first.stdout == second.stdout, "two runs should print the same bytes")
        #expect(!first.stdout.isEmpty)

        let run = try RunJSON(first)
        #expect(run.clean)
        try #require(run.outcomes.count == 2, "\(first)")
        let present = run.outcomes[0], dismiss = run.outcomes[1]
        #expect(present.transition == "present" && present.completed && !present.cutOff && present.violations.isEmpty)
        #expect(dismiss.transition == "dismiss" && dismiss.completed && !dismiss.cutOff && dismiss.violations.isEmpty)

        // The virtual clock: frames from 0, one every 1/60 s, no gaps, no repeats.
        try #require(!run.frames.isEmpty)
        #expect(run.frames[0].time == 0)
        for (a, b) in zip(run.frames, run.frames.dropFirst()) {
            #expect(close(b.time - a.time, 1.0 / 60, 1e-9), "frame step \(a.time) → \(b.time)")
        }

        // Presentation: from off-screen lower right to the full window.
        let presenting = run.frames(from: present.start, to: present.end)
        let presentingDetail = presenting.compactMap { $0.view("detail") }
        let start = try #require(presentingDetail.first, "no 'detail' view during the presentation")
        #expect(start.x >= 390 && start.y >= 844, "detail starts at (\(start.x), \(start.y)), not off-screen lower right")
        let end = try #require(presenting.last?.view("detail"), "no 'detail' view at the end of the presentation")
        #expect(close(end.x, 0) && close(end.y, 0) && close(end.width, 390) && close(end.height, 844),
                "detail ends the presentation at \(end)")
        for (a, b) in zip(presentingDetail, presentingDetail.dropFirst()) {
            #expect(b.x <= a.x + 1e-9 && b.y <= a.y + 1e-9, "detail should only move up and left while presented")
        }

        // Dismissal: back towards the lower right, then gone; home is what remains.
        let dismissing = run.frames(from: dismiss.start, to: run.frames.last!.time)
        let dismissingDetail = dismissing.compactMap { $0.view("detail") }
        try #require(dismissingDetail.count >= 2, "detail should be seen moving during the dismissal")
        for (a, b) in zip(dismissingDetail, dismissingDetail.dropFirst()) {
            #expect(b.x >= a.x - 1e-9 && b.y >= a.y - 1e-9, "detail should only move down and right while dismissed")
        }
        #expect(dismissingDetail.last!.x > dismissingDetail.first!.x + 300, "detail should travel most of the way out")
        let last = try #require(run.frames.last)
        #expect(dismissingDetail.last!.offScreen || last.view("detail") == nil, "the detail view is still on screen at the end")
        #expect(last.view("detail") == nil, "the dismissed view should be gone after the dismissal")
        let home = try #require(last.view("home"), "the 'home' view should be on screen at the end")
        #expect(close(home.x, 0) && close(home.y, 0) && close(home.width, 390) && close(home.height, 844), "\(home)")
    }

    @Test("slide with the dimming presentation: the backdrop fades in, and the sheet stops a third of the way down")
    func slideWithDimming() async throws {
        let dir = try TempDir("dimming")
        let result = try await runHost(["run", "slide", "--presentation", "dimming", "--format", "json"],
                                       pluginFolder: try dir.folder("plugins"), in: dir)
        #expect(result.status == 0 && !result.crashed, "\(result)")
        let run = try RunJSON(result)
        #expect(run.clean)
        let present = try #require(run.outcomes.first)
        #expect(present.completed)

        let presenting = run.frames(from: present.start, to: present.end)
        let dimming = presenting.compactMap { $0.view("dimming") }
        try #require(dimming.count >= 3, "a view named 'dimming' should be on screen during the presentation")
        #expect(close(dimming.first!.alpha, 0), "the backdrop starts transparent: \(dimming.first!.alpha)")
        #expect(close(dimming.last!.alpha, 1), "the backdrop ends opaque: \(dimming.last!.alpha)")
        for (a, b) in zip(dimming, dimming.dropFirst()) {
            #expect(b.alpha >= a.alpha - 1e-9, "the backdrop's alpha should only rise during the presentation")
        }
        #expect(dimming.contains { $0.alpha > 0.1 && $0.alpha < 0.9 }, "the backdrop should fade, not jump")

        // The sheet in its shadowed wrapper (presented_view), which the animator moved.
        let sheet = try #require(presenting.last?.view("dimming.sheet"))
        #expect(close(sheet.y, 281), "the sheet's top should be at 844/3 rounded down (281), not \(sheet.y)")
        #expect(close(sheet.x, 0) && close(sheet.height, 844 - 281), "\(sheet)")
        let detail = try #require(presenting.last?.view("detail"))
        #expect(close(detail.y, 0) && close(detail.height, sheet.height), "the presented view fills the wrapper: \(detail)")
    }
}

/// The bundled card-sheet presentation controller, written against the public header's 1.1
/// layer functions only.
@Suite("host run --presentation card-sheet")
struct CardSheetRunTests {
    @Test("the card stops below the status bar while the presenter shrinks back behind it, and the dismissal gives it back whole; isolated too", arguments: [false, true])
    func cardSheet(isolate: Bool) async throws {
        let dir = try TempDir("card-sheet")
        let result = try await runHost(["run", "cover-vertical", "--presentation", "card-sheet", "--format", "json"] + (isolate ? ["--isolate"] : []),
                                       pluginFolder: try dir.folder("plugins"), in: dir)
        #expect(result.status == 0 && !result.crashed, "\(result)")
        let run = try RunJSON(result)
        #expect(run.clean)
        let present = try #require(run.outcomes.first)
        let presented = run.frames(from: present.start, to: present.end)
        // The card in its shadowed wrapper (presented_view), which the animator moved.
        let card = try #require(presented.last?.view("card-sheet.card"))
        #expect(close(card.y, 54) && close(card.height, 844 - 54), "the card's top at 54 points: \(card)")
        let detail = try #require(presented.last?.view("detail"))
        #expect(close(detail.y, 0) && close(detail.height, card.height), "the presented view fills the wrapper: \(detail)")
        let start = try #require(presented.first?.view("card-sheet.card"))
        #expect(start.y >= 844 - 1, "the animator moved the wrapper up from below the screen: \(start)")
        let shrunk = try #require(presented.last?.view("home"))
        #expect(close(shrunk.width, 390 * 0.92) && close(shrunk.y, 44), "the presenter at 0.92, its top 10 points above the card's: \(shrunk)")
        let halfway = presented[presented.count / 2].view("home")!
        #expect(halfway.width < 389 && halfway.width > 359, "the presenter shrinks along with the card, not at once: \(halfway)")
        let home = try #require(run.frames.last?.view("home"))
        #expect(close(home.width, 390) && close(home.y, 0), "after the dismissal the presenter is whole again: \(home)")
        #expect(run.frames.last?.view("card-sheet.backdrop") == nil, "the backdrop goes with the dismissal")
        #expect(run.frames.last?.view("card-sheet.card") == nil && run.frames.last?.view("detail") == nil,
                "the dismissal's animator took the wrapper, the card in it, off the screen")
    }

    @Test("the card casts its shadow onto the presenter above it, the card itself drawn the same with it or without; isolated too", arguments: [false, true])
    func cardShadow(isolate: Bool) async throws {
        let dir = try TempDir("card-shadow")
        var ends: [String] = []
        for shadow in ["0", "0.6"] {
            let frames = dir.file("frames-\(shadow)/")
            let result = try await runHost(["run", "cover-vertical", "--presentation", "card-sheet", "--param", "card-sheet.shadow=\(shadow)",
                                            "--output", frames] + (isolate ? ["--isolate"] : []),
                                           pluginFolder: try dir.folder("plugins"), in: dir)
            #expect(result.status == 0 && !result.crashed, "\(result)")
            // cover-vertical presents in 0.5 s: frame 30 at 60 fps is the presentation's end.
            ends.append(frames + "frame-0030.png")
        }
        let card = try largestDifference(ends[0], ends[1], inside: (0, 54, 390, 790))
        #expect(card != nil && card! <= 2, "the card differs with a shadow by \(card ?? -1)")
        let above = try largestDifference(ends[0], ends[1], inside: (0, 44, 390, 10))
        #expect(above != nil && above! >= 8, "the band above the card is not darkened by its shadow: \(above ?? -1)")
    }
}

@Suite("host run: finding the effect")
struct HostRunLookupTests {
    @Test("A misspelt effect exits 2 and suggests the right one")
    func typo() async throws {
        let dir = try TempDir("typo")
        let result = try await runHost(["run", "diagnal"], pluginFolder: try dir.folder("plugins"), in: dir)
        #expect(result.status == 2 && !result.crashed, "\(result)")
        #expect(result.err.contains("'diagonal'"), "stderr should suggest 'diagonal': \(result.err)")
        #expect(result.out.isEmpty, "nothing should run: \(result.out)")
    }

    @Test("An effect not found while a plugin file was refused for its permissions: the error names the file, why, and the fix")
    func refusedPluginIsNamed() async throws {
        let dir = try TempDir("refused")
        let plugins = try dir.folder("plugins")
        let path = try await compileC(PluginTemplate(pluginID: "fixture.kf", effectID: "kf").render(), to: "plugins/kf.so", in: dir)
        #expect(chmod(path, 0o664) == 0)
        for command in [["run", "kf"], ["plot", "kf", "-o", dir.file("kf.png")], ["inspect", "kf"]] {
            let result = try await runHost(command, pluginFolder: plugins, in: dir)
            #expect(result.status == 2, "\(command): \(result)")
            #expect(result.err.contains("no effect named 'kf'"), "\(command): \(result.err)")
            #expect(result.err.contains(path) && result.err.contains("writable by its group")
                    && result.err.contains("chmod go-w"), "\(command): the refusal and its fix: \(result.err)")
        }
        // With nothing refused, the error says nothing of refusals.
        #expect(chmod(path, 0o644) == 0)
        let plain = try await runHost(["run", "kff"], pluginFolder: plugins, in: dir)
        #expect(plain.status == 2 && !plain.err.contains("refused"), "\(plain.err)")
    }

    @Test("Two plugins offering 'diagonal': the short name is ambiguous, the qualified names work and are listed")
    func ambiguous() async throws {
        let dir = try TempDir("ambiguous")
        let plugins = try dir.folder("plugins")
        try await compileC(PluginTemplate(pluginID: "fixture.twin", effectID: "diagonal").render(),
                           to: "plugins/twin.so", in: dir)

        let ambiguous = try await runHost(["run", "diagonal"], pluginFolder: plugins, in: dir)
        #expect(ambiguous.status == 2 && !ambiguous.crashed, "\(ambiguous)")
        #expect(ambiguous.err.contains("diagonal:diagonal") && ambiguous.err.contains("fixture.twin:diagonal"),
                "stderr should name both: \(ambiguous.err)")
        #expect(ambiguous.out.isEmpty)

        let twin = try await runHost(["run", "fixture.twin:diagonal", "--format", "json"], pluginFolder: plugins, in: dir)
        #expect(twin.status == 0 && !twin.crashed, "\(twin)")
        let run = try RunJSON(twin)
        #expect(run.clean)
        #expect((try twin.json() as? [String: Any])?["effect"] as? String == "fixture.twin:diagonal")

        let bundled = try await runHost(["run", "diagonal:diagonal"], pluginFolder: plugins, in: dir)
        #expect(bundled.status == 0, "\(bundled)")
        #expect(bundled.out.contains("Running diagonal:diagonal"))

        let list = try await runHost(["list", "--json"], pluginFolder: plugins, in: dir)
        #expect(list.status == 0, "\(list)")
        let names = try ListRow.parse(list).map(\.name)
        #expect(names.contains("diagonal:diagonal") && names.contains("fixture.twin:diagonal"), "\(names)")
        #expect(!names.contains("diagonal"), "an ambiguous id should only be listed qualified: \(names)")
    }
}

@Suite("host run with plugins that misbehave")
struct HostRunMisbehaviourTests {
    /// Checks that the last frame shows the scene as it was before the presentation.
    func expectRestored(_ run: RunJSON, sourceLocation: SourceLocation = #_sourceLocation) {
        guard let last = run.frames.last else {
            Issue.record("no frames", sourceLocation: sourceLocation)
            return
        }
        let home = last.view("home")
        #expect(home != nil, "'home' should be on screen at the end", sourceLocation: sourceLocation)
        if let home {
            #expect(close(home.x, 0) && close(home.y, 0) && close(home.width, 390) && close(home.height, 844)
                    && close(home.alpha, 1), "home at the end: \(home)", sourceLocation: sourceLocation)
        }
        #expect(last.view("detail") == nil, "'detail' should be gone: \(last.views.map(\.name))", sourceLocation: sourceLocation)
    }

    @Test("An animator that never completes is cut off: exit 1, a warning naming it, the scene restored")
    func neverCompletes() async throws {
        let dir = try TempDir("never")
        let plugins = try dir.folder("plugins")
        try await compileC(PluginTemplate(pluginID: "fixture.stall", effectID: "stall", ending: .never).render(),
                           to: "plugins/stall.so", in: dir)

        let text = try await runHost(["run", "stall"], pluginFolder: plugins, in: dir)
        #expect(text.status == 1 && !text.crashed, "\(text)")
        let warnings = TraceLine.parse(text.out).filter { $0.kind == .warning }.map(\.text)
        #expect(warnings.contains { $0.contains("fixture.stall:stall") && $0.contains("did not call completeTransition") },
                "the cut-off warning should name the effect: \(warnings)")
        #expect(text.out.contains("cut off"), "\(text.out)")
        #expect(text.out.contains("NOT CLEAN"), "\(text.out)")

        let json = try await runHost(["run", "stall", "--format", "json"], pluginFolder: plugins, in: dir)
        #expect(json.status == 1 && !json.crashed, "\(json)")
        let run = try RunJSON(json)
        #expect(!run.clean)
        try #require(run.outcomes.count == 1, "there is nothing to dismiss after a cut-off presentation")
        #expect(run.outcomes[0].cutOff && !run.outcomes[0].completed)
        // Cut off at its duration (0.25 s) plus the default grace (2 s), on the virtual clock.
        #expect(close(run.outcomes[0].end, 2.25, 1e-6), "cut off at \(run.outcomes[0].end)")
        #expect(run.warnings.contains { $0.contains("fixture.stall:stall") && $0.contains("did not call completeTransition") })
        expectRestored(run)
    }

    @Test("--grace sets how long a stalled animator may overrun")
    func graceOption() async throws {
        let dir = try TempDir("grace")
        let plugins = try dir.folder("plugins")
        try await compileC(PluginTemplate(pluginID: "fixture.stall", effectID: "stall", ending: .never).render(),
                           to: "plugins/stall.so", in: dir)
        let json = try await runHost(["run", "stall", "--format", "json", "--grace", "0.5"], pluginFolder: plugins, in: dir)
        #expect(json.status == 1, "\(json)")
        let run = try RunJSON(json)
        #expect(run.outcomes.first.map { close($0.end, 0.75, 1e-6) } == true, "\(run.outcomes.map(\.end))")
        expectRestored(run)
    }

    @Test("An animator that completes twice gets a warning about the second call, and the run is otherwise clean")
    func completesTwice() async throws {
        let dir = try TempDir("twice")
        let plugins = try dir.folder("plugins")
        try await compileC(PluginTemplate(pluginID: "fixture.twice", effectID: "twice", ending: .twice).render(),
                           to: "plugins/twice.so", in: dir)

        let result = try await runHost(["run", "twice", "--format", "json"], pluginFolder: plugins, in: dir)
        #expect(result.status == 0 && !result.crashed, "\(result)")
        let run = try RunJSON(result)
        #expect(run.clean)
        #expect(run.outcomes.count == 2 && run.outcomes.allSatisfy { $0.completed && !$0.cutOff && $0.violations.isEmpty })
        // One warning per transition, each about the second call, and nothing else.
        #expect(run.warnings.count == 2, "\(run.warnings)")
        #expect(run.warnings.allSatisfy { $0.contains("called again") }, "\(run.warnings)")
        // The plugin saw TH_ERR_BAD_STATE (-3) from its second call.
        let logs = run.events.filter { $0.level == "info" && $0.name.contains("second complete_transition returned") }
        #expect(logs.count == 2 && logs.allSatisfy { $0.name.hasSuffix("returned -3") }, "\(logs.map(\.name))")
        // completeTransition is traced once per transition: the second call changed nothing.
        #expect(run.events.filter { $0.name == "context.completeTransition(true)" }.count == 2)
        let last = try #require(run.frames.last)
        #expect(last.view("detail") == nil && last.view("home") != nil)
    }

    @Test("A view the animator leaves behind fails the end state of a push, a pop and a tab switch too, as validate finds it", arguments: ["--push", "--pop", "--tabs"])
    func strayViewInEveryFlow(_ flow: String) async throws {
        let dir = try TempDir("stray\(flow)")
        let plugins = try dir.folder("plugins")
        var plugin = PluginTemplate(pluginID: "fixture.stray", effectID: "stray", ending: .leavesStrayView)
        plugin.transitions = "TH_TRANSITION_PRESENT | TH_TRANSITION_DISMISS | TH_TRANSITION_PUSH | TH_TRANSITION_POP"
        try await compileC(plugin.render(), to: "plugins/stray.so", in: dir)
        let result = try await runHost(["run", "stray", flow, "--format", "json"], pluginFolder: plugins, in: dir)
        #expect(result.status == 1, "\(flow): \(result)")
        let run = try RunJSON(result)
        let violations = run.outcomes.flatMap(\.violations)
        #expect(violations.contains { $0.hasPrefix("'stray' is left in") }, "\(flow): \(violations)")

        var sound = plugin
        sound.ending = .conforming
        try await compileC(sound.render(), to: "plugins/stray.so", in: dir)
        let clean = try await runHost(["run", "stray", flow, "--format", "json"], pluginFolder: plugins, in: dir)
        #expect(clean.status == 0, "without the stray view, \(flow) is clean: \(clean)")
    }

    @Test("A plugin that logs without end costs a bounded trace: long lines cut, lines past the limit dropped and counted")
    func boundedLogs() async throws {
        let dir = try TempDir("log-flood")
        let plugins = try dir.folder("plugins")
        var plugin = PluginTemplate(pluginID: "fixture.chatty", effectID: "chatty")
        // 100,000 lines of 8 KiB each: 800 MB if kept.
        plugin.animatePrologue = """
            { static char line[8192]; int i; memset(line, 'x', sizeof line - 1);
              for (i = 0; i < 100000; i++) host->log(TH_LOG_INFO, line); }
            """
        try await compileC("#include <string.h>\n" + plugin.render(), to: "plugins/chatty.so", in: dir)
        let result = try await runHost(["run", "chatty", "--format", "json"], pluginFolder: plugins, in: dir)
        #expect(result.status == 0, "\(result.status) \(result.err.prefix(500))")
        #expect(result.stdout.count < 64 << 20, "the report stays small: \(result.stdout.count) bytes")
        let run = try RunJSON(result)
        let logged = run.events.filter { $0.name.hasPrefix("fixture.chatty: x") }
        #expect(logged.count == 10_000, "\(logged.count) lines kept")
        #expect(logged.allSatisfy { $0.name.utf8.count <= 1100 && $0.name.hasSuffix("(cut: longer than 1024 bytes)") }, "each line cut, and says so")
        // Both transitions log 100,000 lines: 10,000 kept, the rest counted, and the count said at the end.
        #expect(run.events.last?.name == "190000 plugin log lines dropped (at most 10000 a run)", "\(run.events.suffix(3).map(\.name))")
    }

    @Test("A plugin curve that turns slow mid-run is a broken contract: named once, linear from then on, the run kept short and not clean")
    func slowCurve() async throws {
        let dir = try TempDir("slow-curve")
        let plugins = try dir.folder("plugins")
        var plugin = PluginTemplate(pluginID: "fixture.sloth", effectID: "sloth")
        // Fast for its load-time samples, then 200 ms a value: 60 frames of it would take 12 s.
        plugin.extraCode = """
            #include <string.h>
            #include <time.h>
            static int sloth_calls;
            static double sloth_curve(double t) {
                if (++sloth_calls > 130) { struct timespec pause = { 0, 200000000L }; nanosleep(&pause, NULL); }
                return t;
            }
            static const th_timing_curve sloth_curves[] = {
                { sizeof(th_timing_curve), 0, "crawl", "Crawl", "d(d)", (void (*)(void))sloth_curve, NULL } };
            static const th_timing_curves sloth_list = { sizeof(th_timing_curves), 1, sloth_curves };
            static const void *sloth_extension(const char *id) { return strcmp(id, TH_EXT_TIMING_CURVES) == 0 ? &sloth_list : NULL; }
            """
        plugin.getExtension = "sloth_extension"
        try await compileC("#define _POSIX_C_SOURCE 200809L\n" + plugin.render(), to: "plugins/sloth.so", in: dir)
        // The breach event below proves the curve was dropped; the limit is only a hang guard,
        // generous because a loaded CI machine ran the short run past 8 s.
        let result = try await runHost(["run", "sloth", "--curve", "fixture.sloth.crawl", "--format", "json"], pluginFolder: plugins, in: dir,
                                       timeout: 30)
        #expect(result.status == 1 && !result.crashed, "ended by itself, not clean: \(result.status)")
        let run = try RunJSON(result)
        let breaches = run.events.filter { $0.name.contains("curve 'fixture.sloth.crawl' took") }
        #expect(breaches.count == 1 && breaches[0].name.contains("linear"), "\(run.events.map(\.name))")
    }

    @Test("An animator that cancels: exit 1, the presentation is not completed, the scene restored")
    func cancels() async throws {
        let dir = try TempDir("cancel")
        let plugins = try dir.folder("plugins")
        try await compileC(PluginTemplate(pluginID: "fixture.cancel", effectID: "cancel", ending: .cancel).render(),
                           to: "plugins/cancel.so", in: dir)

        let result = try await runHost(["run", "cancel", "--format", "json"], pluginFolder: plugins, in: dir)
        #expect(result.status == 1 && !result.crashed, "\(result)")
        let run = try RunJSON(result)
        #expect(!run.clean)
        try #require(run.outcomes.count == 1, "a cancelled presentation has nothing to dismiss")
        let outcome = run.outcomes[0]
        #expect(!outcome.completed && !outcome.cutOff && !outcome.cancelledByGesture, "\(outcome)")
        #expect(outcome.violations.isEmpty, "a plugin that cleans up before cancelling breaks no rule: \(outcome.violations)")
        #expect(run.events.contains { $0.name == "context.completeTransition(false)" })
        #expect(run.events.contains { $0.name == "animator.animationEnded(false)" })
        // The presented view was on its way in before the cancel.
        #expect(run.frames.contains { $0.view("detail") != nil }, "the detail view should have been seen moving in")
        expectRestored(run)
    }
}

@Suite("Plugins are plain C")
struct PlainCPluginTests {
    @Test("A plugin built with plain cc needs no Swift runtime, and the host runs it")
    func noSwiftRuntime() async throws {
        let dir = try TempDir("ldd")
        let plugins = try dir.folder("plugins")
        let path = try await compileC(PluginTemplate(pluginID: "fixture.plain", effectID: "plain").render(),
                                      to: "plugins/plain.so", in: dir)

        let ldd = try await runProgram("/usr/bin/env", ["ldd", path], outputIn: dir)
        #expect(ldd.status == 0, "\(ldd)")
        #expect(ldd.out.contains("libc.so"), "ldd should list the C library: \(ldd.out)")
        #expect(!ldd.out.contains("libswiftCore"), "a C plugin must not need the Swift runtime: \(ldd.out)")
        #expect(!ldd.out.lowercased().contains("swift"), "\(ldd.out)")

        let run = try await runHost(["run", "plain"], pluginFolder: plugins, in: dir)
        #expect(run.status == 0, "\(run)")
        #expect(run.out.contains("Running fixture.plain:plain"), "\(run.out)")
    }
}
