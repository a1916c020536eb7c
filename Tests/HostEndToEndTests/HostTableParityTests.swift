import Foundation
import Testing

/// The header promises that an isolated plugin sees "the same checks, the same statuses" as
/// one loaded in the host. One plugin makes the calls the two sides once answered differently
/// (host calls from a second thread; `animate` with a struct_size below ABI 1.0's) and logs
/// every status; the logged line must be the same in process and isolated, and right.
@Suite("In process and isolated, the host table answers alike")
struct HostTableParityTests {
    static let plugin = PluginTemplate(
        pluginID: "fixture.parity", effectID: "parity", ending: .complete,
        // The template places extraCode after animate_transition: declared here, defined there.
        animatePrologue: "{ void parity_check(th_context); parity_check(ctx); }",
        extraCode: """
            #include <pthread.h>
            static th_view parity_view;
            static th_context parity_context;
            static int parity_status[4];
            static int parity_block_ran;
            /* Every call from a second thread must be refused and change nothing; its log line
             * must not reach the trace. */
            static void *parity_thread(void *unused)
            {
                th_rect frame;
                (void)unused;
                parity_status[0] = host->set_alpha(parity_view, 0.5);
                parity_status[1] = host->get_frame(parity_view, &frame);
                parity_status[2] = host->get_frame(parity_view, NULL);
                parity_status[3] = host->complete_transition(parity_context, false);
                host->log(TH_LOG_ERROR, "logged from a second thread");
                return NULL;
            }
            static void parity_animations(void *unused) { (void)unused; parity_block_ran = 1; }
            void parity_check(th_context ctx)
            {
                pthread_t thread;
                th_animation_options small = { 8, TH_TIMING_CURVE, 0.1, 0, TH_CURVE_LINEAR, 0, 0, 0 };
                char line[200];
                int animated;
                parity_context = ctx;
                host->container_view(ctx, &parity_view);
                pthread_create(&thread, NULL, parity_thread, NULL);
                pthread_join(thread, NULL);
                animated = host->animate(&small, parity_animations, NULL, NULL);
                snprintf(line, sizeof line,
                         "checked: set_alpha %d, get_frame %d, get_frame(NULL) %d, complete_transition %d; "
                         "animate with struct_size 8 %d, its block ran %d",
                         parity_status[0], parity_status[1], parity_status[2], parity_status[3], animated, parity_block_ran);
                host->log(TH_LOG_INFO, line);
            }
            """)

    @Test("wrong-thread calls and a too-small animate struct_size get the same statuses isolated as in process, and change nothing")
    func sameStatuses() async throws {
        let dir = try TempDir("parity")
        let plugins = try dir.folder("plugins")
        try await compileC(Self.plugin.render(), to: "plugins/parity.so", in: dir)

        var lines: [String: [String]] = [:]
        for mode in [[], ["--isolate"]] {
            let result = try await runHost(["run", "parity", "--format", "json"] + mode, pluginFolder: plugins, in: dir)
            #expect(result.status == 0, "\(mode): \(result)")
            let run = try RunJSON(result)
            lines[mode.first ?? "in process"] = run.events.map(\.name).filter { $0.contains("checked:") || $0.contains("second thread") }
            // The refused calls changed nothing: the presented view arrived at full alpha.
            let shown = run.frames.last { $0.view("detail") != nil }
            #expect(shown?.view("detail")?.alpha == 1, "\(mode)")
        }
        let inProcess = try #require(lines["in process"]), isolated = try #require(lines["--isolate"])
        let expected = "fixture.parity: checked: set_alpha -4, get_frame -4, get_frame(NULL) -4, complete_transition -4; "
            + "animate with struct_size 8 -2, its block ran 0"
        #expect(inProcess == [expected, expected], "in process: \(inProcess)")
        #expect(isolated == inProcess, "isolated: \(isolated)")
    }
}
