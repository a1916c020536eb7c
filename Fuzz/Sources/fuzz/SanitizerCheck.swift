/// Not a fuzzer: the proof that a fuzz build is what Scripts/fuzz asked for. It reads one byte
/// past a heap block, which AddressSanitizer reports at once; a build without the sanitizer's
/// instrumentation in Swift code reads it silently and returns. Scripts/fuzz runs it once after
/// each build and refuses a build where nothing is reported (SwiftPM once passed the two
/// sanitizers as two flags, of which swiftc kept only the last).
enum SanitizerCheck {
    static func run(_ data: UnsafeRawBufferPointer) -> String {
        let block = UnsafeMutablePointer<UInt8>.allocate(capacity: 16)
        block.initialize(repeating: 0, count: 16)
        defer { block.deallocate() }
        // An index the compiler cannot fold: 16 whatever the input.
        let past = block[16 + (data.count & 0)]
        return "read \(past) one byte past a 16-byte block: this build has no AddressSanitizer"
    }
}
