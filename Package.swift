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
        .target(name: "TransitionCore"),
        // The OS-bound part: search paths, ELF probing, dlopen, the C bridge.
        .target(name: "PluginHost", dependencies: ["TransitionCore", "CTransitionABI", "CFFI"]),
        // Turns a finished run or a listing into text or JSON.
        .target(name: "Rendering", dependencies: ["TransitionCore"]),
        .executableTarget(
            name: "host",
            dependencies: [
                "TransitionCore", "PluginHost", "Rendering",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        // Counts heap allocations, for frame-bench only (it defines malloc and friends).
        .target(name: "CAllocationCounter", path: "Sources/CAllocationCounter"),
        // Benchmark of frame evaluation: Scripts/bench-frames builds it in release mode and runs it.
        .executableTarget(name: "frame-bench", dependencies: ["TransitionCore", "CAllocationCounter"]),
        // Benchmark of calls across the C ABI, run by Scripts/bench.
        .executableTarget(name: "abi-bench", dependencies: ["PluginHost", "TransitionCore"]),
        // Benchmark of calls by signature: Scripts/bench-ffi builds it in release mode and runs it.
        .executableTarget(name: "ffi-bench", dependencies: ["PluginHost", "TransitionCore"]),
        .target(
            name: "CrossfadePlugin", dependencies: ["CTransitionABI"],
            path: "Plugins/crossfade"),
        .testTarget(name: "TransitionCoreTests", dependencies: ["TransitionCore"]),
        .testTarget(name: "PluginHostTests", dependencies: ["PluginHost", "TransitionCore"]),
        .testTarget(name: "HostEndToEndTests", dependencies: ["Rendering", "TransitionCore"]),
    ]
)
