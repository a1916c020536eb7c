import Foundation
import Testing
@_exported import TestSupport  // every file of this target uses its fixtures

// Fixture code of the end-to-end tests (TestSupport has what other targets share): the built
// `host` binary and its bundled plugins, running the host, and a C template for a minimal
// plugin whose animator can misbehave in the ways the host must survive.

/// What SwiftPM built: the folder of the running test bundle holds the `host` binary and, once
/// Scripts/build-plugins has run, the bundled plugins in `plugins/`.
enum Build {
    static let directory: String = {
        let me = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments[0]
        return (me as NSString).deletingLastPathComponent
    }()

    static var host: String { directory + "/host" }
    static var bundledPlugins: String { directory + "/plugins" }

    static let howToBuild = "run `swift build` and `Scripts/build-plugins` before the end-to-end tests"

    /// The host binary, after checking that it and the bundled diagonal plugin exist.
    static func requireHost(sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        try #require(FileManager.default.isExecutableFile(atPath: host),
                     "no host binary at \(host): \(howToBuild)", sourceLocation: sourceLocation)
        try #require(FileManager.default.fileExists(atPath: bundledPlugins + "/diagonal.so"),
                     "no bundled plugins in \(bundledPlugins): \(howToBuild)", sourceLocation: sourceLocation)
        return host
    }
}

// MARK: - Child processes

/// `seconds` stretched by TEST_TIME_SCALE (default 1) for the host's own deadlines that a test
/// sets low on purpose: under a sanitizer (Scripts/sanitize sets the scale) every process
/// starts and runs several times slower, and a deadline meant to catch a hang would catch a
/// slow start instead.
func scaled(_ seconds: Double) -> String {
    let scale = ProcessInfo.processInfo.environment["TEST_TIME_SCALE"].flatMap(Double.init).flatMap { $0 >= 1 ? $0 : nil } ?? 1
    let value = seconds * scale
    return value == value.rounded() ? String(Int(value)) : String(value)
}

/// Runs `host` with `arguments` so that only the plugins it is meant to see are found: the
/// bundled ones and those in `pluginFolder` (passed with --plugin-path), never the user's
/// (HOST_PLUGIN_PATH empty, XDG_DATA_HOME an empty folder of this test). Its registry cache
/// is the test's own too (XDG_CACHE_HOME), never the user's. Killed after `timeout` seconds.
/// An isolated run that sets no per-call deadline gets 10 s, not the 2 s a user gets: the
/// suite runs many hosts at once on two cores, where an isolated call once took over 2 s.
/// Tests of the deadline itself set theirs.
func runHost(_ arguments: [String], pluginFolder: String, in dir: TempDir, timeout: Double = 120,
             environment: [String: String] = [:]) async throws -> ProgramResult {
    let host = try Build.requireHost()
    let userData = try dir.folder("xdg-data-\(UUID().uuidString.prefix(8))")
    let deadline = arguments.first == "run" && arguments.contains("--isolate") && !arguments.contains("--isolate-timeout")
        ? ["--isolate-timeout", scaled(10)] : []
    return try await runProgram(
        host, arguments + deadline + ["--plugin-path", pluginFolder],
        environment: ["HOST_PLUGIN_PATH": "", "XDG_DATA_HOME": userData, "XDG_CACHE_HOME": dir.file("xdg-cache")]
            .merging(environment) { $1 },
        outputIn: dir, timeout: timeout)
}

/// For tests that learn where plugin code ran from a marker file its constructor writes
/// (HostilePlugin.marker), with the writer's process id: the helpers' Landlock rules and
/// their mount namespace forbid that write (and the PID namespace would hide the id), so
/// these run the helpers without both, as on a system that lacks them. seccomp stays; the
/// malicious-plugin corpus shows what each layer refuses on its own.
let markerWritesAllowed = ["HOST_SANDBOX": "no-landlock,no-namespaces"]

// MARK: - The plugin template

/// A C plugin with one animator that slides the presented view in from the right and the
/// dismissed view out to the right, and ends each transition as `ending` says.
struct PluginTemplate: Sendable {
    enum Ending: Sendable {
        /// complete_transition(true) from the animation's completion.
        case complete
        /// Never calls complete_transition.
        case never
        /// complete_transition(true) twice in a row; logs the second call's status.
        case twice
        /// Takes its view out again and calls complete_transition(false).
        case cancel
        /// As the contract asks: complete_transition(!transition_was_cancelled), having
        /// removed the view that leaves, or on a cancel the one it added.
        case conforming
        /// As `conforming`, but first leaves a view named "stray" in the container.
        case leavesStrayView
    }

    var pluginID = "fixture.e2e"
    var effectID = "fx"
    /// The TH_TRANSITION_* bits the effect declares; push and pop animate as present and
    /// dismiss do.
    var transitions = "TH_TRANSITION_PRESENT | TH_TRANSITION_DISMISS"
    var ending = Ending.complete
    var duration = 0.25
    /// C statements run first in animate_transition (after the context is kept), and first in
    /// the animations callback: where a test makes the animator crash, hang or wobble.
    var animatePrologue = ""
    var animationsPrologue = ""
    /// C statements run first in create (with `config`), transition_duration (with `self`,
    /// whose `incoming` says which transition) and the completion callback.
    var createPrologue = ""
    var durationPrologue = ""
    var completionPrologue = ""
    /// C initialisers of th_param_descriptor: the effect's parameters.
    var parameters: [String] = []
    /// C code placed before the descriptors (functions, tables), and the entry's
    /// get_extension and the animator's animation_ended (function names or NULL).
    var extraCode = ""
    var getExtension = "NULL"
    var animationEnded = "NULL"
    /// ABI 1.2: C for the effect descriptor's flags (e.g. "TH_EFFECT_CUTS"); nil leaves them out.
    var flags: String?
    /// ABI 1.2: the id of a second effect, the first's reduced_motion: the same animator, but
    /// fading the view in (or out) where it stands instead of sliding it.
    var calmVariant: String?

    /// The slide from the right stopped 120 pt short of its place, the completion then putting
    /// the view where it belongs in one frame: a jump into the end state, which the motion
    /// check names (0.25 s linear: 18 pt a frame, then 138 pt).
    static func jumpsIntoEndState(pluginID: String = "fixture.e2e", effectID: String = "fx", ending: Ending = .conforming) -> PluginTemplate {
        var plugin = PluginTemplate(pluginID: pluginID, effectID: effectID, ending: ending)
        plugin.animationsPrologue = "if (self->incoming) self->target.origin.x += 120;"
        plugin.completionPrologue = """
            if (self->incoming) {
                th_view_controller vc;
                th_rect place;
                if (host->view_controller(ctx, TH_TO, &vc) == TH_OK && host->final_frame(ctx, vc, &place) == TH_OK)
                    host->set_frame(self->to, place);
            }
            """
        return plugin
    }

    /// The calm variant's descriptor: the fixture's transitions and duration, no parameters.
    func calmDescriptor(_ id: String) -> String {
        """
            {
                .struct_size = sizeof(th_effect_descriptor),
                .kind = TH_KIND_ANIMATOR,
                .id = \(Self.literal(id)),
                .name = "Fixture effect, calm",
                .transitions = \(transitions),
                .default_duration = \(duration),
                .interface = &fx_calm_animator,
            },
        """
    }

    static func literal(_ s: String) -> String {
        "\"" + s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    func render() -> String {
        let finish: String
        switch ending {
        case .complete:
            finish = """
                    if (!self->incoming && self->from.id != 0) host->remove_from_superview(self->from);
                    host->complete_transition(ctx, true);
                """
        case .never:
            finish = """
                    (void)ctx; /* never completes: the host has to cut it off */
                """
        case .twice:
            finish = """
                    th_status second;
                    char line[96];
                    if (!self->incoming && self->from.id != 0) host->remove_from_superview(self->from);
                    host->complete_transition(ctx, true);
                    second = host->complete_transition(ctx, true);
                    snprintf(line, sizeof line, "second complete_transition returned %d", (int)second);
                    host->log(TH_LOG_INFO, line);
                """
        case .cancel:
            finish = """
                    if (self->incoming && self->to.id != 0) host->remove_from_superview(self->to);
                    host->complete_transition(ctx, false);
                """
        case .conforming, .leavesStrayView:
            let stray = ending == .leavesStrayView ? """
                    th_view container, stray;
                    th_rect small = { { 0, 0 }, { 10, 10 } };
                    host->container_view(ctx, &container);
                    host->create_view("stray", small, &stray);
                    host->add_subview(container, stray);

                """ : ""
            finish = stray + """
                    bool cancelled = false;
                    host->transition_was_cancelled(ctx, &cancelled);
                    if (self->incoming && cancelled && self->to.id != 0) host->remove_from_superview(self->to);
                    if (!self->incoming && !cancelled && self->from.id != 0) host->remove_from_superview(self->from);
                    if (!self->incoming && cancelled && self->to.id != 0) host->remove_from_superview(self->to);
                    host->complete_transition(ctx, !cancelled);
                """
        }
        let params = parameters.isEmpty ? "NULL" : "fx_params"
        let paramTable = parameters.isEmpty ? "" : "static const th_param_descriptor fx_params[] = {\n"
            + parameters.map { "    \($0)," }.joined(separator: "\n") + "\n};"
        return """
            #include <signal.h>
            #include <stdio.h>
            #include <stdlib.h>

            #include "transition_host.h"

            static const th_host_api *host;

            typedef struct fx {
                bool incoming;
                th_context ctx;
                th_view from, to;
                th_rect target;
                bool calm;
            } fx;

            static void *fx_create(const th_effect_config *config)
            {
                fx *self;
                if (config == NULL) return NULL;
                \(createPrologue)
                self = calloc(1, sizeof *self);
                if (self != NULL) self->incoming = (config->transition & (TH_TRANSITION_PRESENT | TH_TRANSITION_PUSH)) != 0;
                return self;
            }

            static void fx_destroy(void *self) { free(self); }

            static void *fx_calm_create(const th_effect_config *config)
            {
                fx *self = fx_create(config);
                if (self != NULL) self->calm = true;
                return self;
            }

            static double fx_duration(void *opaque, th_context ctx)
            {
                fx *self = opaque;
                (void)self;
                (void)ctx;
                \(durationPrologue)
                return \(duration);
            }

            static void fx_animations(void *opaque)
            {
                fx *self = opaque;
                \(animationsPrologue)
                th_view moving = self->incoming ? self->to : self->from;
                if (moving.id != 0 && self->calm) host->set_alpha(moving, self->incoming ? 1 : 0);
                else if (moving.id != 0) host->set_frame(moving, self->target);
            }

            static void fx_completion(void *opaque, bool finished)
            {
                fx *self = opaque;
                th_context ctx = self->ctx;
                (void)finished;
                \(completionPrologue)
            \(finish)
            }

            static void fx_animate(void *opaque, th_context ctx)
            {
                fx *self = opaque;
                th_view container = { 0 };
                th_rect bounds = { { 0, 0 }, { 0, 0 } };
                th_view_controller vc;
                th_animation_options options = { 0 };

                self->ctx = ctx;
                \(animatePrologue)
                host->container_view(ctx, &container);
                host->view(ctx, TH_FROM, &self->from);
                host->view(ctx, TH_TO, &self->to);
                host->get_bounds(container, &bounds);
                if (self->incoming) {
                    th_rect start;
                    host->view_controller(ctx, TH_TO, &vc);
                    host->final_frame(ctx, vc, &self->target);
                    start = self->target;
                    if (!self->calm) start.origin.x = bounds.size.width;
                    host->add_subview(container, self->to);
                    host->set_frame(self->to, start);
                    if (self->calm) host->set_alpha(self->to, 0);
                } else {
                    host->get_frame(self->from, &self->target);
                    if (!self->calm) self->target.origin.x = bounds.size.width;
                    if (self->to.id != 0) host->insert_subview_below(container, self->to, self->from);
                }
                options.struct_size = sizeof options;
                options.timing = TH_TIMING_CURVE;
                options.duration = fx_duration(self, ctx);
                options.curve = TH_CURVE_LINEAR;
                if (host->animate(&options, fx_animations, fx_completion, self) != TH_OK) {
                    host->complete_transition(ctx, false);
                }
            }

            \(extraCode)

            static const th_animator_interface fx_animator = {
                .struct_size = sizeof(th_animator_interface),
                .create = fx_create,
                .destroy = fx_destroy,
                .transition_duration = fx_duration,
                .animate_transition = fx_animate,
                .animation_ended = \(animationEnded),
            };

            static const th_animator_interface fx_calm_animator = {
                .struct_size = sizeof(th_animator_interface),
                .create = fx_calm_create,
                .destroy = fx_destroy,
                .transition_duration = fx_duration,
                .animate_transition = fx_animate,
                .animation_ended = \(animationEnded),
            };

            \(paramTable)
            static const th_effect_descriptor fx_effects[] = {
                {
                    .struct_size = sizeof(th_effect_descriptor),
                    .kind = TH_KIND_ANIMATOR,
                    .id = \(Self.literal(effectID)),
                    .name = "Fixture effect",
                    .description = NULL,
                    .transitions = \(transitions),
                    .param_count = \(parameters.count),
                    .params = \(params),
                    .default_duration = \(duration),
                    .interface = &fx_animator,
            \(flags.map { "        .flags = \($0)," } ?? "")
            \(calmVariant.map { "        .reduced_motion = \(Self.literal($0))," } ?? "")
                },
            \(calmVariant.map { calmDescriptor($0) } ?? "")
            };

            static bool fx_init(const th_host_api *api)
            {
                host = api;
                return true;
            }

            static uint32_t fx_effect_count(void) { return sizeof fx_effects / sizeof fx_effects[0]; }

            static const th_effect_descriptor *fx_get_effect(uint32_t index)
            {
                return index < fx_effect_count() ? &fx_effects[index] : NULL;
            }

            TH_EXPORT const th_plugin_entry th_entry = {
                .struct_size = sizeof(th_plugin_entry),
                .abi_major = TH_ABI_MAJOR,
                .abi_minor = TH_ABI_MINOR,
                .id = \(Self.literal(pluginID)),
                .name = "Fixture plugin",
                .version = "1.0.0",
                .vendor = NULL,
                .init = fx_init,
                .deinit = NULL,
                .effect_count = fx_effect_count,
                .get_effect = fx_get_effect,
                .get_extension = \(getExtension),
            };

            """
    }
}

// MARK: - Reading `host run --format json`

/// The parts of a run report the tests look at.
struct RunJSON {
    struct View {
        let name: String
        let x, y, width, height: Double
        let alpha: Double
        var offScreen: Bool { x >= 390 || y >= 844 || x + width <= 0 || y + height <= 0 }
    }

    struct Frame {
        let time: Double
        let views: [View]
        func view(_ name: String) -> View? { views.first { $0.name == name } }
    }

    struct Outcome {
        let transition: String
        let completed: Bool
        let cutOff: Bool
        /// Cancelled because its gesture asked for it (released short of the rule), not by the animator.
        let cancelledByGesture: Bool
        let start: Double
        let end: Double
        let violations: [String]
    }

    struct Event {
        let time: Double
        let level: String
        let name: String
    }

    let clean: Bool
    let events: [Event]
    let outcomes: [Outcome]
    let frames: [Frame]

    init(_ result: ProgramResult) throws {
        guard let root = try result.json() as? [String: Any] else {
            throw ChildProcessFailure(description: "the report is not a JSON object:\n\(result)")
        }
        func fail(_ what: String) -> ChildProcessFailure { ChildProcessFailure(description: "report: \(what)\n\(result)") }
        guard let clean = root["clean"] as? Bool,
              let events = root["events"] as? [[String: Any]],
              let outcomes = root["outcomes"] as? [[String: Any]],
              let frames = root["frames"] as? [[String: Any]]
        else { throw fail("missing clean, events, outcomes or frames") }
        self.clean = clean
        self.events = try events.map { e in
            guard let time = (e["time"] as? NSNumber)?.doubleValue, let level = e["level"] as? String,
                  let name = e["name"] as? String
            else { throw fail("bad event \(e)") }
            return Event(time: time, level: level, name: name)
        }
        self.outcomes = try outcomes.map { o in
            guard let transition = o["transition"] as? String, let completed = o["completed"] as? Bool,
                  let cutOff = o["cutOff"] as? Bool, let byGesture = o["cancelledByGesture"] as? Bool,
                  let start = (o["start"] as? NSNumber)?.doubleValue,
                  let end = (o["end"] as? NSNumber)?.doubleValue, let violations = o["violations"] as? [String]
            else { throw fail("bad outcome \(o)") }
            return Outcome(transition: transition, completed: completed, cutOff: cutOff,
                           cancelledByGesture: byGesture, start: start, end: end,
                           violations: violations)
        }
        self.frames = try frames.map { f in
            guard let time = (f["time"] as? NSNumber)?.doubleValue, let views = f["views"] as? [[String: Any]]
            else { throw fail("bad frame \(f)") }
            return Frame(time: time, views: try views.map { v in
                guard let name = v["name"] as? String, let frame = v["frame"] as? [NSNumber], frame.count == 4,
                      let alpha = (v["alpha"] as? NSNumber)?.doubleValue
                else { throw fail("bad view \(v)") }
                return View(name: name, x: frame[0].doubleValue, y: frame[1].doubleValue,
                            width: frame[2].doubleValue, height: frame[3].doubleValue, alpha: alpha)
            })
        }
    }

    /// The frames from `start` to `end` (inclusive), with a little tolerance.
    func frames(from start: Double, to end: Double) -> [Frame] {
        frames.filter { $0.time >= start - 1e-9 && $0.time <= end + 1e-9 }
    }

    var warnings: [String] { events.filter { $0.level == "warning" }.map(\.name) }
}

// MARK: - A minimal C animator

/// The README's fade, as C functions for a test plugin to build on: `host` (set it in init),
/// a `fade` instance, and create, destroy, duration and animate for an animator interface.
/// A test supplies only what it varies: where the duration comes from, and statements run
/// first in animate.
enum FadeAnimatorC {
    /// `durationFromParameter`: the index of a parameter holding the duration in tenths of a
    /// second, or nil for a fixed 0.1 s.
    static func functions(durationFromParameter index: Int? = nil, animatePrologue: String = "") -> String {
        let duration = index.map { "config->params[\($0)] / 10.0" } ?? "0.1"
        return """
            static const th_host_api *host;
            typedef struct { th_context ctx; th_view view; bool presenting; double duration; } fade;
            static void *create(const th_effect_config *config) {
                fade *f = calloc(1, sizeof *f);
                if (f) {
                    f->presenting = config->transition == TH_TRANSITION_PRESENT;
                    f->duration = \(duration);
                }
                return f;
            }
            static void destroy(void *self) { free(self); }
            static double duration(void *self, th_context ctx) { (void)ctx; return ((fade *)self)->duration; }
            static void animations(void *user) { fade *f = user; host->set_alpha(f->view, f->presenting ? 1.0 : 0.0); }
            static void completion(void *user, bool finished) {
                fade *f = user;
                (void)finished;
                if (!f->presenting) host->remove_from_superview(f->view);
                host->complete_transition(f->ctx, true);
            }
            static void animate(void *self, th_context ctx) {
                fade *f = self;
                th_view container;
                th_view_controller to;
                th_rect final;
                f->ctx = ctx;
                \(animatePrologue)
                host->container_view(ctx, &container);
                host->view(ctx, f->presenting ? TH_TO : TH_FROM, &f->view);
                if (f->presenting) {
                    host->view_controller(ctx, TH_TO, &to);
                    host->final_frame(ctx, to, &final);
                    host->add_subview(container, f->view);
                    host->set_frame(f->view, final);
                    host->set_alpha(f->view, 0.0);
                }
                th_animation_options options = { sizeof options, TH_TIMING_CURVE, f->duration, 0, TH_CURVE_LINEAR, 0, 0, 0 };
                host->animate(&options, animations, completion, f);
            }
            """
    }
}
