// swift-tools-version:6.0
// Swift fade: a transition-host plugin in Swift. `swift build` makes .build/debug/libswift-fade.so;
// ./install.sh builds it in release mode and copies it into the host's user plugin folder.
import PackageDescription

let package = Package(
    name: "swift-fade",
    products: [
        // The plugin: a shared library the host loads with dlopen.
        .library(name: "swift-fade", type: .dynamic, targets: ["SwiftFadePlugin"]),
    ],
    targets: [
        // transition_host.h, the plugin ABI, as a C module. It is a copy of the SDK's header:
        // a plugin built against ABI 1.0 runs in every 1.x host.
        .target(name: "CTransitionHost"),
        .target(name: "SwiftFadePlugin", dependencies: ["CTransitionHost"]),
    ]
)
