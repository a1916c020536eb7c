import Foundation
import Testing
@testable import PluginSDK

/// The Rust plugin's src/abi.rs is generated from transition_host.h (Scripts/generate-rust-abi):
/// it covers every struct of the header and asserts each one's size and fields' offsets, so a
/// template whose bindings drifted from the header does not build (HostExamplesTests builds it).
@Suite("Rust bindings, generated from the header")
struct RustBindingsTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    @Test("the bindings in the template are what today's header gives (Scripts/generate-rust-abi --check)")
    func upToDate() throws {
        _ = try run("/usr/bin/env", ["python3", Self.root + "/Scripts/generate-rust-abi", "--check"])
    }

    @Test("every struct of the header has a binding whose size and every field's offset are asserted")
    func everyStruct() throws {
        let header = try String(contentsOfFile: Self.root + "/Sources/CTransitionABI/include/transition_host.h", encoding: .utf8)
        let names = header.matches(of: /typedef struct (th_[a-z0-9_]+) \{/).map { String($0.1) }
        #expect(names.count >= 30, "\(names)")
        let abi = String(decoding: PackageResources.abi_rs, as: UTF8.self)
        for name in names {
            let rust = name.dropFirst(3).split(separator: "_").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
            #expect(abi.contains("pub struct \(rust) {"), "no binding of \(name)")
            #expect(abi.contains("assert!(size_of::<\(rust)>() =="), "\(name)'s size is not asserted")
        }
        // ABI 1.2's fields, at the offsets layout_checks.c pins.
        #expect(abi.contains("assert!(size_of::<EffectDescriptor>() == 80);"))
        #expect(abi.contains("assert!(offset_of!(EffectDescriptor, flags) == 64);"))
        #expect(abi.contains("assert!(offset_of!(EffectDescriptor, reduced_motion) == 72);"))
        #expect(abi.contains("pub const TH_EFFECT_CUTS: u32 = 1;"))
        #expect(abi.contains("pub const TH_ABI_MINOR: u16 = 2;"))
        // Every field of every struct has its offset asserted.
        let fields = abi.matches(of: try Regex("\n    pub [a-z_0-9]+: ")).count
        let offsets = abi.matches(of: try Regex("assert!\\(offset_of!\\(")).count
        #expect(fields == offsets && fields > 150, "\(fields) fields, \(offsets) offsets asserted")
    }
}
