import LibC

/// One fuzzer: a name and what it does with an input, which it sums up in a few words
/// ("accepted", "refused: why") for a replay with FUZZ_VERBOSE set. An input that breaks a promise of the
/// code under test (not merely one it refuses) ends the process through `FuzzTarget.broken`,
/// so that libFuzzer keeps it as a crash.
struct FuzzTarget: Sendable {
    let name: String
    let run: @Sendable (UnsafeRawBufferPointer) -> String

    static let all: [FuzzTarget] = [
        FuzzTarget(name: "descriptor", run: DescriptorTarget.run),
        FuzzTarget(name: "signature", run: SignatureTarget.run),
        FuzzTarget(name: "scene", run: SceneTarget.run),
        FuzzTarget(name: "registry-cache", run: RegistryCacheTarget.run),
        FuzzTarget(name: "listing", run: ListingTarget.run),
        FuzzTarget(name: "selection", run: SelectionTarget.run),
    ]

    /// Run by Scripts/fuzz to check a build, never fuzzed: not in `all`.
    static let checks: [FuzzTarget] = [
        FuzzTarget(name: "sanitizer-check", run: SanitizerCheck.run),
    ]

    static func named(_ name: String) -> FuzzTarget? { (all + checks).first { $0.name == name } }

    /// A broken promise: says which, then aborts (libFuzzer saves the input that did it).
    static func broken(_ what: String) -> Never {
        printError("fuzz: \(what)")
        abort()
    }
}

/// A line on standard error (written straight to it: the C stream is shared mutable state).
func printError(_ text: String) {
    var line = text + "\n"
    line.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
}
