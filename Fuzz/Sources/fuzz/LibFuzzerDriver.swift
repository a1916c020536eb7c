#if FUZZING
import LibC

// The functions libFuzzer's own main calls in a build made by Scripts/fuzz (-D FUZZING,
// -sanitize=fuzzer), which has no main of its own: `fuzz TARGET [libFuzzer options]
// [CORPUS-FOLDER...]`.

/// libFuzzer's callback in such a build; nil until LLVMFuzzerInitialize has picked it.
nonisolated(unsafe) private var selectedTarget: FuzzTarget?

/// Called by libFuzzer before it reads its options: takes the target's name off the command
/// line, so that libFuzzer sees only its options and corpus folders. The name also goes into
/// FUZZ_TARGET, where the processes libFuzzer starts itself (a -merge=1 run's inner one,
/// started with the options alone) find it.
@_cdecl("LLVMFuzzerInitialize")
public func fuzzerInitialize(
    _ argc: UnsafeMutablePointer<Int32>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>
) -> Int32 {
    let count = Int(argc.pointee)
    if count >= 2, let list = argv.pointee, let name = list[1].map({ String(cString: $0) }), let target = FuzzTarget.named(name) {
        selectedTarget = target
        setenv("FUZZ_TARGET", name, 1)
        for i in 1..<(count - 1) { list[i] = list[i + 1] }
        list[count - 1] = nil
        argc.pointee -= 1
    } else if let name = getenv("FUZZ_TARGET").map({ String(cString: $0) }), let target = FuzzTarget.named(name) {
        selectedTarget = target
    } else {
        Fuzz.usage()
    }
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    _ = selectedTarget!.run(UnsafeRawBufferPointer(start: data, count: size))
    return 0
}
#endif
