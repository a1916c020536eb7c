import LibC

/// Reads a file's ELF headers and dynamic symbol table without loading it, so that the host
/// can refuse a file that is not a shared library for this machine, or a plugin built for
/// another ABI major, before any of its code (not even a constructor) runs.
package struct ELFProbe {
    enum SymbolType: Equatable { case object, function, other(UInt8) }

    struct Symbol: Equatable {
        package let type: SymbolType
        package let size: UInt64
        package let defined: Bool
        /// The first bytes of the symbol's initial data in the file, when it is a defined
        /// object stored in the file (not .bss).
        let initialBytes: [UInt8]?
    }

    package enum Failure: Error, Equatable {
        case tooShort(Int)
        case notELF
        case wrongClass(String)
        case wrongEndianness
        case wrongMachine(String)
        case notSharedObject(String)
        case malformed(String)
        /// The path cannot be read as a file: missing, a directory, a read error.
        case unreadable(String)
    }

    let fileType: UInt16
    package let machine: UInt16
    /// The dynamic symbols the host looks for, by name, when present.
    let symbols: [String: Symbol]
    /// False when the file has no section headers (stripped hard): symbols were not read.
    let hadSectionHeaders: Bool

    static let hostMachine: UInt16 = {
        #if arch(x86_64)
        return 62
        #elseif arch(arm64)
        return 183
        #else
        return 0
        #endif
    }()

    static func machineName(_ m: UInt16) -> String {
        switch m {
        case 3: return "x86 (32-bit)"
        case 8: return "MIPS"
        case 20: return "PowerPC"
        case 21: return "PowerPC 64"
        case 40: return "ARM (32-bit)"
        case 62: return "x86-64"
        case 183: return "AArch64"
        case 243: return "RISC-V"
        default: return "machine \(m)"
        }
    }

    /// Probes the file at `path` for the symbols named.
    package static func probe(path: String, symbols wanted: [String]) throws -> ELFProbe {
        let bytes = try readFile(path)
        return try probe(bytes: bytes, symbols: wanted)
    }

    package static func probe(bytes: [UInt8], symbols wanted: [String]) throws -> ELFProbe {
        guard bytes.count >= 64 else {
            if bytes.count >= 4 && bytes[0..<4] != [0x7f, 0x45, 0x4c, 0x46] { throw Failure.notELF }
            throw Failure.tooShort(bytes.count)
        }
        guard bytes[0] == 0x7f, bytes[1] == 0x45, bytes[2] == 0x4c, bytes[3] == 0x46 else { throw Failure.notELF }
        guard bytes[4] == 2 else { throw Failure.wrongClass(bytes[4] == 1 ? "32-bit" : "unknown class \(bytes[4])") }
        guard bytes[5] == 1 else { throw Failure.wrongEndianness }
        let r = Reader(bytes: bytes)
        let type = r.u16(16), machine = r.u16(18)
        guard machine == hostMachine else { throw Failure.wrongMachine(machineName(machine)) }
        guard type == 3 else {
            throw Failure.notSharedObject(type == 2 ? "an executable" : type == 1 ? "an object file (.o)" : "ELF type \(type)")
        }
        // Every offset and size below comes from the file: compare them without overflowing.
        let fileSize = UInt64(bytes.count)
        func fits(_ offset: UInt64, _ size: UInt64) -> Bool { offset <= fileSize && size <= fileSize - offset }

        // Program headers map a symbol's address to its bytes in the file, and tell a
        // position-independent executable (also ET_DYN) from a shared library.
        let phoff = Int(clamping: r.u64(32)), phentsize = Int(r.u16(54)), phnum = Int(r.u16(56))
        struct Segment { let offset: UInt64, vaddr: UInt64, filesz: UInt64 }
        var segments: [Segment] = []
        if phoff > 0, phoff < bytes.count, phentsize >= 56, phoff + phnum * phentsize <= bytes.count {
            for i in 0..<phnum {
                let o = phoff + i * phentsize
                switch r.u32(o) {
                case 1:  // PT_LOAD: its bytes must be in the file (dlopen does not check it safely)
                    let segment = Segment(offset: r.u64(o + 8), vaddr: r.u64(o + 16), filesz: r.u64(o + 32))
                    guard fits(segment.offset, segment.filesz) else {
                        throw Failure.malformed("a loadable segment runs past the end of the file; was it cut off?")
                    }
                    segments.append(segment)
                case 2:  // PT_DYNAMIC: look for DT_FLAGS_1 (0x6ffffffb) with DF_1_PIE (0x08000000)
                    let start = r.u64(o + 8), size = r.u64(o + 32)
                    guard fits(start, size) else { break }
                    var at = Int(start)
                    while at + 16 <= Int(start + size), r.u64(at) != 0 {
                        if r.u64(at) == 0x6fff_fffb, r.u64(at + 8) & 0x0800_0000 != 0 {
                            throw Failure.notSharedObject("a position-independent executable (a program)")
                        }
                        at += 16
                    }
                default:
                    break
                }
            }
        }

        let shoff = r.u64(40), shentsize = Int(r.u16(58)), shnum = Int(r.u16(60))
        guard shoff != 0, shnum > 0 else {
            return ELFProbe(fileType: type, machine: machine, symbols: [:], hadSectionHeaders: false)
        }
        guard shentsize >= 64, shoff < UInt64(bytes.count),
              UInt64(bytes.count) - shoff >= UInt64(shnum) * UInt64(shentsize)
        else { throw Failure.malformed("section headers run past the end of the file") }

        struct Section { let type: UInt32, offset: UInt64, size: UInt64, link: UInt32, entsize: UInt64 }
        let sections = (0..<shnum).map { i -> Section in
            let o = Int(shoff) + i * shentsize
            return Section(type: r.u32(o + 4), offset: r.u64(o + 24), size: r.u64(o + 32),
                           link: r.u32(o + 40), entsize: r.u64(o + 56))
        }
        var found: [String: Symbol] = [:]
        for dynsym in sections where dynsym.type == 11 {  // SHT_DYNSYM
            guard Int(dynsym.link) < sections.count else { throw Failure.malformed("symbol table links to no string table") }
            let strtab = sections[Int(dynsym.link)]
            guard fits(dynsym.offset, dynsym.size), fits(strtab.offset, strtab.size)
            else { throw Failure.malformed("symbol table runs past the end of the file") }
            let entsize = dynsym.entsize == 0 ? 24 : dynsym.entsize
            guard entsize >= 24 else { throw Failure.malformed("symbol table entries are \(entsize) bytes; an ELF64 symbol is 24") }
            let count = Int(dynsym.size / entsize)
            for i in 0..<count {
                let o = Int(dynsym.offset) + i * Int(entsize)
                let nameOffset = UInt64(r.u32(o))
                guard nameOffset < strtab.size else { continue }
                guard let name = r.cString(Int(strtab.offset + nameOffset), limit: Int(strtab.offset + strtab.size)),
                      wanted.contains(name)
                else { continue }
                let info = bytes[o + 4]
                let shndx = r.u16(o + 6)
                let value = r.u64(o + 8), size = r.u64(o + 16)
                let symbolType: SymbolType
                switch info & 0xf {
                case 1: symbolType = .object
                case 2: symbolType = .function
                default: symbolType = .other(info & 0xf)
                }
                var initial: [UInt8]?
                if symbolType == .object, shndx != 0,
                   let seg = segments.first(where: { value >= $0.vaddr && value - $0.vaddr <= $0.filesz && min(size, 8) <= $0.filesz - (value - $0.vaddr) }) {
                    let (start, overflow) = seg.offset.addingReportingOverflow(value - seg.vaddr)
                    let length = min(size, 64)
                    if !overflow, fits(start, length) { initial = Array(bytes[Int(start)..<Int(start + length)]) }
                }
                found[name] = Symbol(type: symbolType, size: size, defined: shndx != 0, initialBytes: initial)
            }
        }
        return ELFProbe(fileType: type, machine: machine, symbols: found, hadSectionHeaders: true)
    }

    /// The largest file the host reads as a plugin: the folder walk skips larger ones unread,
    /// so that a 4 GiB (or sparse) file costs a stat, not a read of every byte.
    package static let maxFileBytes = 512 << 20

    /// Reads a whole file; plugins are small, and a file over 512 MiB is no plugin.
    static func readFile(_ path: String) throws -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw Failure.unreadable("cannot open it: \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw Failure.unreadable("cannot stat it: \(String(cString: strerror(errno)))") }
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw Failure.unreadable(info.st_mode & S_IFMT == S_IFDIR ? "it is a directory, not a file" : "it is not a regular file")
        }
        let size = Int(info.st_size)
        guard size <= maxFileBytes else { throw Failure.malformed("file is \(size >> 20) MiB; no plugin is that large") }
        var bytes = [UInt8](repeating: 0, count: size)
        var done = 0
        while done < size {
            let n = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress! + done, size - done) }
            if n < 0 && errno == EINTR { continue }
            if n < 0 { throw Failure.unreadable("read failed: \(String(cString: strerror(errno)))") }
            guard n > 0 else { break }
            done += n
        }
        return Array(bytes[0..<done])
    }

    /// Little-endian reads that return 0 past the end instead of trapping.
    package struct Reader {
        package let bytes: [UInt8]
        package func u16(_ o: Int) -> UInt16 {
            guard o >= 0, o + 2 <= bytes.count else { return 0 }
            return UInt16(bytes[o]) | UInt16(bytes[o + 1]) << 8
        }
        package func u32(_ o: Int) -> UInt32 {
            guard o >= 0, o + 4 <= bytes.count else { return 0 }
            return (0..<4).reduce(0) { $0 | UInt32(bytes[o + $1]) << (8 * $1) }
        }
        func u64(_ o: Int) -> UInt64 {
            guard o >= 0, o + 8 <= bytes.count else { return 0 }
            return (0..<8).reduce(0) { $0 | UInt64(bytes[o + $1]) << (8 * $1) }
        }
        package func cString(_ o: Int, limit: Int) -> String? {
            guard o >= 0 else { return nil }
            var end = o
            let bound = min(limit, bytes.count)
            while end < bound && bytes[end] != 0 { end += 1 }
            guard end < bound else { return nil }
            return String(decoding: bytes[o..<end], as: UTF8.self)
        }
    }
}
