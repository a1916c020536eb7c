/// `host new NAME --lang swift`: a SwiftPM package whose dynamic library is the plugin. It
/// depends on nothing but the C header, copied into a C module target of its own
/// (Sources/CTransitionHost), so `swift build` works anywhere, with no SDK on the search path.
enum SwiftTemplate {
    static func files(_ name: ProjectName, header: String) -> [ProjectFile] {
        [
            ProjectFile("Package.swift", fill(manifest, name)),
            ProjectFile("Sources/CTransitionHost/include/transition_host.h", header),
            ProjectFile("Sources/CTransitionHost/abi_version.c", fill(abiVersion, name)),
            ProjectFile("Sources/\(name.typeName)Plugin/\(name.typeName)Plugin.swift", fill(source, name)),
            ProjectFile("install.sh", fill(install, name), executable: true),
            ProjectFile("README.md", fill(readme, name)),
            ProjectFile(".gitignore", ".build/\n*.so\n"),
        ]
    }

    static let manifest = #"""
// swift-tools-version:6.0
// {{title}}: a transition-host plugin in Swift. `swift build` makes .build/debug/lib{{name}}.so;
// ./install.sh builds it in release mode and copies it into the host's user plugin folder.
import PackageDescription

let package = Package(
    name: "{{name}}",
    products: [
        // The plugin: a shared library the host loads with dlopen.
        .library(name: "{{name}}", type: .dynamic, targets: ["{{type}}Plugin"]),
    ],
    targets: [
        // transition_host.h, the plugin ABI, as a C module. It is a copy of the SDK's header:
        // a plugin built against ABI 1.0 runs in every 1.x host.
        .target(name: "CTransitionHost"),
        .target(name: "{{type}}Plugin", dependencies: ["CTransitionHost"]),
    ]
)

"""#

    static let abiVersion = #"""
/* A C module target needs one source file; this one checks, when it compiles, that the
 * header is the ABI this plugin was written for. */
#include "transition_host.h"

_Static_assert(TH_ABI_MAJOR == 1, "{{name}} is written for plugin ABI 1");

"""#

    static let source = #"""
// {{title}}: a transition-host plugin with one animator, "{{name}}".
//
// The incoming screen (presented, pushed, or switched to) fades in over the one it covers;
// the outgoing screen (dismissed or popped) fades out, uncovering the one below. The
// parameter "duration" sets how long that takes.
//
// Swift cannot export a data symbol under a C name, so the entry point is the function
// th_get_entry, exported with @_cdecl; it only returns the address of static data. Everything
// handed to the host is allocated once and never freed, as the header asks of descriptors.
// transition_host.h documents every function. Look for "CHANGE" to make it your own.
import CTransitionHost

/// The host's functions, kept from init. The host calls a plugin on one thread only.
nonisolated(unsafe) private var host: UnsafePointer<th_host_api>?

private func cString(_ s: StaticString) -> UnsafePointer<CChar> {
    UnsafeRawPointer(s.utf8Start).assumingMemoryBound(to: CChar.self)
}

/// One transition's state. Its address is the instance pointer the host passes back.
private final class {{type}} {
    let incoming: Bool   // present, push, tab switch: the "to" view arrives
    let duration: Double // seconds, from the "duration" parameter
    var context = th_context(id: 0)
    var fromView = th_view(id: 0)  // may be {0}: a dismissal may have no "to" view, for example
    var toView = th_view(id: 0)

    init(incoming: Bool, duration: Double) {
        self.incoming = incoming
        self.duration = duration
    }

    static func from(_ pointer: UnsafeMutableRawPointer) -> {{type}} {
        Unmanaged<{{type}}>.fromOpaque(pointer).takeUnretainedValue()
    }

    func animate(_ context: th_context) {
        guard let api = host?.pointee else { return }
        self.context = context
        var container = th_view(id: 0), toController = th_view_controller(id: 0), final = th_rect()
        _ = api.container_view(context, &container)
        _ = api.view(context, UInt32(TH_FROM), &fromView)
        _ = api.view(context, UInt32(TH_TO), &toView)
        _ = api.view_controller(context, UInt32(TH_TO), &toController)
        _ = api.final_frame(context, toController, &final)

        // CHANGE: where things start. The "to" view joins the container at its final frame:
        // on top when it arrives, underneath the leaving view otherwise.
        if toView.id != 0 {
            if incoming || fromView.id == 0 {
                _ = api.add_subview(container, toView)
            } else {
                _ = api.insert_subview_below(container, toView, fromView)
            }
            if final.size.width > 0 && final.size.height > 0 { _ = api.set_frame(toView, final) }
            if incoming { _ = api.set_alpha(toView, 0) }
        }

        // CHANGE: how it moves: TH_TIMING_CURVE with a TH_CURVE_*, or TH_TIMING_SPRING with
        // spring_damping_ratio and spring_initial_velocity.
        var options = th_animation_options()
        options.struct_size = UInt32(MemoryLayout<th_animation_options>.size)
        options.timing = UInt32(TH_TIMING_CURVE)
        options.curve = UInt32(TH_CURVE_EASE_IN_OUT)
        options.duration = duration
        let me = Unmanaged.passUnretained(self).toOpaque()
        let status = api.animate(&options, { user in
            {{type}}.from(user!).animations()
        }, { user, _ in
            {{type}}.from(user!).finish()
        }, me)
        if status != TH_OK {
            // Neither callback will run: end the transition here, cancelled, so the host
            // restores the scene.
            if incoming && toView.id != 0 { _ = api.remove_from_superview(toView) }
            _ = api.complete_transition(context, false)
        }
    }

    /// CHANGE: what moves. Property changes made here animate, from what is on screen now to
    /// the value set: set_frame, set_center, set_transform, set_alpha, set_corner_radius, ...
    func animations() {
        if incoming { _ = host?.pointee.set_alpha(toView, 1) } else { _ = host?.pointee.set_alpha(fromView, 0) }
    }

    /// Runs when the animations have ended. Whether the transition counts is the context's
    /// answer (a gesture may have cancelled it), not whether the animation ran to its end.
    func finish() {
        guard let api = host?.pointee else { return }
        var cancelled = false
        _ = api.transition_was_cancelled(context, &cancelled)
        if incoming && cancelled {
            _ = api.remove_from_superview(toView)  // it never arrived
        } else if !incoming && !cancelled {
            _ = api.remove_from_superview(fromView)  // it left
            _ = api.set_alpha(fromView, 1)  // so that it looks right when it comes back
        } else if !incoming && toView.id != 0 {
            _ = api.remove_from_superview(toView)  // cancelled: put things back as they were
        }
        // Exactly once, last: the host ends the transition after this call returns.
        _ = api.complete_transition(context, !cancelled)
    }
}

nonisolated(unsafe) private let animatorInterface: UnsafeMutablePointer<th_animator_interface> = {
    var i = th_animator_interface()
    i.struct_size = UInt32(MemoryLayout<th_animator_interface>.size)
    i.create = { config in
        guard let config = config?.pointee else { return nil }  // nil: the host uses its standard animation
        let incoming = config.transition == UInt32(TH_TRANSITION_PRESENT) || config.transition == UInt32(TH_TRANSITION_PUSH)
            || config.transition == UInt32(TH_TRANSITION_TAB_SWITCH)
        // One value per declared parameter, in declaration order, already checked by the host.
        let duration = config.param_count > 0 ? config.params?[0] ?? 0.4 : 0.4
        return Unmanaged.passRetained({{type}}(incoming: incoming, duration: duration)).toOpaque()
    }
    i.destroy = { instance in
        if let instance { Unmanaged<{{type}}>.fromOpaque(instance).release() }
    }
    i.transition_duration = { instance, _ in {{type}}.from(instance!).duration }
    i.animate_transition = { instance, context in {{type}}.from(instance!).animate(context) }
    let pointer = UnsafeMutablePointer<th_animator_interface>.allocate(capacity: 1)
    pointer.initialize(to: i)
    return pointer
}()

/// CHANGE: the parameters users can set with `host run {{name}} --param duration=0.8`. The host
/// shows them in `host inspect {{name}}` and checks every value against its range.
nonisolated(unsafe) private let parameters: UnsafeMutablePointer<th_param_descriptor> = {
    var p = th_param_descriptor()
    p.struct_size = UInt32(MemoryLayout<th_param_descriptor>.size)
    p.type = UInt32(TH_PARAM_DOUBLE)
    p.id = cString("duration")
    p.name = cString("Duration of the fade")
    p.unit = cString("s")
    p.min_value = 0.05
    p.max_value = 5
    p.default_value = 0.4
    let pointer = UnsafeMutablePointer<th_param_descriptor>.allocate(capacity: 1)
    pointer.initialize(to: p)
    return pointer
}()

/// CHANGE: the effect's id, name, description and the transitions it serves.
nonisolated(unsafe) private let descriptor: UnsafeMutablePointer<th_effect_descriptor> = {
    var d = th_effect_descriptor()
    d.struct_size = UInt32(MemoryLayout<th_effect_descriptor>.size)
    d.kind = UInt32(TH_KIND_ANIMATOR)
    d.id = cString("{{name}}")
    d.name = cString("{{title}}")
    d.description = cString("The incoming screen fades in; the outgoing one fades out.")
    d.transitions = UInt32(TH_TRANSITION_ALL)
    d.param_count = 1
    d.params = UnsafePointer(parameters)
    d.default_duration = 0.4
    d.interface = UnsafeRawPointer(animatorInterface)
    let pointer = UnsafeMutablePointer<th_effect_descriptor>.allocate(capacity: 1)
    pointer.initialize(to: d)
    return pointer
}()

nonisolated(unsafe) private let entry: UnsafeMutablePointer<th_plugin_entry> = {
    var e = th_plugin_entry()
    e.struct_size = UInt32(MemoryLayout<th_plugin_entry>.size)
    e.abi_major = UInt16(TH_ABI_MAJOR)
    e.abi_minor = UInt16(TH_ABI_MINOR)
    e.id = cString("{{name}}")
    e.name = cString("{{title}}")
    e.version = cString("0.1.0")
    e.`init` = { api in
        // Refuse a host of another major version: its table is laid out differently.
        guard let api, api.pointee.abi_major == UInt16(TH_ABI_MAJOR) else { return false }
        host = api
        return true
    }
    e.effect_count = { 1 }
    e.get_effect = { index in index == 0 ? UnsafePointer(descriptor) : nil }
    let pointer = UnsafeMutablePointer<th_plugin_entry>.allocate(capacity: 1)
    pointer.initialize(to: e)
    return pointer
}()

/// The entry point the host looks up. Only returns static data.
@_cdecl("th_get_entry")
public func thGetEntry() -> UnsafePointer<th_plugin_entry> {
    UnsafePointer(entry)
}

"""#

    static let install = #"""
#!/bin/sh
# Builds {{name}} in release mode and copies it into the host's user plugin folder
# ($XDG_DATA_HOME/transition-host/plugins, ~/.local/share/... by default), where `host list`
# finds it. Arguments go to `swift build`, e.g. ./install.sh --scratch-path /tmp/build
set -eu
cd "$(dirname "$0")"
swift build -c release "$@"
lib="$(swift build -c release --show-bin-path "$@")/lib{{name}}.so"
dest="${XDG_DATA_HOME:-$HOME/.local/share}/transition-host/plugins"
mkdir -p "$dest"
cp "$lib" "$dest/{{name}}.so.tmp"
mv -f "$dest/{{name}}.so.tmp" "$dest/{{name}}.so"
echo "installed $dest/{{name}}.so: try 'host run {{name}}'"

"""#

    static let readme = #"""
# {{title}}

A plugin for the transition host, in Swift: one animator, `{{name}}`, that fades the
incoming screen in and the outgoing one out.

    swift build                     # builds .build/debug/lib{{name}}.so
    ./install.sh                    # release build, copied into ~/.local/share/transition-host/plugins
    host run {{name}}                     # presents and dismisses the demo screen with it
    host validate .build/debug/lib{{name}}.so   # the conformance tests: every one should pass

Change the effect in `Sources/{{type}}Plugin/{{type}}Plugin.swift`: look for `CHANGE`.
`Sources/CTransitionHost/include/transition_host.h` is a copy of the SDK's header, which
documents every function you can call.

"""#
}
