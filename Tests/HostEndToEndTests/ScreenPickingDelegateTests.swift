import Foundation
import Testing

/// ABI 1.1's animator_for_screens: a delegate learns the screens of each transition (names, and
/// the tags a scene file gives them) and picks an effect per screen, in process and isolated.
@Suite("A delegate that picks its animator by screen (ABI 1.1)")
struct ScreenPickingDelegateTests {
    /// A delegate that logs what it is told and picks slide for a screen tagged "photo" (or
    /// named "detail"), the standard style otherwise.
    static let plugin = """
        #include <stdio.h>
        #include <string.h>
        #include "transition_host.h"
        static const th_host_api *host;
        static const char *animator_for(uint32_t transition) { (void)transition; return "slide"; }
        static const char *by_screens(const th_transition_screens *s)
        {
            char line[300];
            snprintf(line, sizeof line, "screens %u: %s (%s) over %s (%s), from %s", (unsigned)s->transition,
                     s->presented.name, s->presented.tag ? s->presented.tag : "no tag",
                     s->presenting.name, s->presenting.tag ? s->presenting.tag : "no tag", s->source.name);
            host->log(TH_LOG_INFO, line);
            if (s->transition != TH_TRANSITION_PRESENT && s->transition != TH_TRANSITION_PUSH) return NULL;
            if ((s->presented.tag && strcmp(s->presented.tag, "photo") == 0) || strcmp(s->presented.name, "detail") == 0) return "slide";
            return NULL;
        }
        static const th_delegate_interface delegate = {
            .struct_size = sizeof delegate, .animator_for = animator_for, .animator_for_screens = by_screens };
        static const th_effect_descriptor effect = {
            sizeof effect, TH_KIND_TRANSITIONING_DELEGATE, "picker", "Picker", NULL,
            TH_TRANSITION_PRESENT | TH_TRANSITION_DISMISS | TH_TRANSITION_PUSH | TH_TRANSITION_POP, 0, NULL, 0.3, &delegate };
        static bool init(const th_host_api *h) { host = h; return true; }
        static uint32_t count(void) { return 1; }
        static const th_effect_descriptor *get(uint32_t i) { return i == 0 ? &effect : NULL; }
        TH_EXPORT const th_plugin_entry th_entry = {
            sizeof th_entry, TH_ABI_MAJOR, TH_ABI_MINOR, "fixture.picker", "Picker", "1.0.0", NULL, init, NULL, count, get, NULL };
        """

    static let scene = """
        {"containment": "navigation", "screens": [
          {"name": "albums", "tag": "list", "views": [{"name": "albums.row", "frame": [0, 100, 390, 80], "color": "#ffffff"}]},
          {"name": "photo", "tag": "photo", "color": "#000000"}
        ],
         "segues": [{"name": "open", "from": "albums", "to": "photo"}]}
        """

    @Test("on the demo scene it is asked at each transition with the screens, and its choice runs: slide there, the standard style back",
          arguments: [[], ["--isolate"]])
    func demo(_ extra: [String]) async throws {
        let dir = try TempDir("screens-demo")
        let plugins = try dir.folder("plugins")
        try await compileC(Self.plugin, to: "plugins/picker.so", in: dir)
        let result = try await runHost(["run", "picker"] + extra, pluginFolder: plugins, in: dir)
        #expect(result.status == 0, "\(result)")
        #expect(result.out.contains("screens 1: detail (no tag) over home (no tag), from home"), "\(result.out)")
        #expect(result.out.contains("screens 2: detail (no tag) over home (no tag), from detail"), "\(result.out)")
        #expect(result.out.contains("Present: completed by slide:slide") && result.out.contains("Dismiss: completed by cover-vertical"), "\(result.out)")
    }

    @Test("on a scene file it gets the screens' tags: the push to the screen tagged photo slides")
    func tags() async throws {
        let dir = try TempDir("screens-tags")
        let plugins = try dir.folder("plugins")
        try await compileC(Self.plugin, to: "plugins/picker.so", in: dir)
        let scene = try dir.write("album.json", text: Self.scene)
        let result = try await runHost(["run", "picker", "--scene", scene], pluginFolder: plugins, in: dir)
        #expect(result.status == 0, "\(result)")
        #expect(result.out.contains("screens 4: photo (photo) over albums (list), from albums"), "\(result.out)")
        #expect(result.out.contains("Push: completed by slide:slide"), "\(result.out)")
    }
}
