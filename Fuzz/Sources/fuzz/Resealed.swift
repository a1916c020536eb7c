import PluginHost

/// A cache file made to pass the two checks random bytes almost never pass, so that mutations
/// reach the reader behind them: `bytes` with its second line replaced by `secondLine` (the
/// registry cache's host line, the kept listing's key line), its third by `thirdLine` when
/// given (the kept selection's names), and its last line's checksum recomputed. nil when it has
/// too few lines, or a last line not of three fields.
func resealed(_ bytes: [UInt8], secondLine: [UInt8], thirdLine: [UInt8]? = nil) -> [UInt8]? {
    guard bytes.last == 0x0a else { return nil }
    var lines = bytes.dropLast().split(separator: 0x0a, omittingEmptySubsequences: false).map(Array.init)
    guard lines.count >= (thirdLine == nil ? 3 : 4) else { return nil }
    let trailer = lines.removeLast().split(separator: 0x20, omittingEmptySubsequences: false)
    guard trailer.count == 3 else { return nil }
    lines[1] = Array(secondLine.dropLast())
    if let thirdLine { lines[2] = Array(thirdLine.dropLast()) }
    let body: [UInt8] = lines.flatMap { line -> [UInt8] in line + [0x0a] }
    var sealed: [UInt8] = body
    sealed += trailer[0]
    sealed.append(0x20)
    sealed += trailer[1]
    sealed.append(0x20)
    sealed += Array(FuzzEntryPoints.cacheChecksum(body).utf8)
    sealed.append(0x0a)
    return sealed
}
