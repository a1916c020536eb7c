// The fuzzers of the code that reads untrusted bytes: plugin descriptors, signatures, scene
// files and the registry cache (docs/FUZZING.md).
//
//   fuzz TARGET [libFuzzer options] [CORPUS-FOLDER...]   built by Scripts/fuzz (-D FUZZING,
//                                                         -sanitize=fuzzer): fuzzes TARGET
//                                                         (LibFuzzerDriver.swift)
// and in any other build:
//   fuzz TARGET FILE-OR-FOLDER...                         runs each input once
//   fuzz targets                                          the target names, one a line
//   fuzz seed-descriptors PLUGIN.so... OUT-FOLDER         the descriptor corpus's seeds

import LibC

#if !FUZZING
@main
struct FuzzMain {
    static func main() { Fuzz.main() }
}
#endif

enum Fuzz {
    static func main() {
        let arguments = Array(CommandLine.arguments)
        guard arguments.count >= 2 else { usage() }
        switch arguments[1] {
        case "targets":
            for target in FuzzTarget.all { print(target.name) }
        case "seed-descriptors":
            guard arguments.count >= 4 else { usage() }
            exit(DescriptorSeeds.write(plugins: Array(arguments[2..<(arguments.count - 1)]), to: arguments[arguments.count - 1]))
        default:
            guard let target = FuzzTarget.named(arguments[1]) else { usage() }
            exit(CorpusReplay.run(target, paths: Array(arguments.dropFirst(2))))
        }
    }

    static func usage() -> Never {
        let names = FuzzTarget.all.map(\.name).joined(separator: "|")
        printError("usage: fuzz \(names) [options] [inputs...]\n       fuzz targets\n       fuzz seed-descriptors PLUGIN.so... OUT-FOLDER")
        exit(2)
    }
}
