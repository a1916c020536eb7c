// swift-tools-version:6.0
// The transition plugin host: UIKit's custom view-controller transitions on Linux, with every
// effect loaded at run time from a shared library through the C ABI in
// Sources/CTransitionABI/include/transition_host.h.
import PackageDescription

let package = Package(
    name: "TransitionHost",
    products: [
        .executable(name: "host", targets: ["host"]),
        .library(name: "TransitionCore", targets: ["TransitionCore"]),
        .library(name: "PluginHost", targets: ["PluginHost"]),
        // The bundled plugin written in Swift. Scripts/build-plugins copies it into the
        // bundled plugin folder next to the host binary.
        .library(name: "crossfade", type: .dynamic, targets: ["CrossfadePlugin"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        // The public C ABI (the SDK): one header, plus compile-time layout checks.
        .target(name: "CTransitionABI", path: "Sources/CTransitionABI"),
        // libffi, for calling plugin functions whose C signature is known only at run time.
        .systemLibrary(name: "CFFI", path: "Sources/CFFI", pkgConfig: "libffi", providers: [.apt(["libffi-dev"])]),
        // Pure Swift: geometry, scene, timing, animation engine, transition flows, registry.
        // The system's C library (glibc, musl), re-exported: `import LibC` in every target.
        .target(name: "LibC"),
        .target(name: "TransitionCore", dependencies: ["LibC"]),
        // The OS-bound part, in three layers, each using those before it.
        // The plugin side of the ABI in this process: the host-function table, the bridge from
        // C vtables to TransitionCore's protocols, calls by signature (libffi), dlopen and the
        // descriptor checks.
        .target(name: "PluginABI", dependencies: ["LibC", "TransitionCore", "CTransitionABI", "CFFI", "CChildProcess"]),
        // Plugin code in other processes: child processes and the helpers' sandbox, scanning
        // plugin files in helpers, and isolated plugins over their channel.
        .target(name: "PluginProcesses", dependencies: ["LibC", "TransitionCore", "PluginABI", "CTransitionABI", "CChildProcess", "CSandbox"]),
        // Which plugins a command gets: the search path, trust checks, the registry cache and
        // the kept listing, sessions and watching. Re-exports the two above.
        .target(name: "PluginHost", dependencies: ["LibC", "TransitionCore", "PluginABI", "PluginProcesses", "CTransitionABI", "CChildProcess"]),
        // Cairo rasterises frames (PNG, SVG surfaces); giflib encodes animated GIFs.
        // Its headers only: the host does not link cairo (CCairoLoader loads it on first use).
        .systemLibrary(name: "CCairo", path: "Sources/CCairo"),
        // The cairo functions the renderer calls, each finding the real one in libcairo.so.2,
        // loaded the first time something is drawn: linked, cairo's fifteen libraries cost
        // every start of the host, `host list` included, about 1.7 ms.
        .target(name: "CCairoLoader", publicHeadersPath: ".", linkerSettings: [.linkedLibrary("dl")]),
        .systemLibrary(name: "CGif", path: "Sources/CGif", pkgConfig: "libgif", providers: [.apt(["libgif-dev"])]),
        // Turns a finished run or a listing into text, JSON, pixels and files: the terminal
        // player, GIF/PNG/SVG/video export, filmstrips and curve plots.
        // The per-pixel loop of 3D-transformed views, in C for speed.
        .target(name: "CResample"),
        .target(name: "CBlur"),
        .target(name: "Rendering", dependencies: ["LibC", "TransitionCore", "CCairo", "CCairoLoader", "CGif", "CResample", "CBlur", "CChildProcess"]),
        // The window of `host run --window`: SDL2's types from its headers (libsdl2-dev), its
        // functions found in libSDL2-2.0.so.0 when the first window opens, so that no other
        // command maps SDL and the libraries it needs.
        .target(name: "CSDLWindow", linkerSettings: [.linkedLibrary("dl")]),
        // Plays a run in that window on the real clock, drawn by the renderer of the exports.
        .target(name: "LiveWindow", dependencies: ["LibC", "TransitionCore", "Rendering", "CCairo", "CSDLWindow"]),
        // pidfd_open(2), which Glibc's Swift module does not declare: a child process's exit
        // as a file descriptor that poll(2) can wait on with a deadline.
        .target(name: "CChildProcess"),
        // libseccomp, for the sandbox of the helpers that run plugin code.
        .systemLibrary(name: "CSeccomp", path: "Sources/CSeccomp", pkgConfig: "libseccomp", providers: [.apt(["libseccomp-dev"])]),
        // The helpers' sandbox: own session, parent-death signal, no_new_privs, and a seccomp
        // filter under which a plugin can signal, trace or write nothing but its own process.
        .target(name: "CSandbox", dependencies: ["CSeccomp"], linkerSettings: [.linkedLibrary("seccomp")]),
        // `host validate`: named conformance tests of a plugin, each in a child process.
        .target(name: "Validation", dependencies: ["LibC", "PluginHost", "TransitionCore", "CTransitionABI"]),
        // The plugin SDK: `host sdk install` (header and pkg-config file) and `host new`'s
        // project templates in C, Swift and Rust.
        // The templates are the examples in Examples/, and the Rust template's src/abi.rs is
        // generated from the header (Scripts/generate-rust-abi): all compiled in, so that
        // `host new` needs no file beside the binary.
        .target(name: "PluginSDK", dependencies: ["LibC", "CTransitionABI"],
                resources: [
                    .embedInCode("Templates/rust/abi.rs"),
                    // Links to the examples' files: each example is its language's template.
                    .embedInCode("Templates/c/c-Makefile.template"), .embedInCode("Templates/c/c-source.template"),
                    .embedInCode("Templates/c/c-README.template"),
                    .embedInCode("Templates/swift/swift-Package.template"), .embedInCode("Templates/swift/swift-abi_version.template"),
                    .embedInCode("Templates/swift/swift-source.template"), .embedInCode("Templates/swift/swift-install.template"),
                    .embedInCode("Templates/swift/swift-README.template"),
                    .embedInCode("Templates/rust/rust-Cargo.template"), .embedInCode("Templates/rust/rust-source.template"),
                    .embedInCode("Templates/rust/rust-install.template"), .embedInCode("Templates/rust/rust-README.template"),
                ]),
        .executableTarget(
            name: "host",
            dependencies: [
                "LibC", "TransitionCore", "PluginHost", "Rendering", "LiveWindow", "Validation", "PluginSDK", "CChildProcess",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        // Counts heap allocations, for frame-bench only (it defines malloc and friends).
        .target(name: "CAllocationCounter", path: "Sources/CAllocationCounter"),
        // Benchmark of frame evaluation: `Scripts/bench --only frames` builds it in release mode and runs it.
        .executableTarget(name: "frame-bench", dependencies: ["TransitionCore", "CAllocationCounter"]),
        // Benchmark of calls across the C ABI, run by Scripts/bench.
        .executableTarget(name: "abi-bench", dependencies: ["PluginHost", "TransitionCore"]),
        // Benchmark of calls by signature: `Scripts/bench --only ffi` builds it in release mode and runs it.
        .executableTarget(name: "ffi-bench", dependencies: ["LibC", "PluginHost", "TransitionCore"]),
        // Benchmark of the renderer (terminal frames, GIF and PNG export): `Scripts/bench --only render`.
        .executableTarget(name: "render-bench", dependencies: ["LibC", "Rendering", "TransitionCore"]),
        // Benchmark of the live window (frame cost at scale 2, dropped frames): `Scripts/bench --only window`.
        .executableTarget(name: "window-bench", dependencies: ["LibC", "LiveWindow", "Rendering", "TransitionCore"]),
        // Fuzzers of what reads untrusted bytes (descriptors, signatures, scene files, the
        // registry cache): Scripts/fuzz builds them with libFuzzer (-D FUZZING); a plain build
        // replays a corpus folder with them. See docs/FUZZING.md.
        .executableTarget(
            name: "fuzz", dependencies: ["LibC", "PluginHost", "TransitionCore", "CTransitionABI"], path: "Fuzz/Sources/fuzz"),
        .target(
            name: "CrossfadePlugin", dependencies: ["CTransitionABI"],
            path: "Plugins/crossfade"),
        .testTarget(name: "TransitionCoreTests", dependencies: ["TransitionCore"]),
        // Fixtures the test targets share: temporary folders, child processes, compiling C.
        .target(name: "TestSupport", dependencies: ["LibC"], path: "Tests/TestSupport"),
        .testTarget(name: "PluginHostTests", dependencies: ["LibC", "PluginABI", "PluginProcesses", "PluginHost", "TransitionCore", "TestSupport", "CSandbox"]),
        .testTarget(name: "ValidationTests", dependencies: ["Validation", "TransitionCore"]),
        .testTarget(name: "PluginSDKTests", dependencies: ["PluginSDK"]),
        // Comparing frames with reference images, for the rendering and end-to-end tests.
        .target(name: "RenderingTestSupport", dependencies: ["Rendering"], path: "Tests/RenderingTestSupport"),
        .testTarget(name: "HostEndToEndTests", dependencies: ["LibC", "Rendering", "TransitionCore", "PluginHost", "CGif", "TestSupport", "RenderingTestSupport"]),
        // Reference images live in References/ and are read by path, not as resources, so that
        // Scripts/update-references can rewrite them in place.
        .testTarget(
            name: "RenderingTests", dependencies: ["Rendering", "TransitionCore", "CCairo", "CBlur", "CGif", "CResample", "RenderingTestSupport"],
            exclude: ["References"]),
    ]
)
