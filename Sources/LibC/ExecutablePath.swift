/// The path of the running program, as /proc/self/exe links to it; nil when /proc does not say.
/// The host finds its bundled plugins, scenes and SDK header beside it.
public func currentExecutablePath() -> String? {
    var buffer = [CChar](repeating: 0, count: 4096)
    let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    guard n > 0 else { return nil }
    return String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
}
