import CTransitionABI
import Testing
import TransitionCore
@testable import PluginHost

/// PluginFunctions is the one list of what a plugin offers the host: every interface struct of
/// the header is held to it, and every request of the isolation protocol to the function it calls.
@Suite("PluginFunctions: one list of the plugin's functions, held against the header and the isolation protocol")
struct PluginFunctionsTests {
    /// A C struct's function pointers' names, in declaration order.
    static func fields<T>(of table: T) -> [String] {
        Mirror(reflecting: table).children.compactMap(\.label).filter { $0 != "struct_size" }
    }

    /// Each kind's interface struct: its fields, and its size in ABI 1.0 (0 when 1.1 added it).
    /// A switch over every kind, so that a kind added to EffectKind does not build until it is here.
    static func header(_ kind: EffectKind) -> (fields: [String], size10: Int) {
        switch kind {
        case .animator: (fields(of: th_animator_interface()), Int(TH_ANIMATOR_INTERFACE_SIZE_1_0))
        case .presentationController: (fields(of: th_presentation_interface()), Int(TH_PRESENTATION_INTERFACE_SIZE_1_0))
        case .interactionController: (fields(of: th_interaction_interface()), 0)
        case .transitioningDelegate: (fields(of: th_delegate_interface()), Int(TH_DELEGATE_INTERFACE_SIZE_1_0))
        }
    }

    @Test("every field of each interface struct is listed, in the header's order", arguments: EffectKind.allCases)
    func everyField(_ kind: EffectKind) {
        let listed = PluginFunctions.all.filter { $0.kind == kind }.map(\.name)
        #expect(listed == Self.header(kind).fields, "\(PluginFunctions.structName(kind))")
    }

    @Test("a function listed as ABI 1.0's lies within the frozen 1.0 struct; one added in 1.1 lies past it", arguments: EffectKind.allCases)
    func sinceMatchesTheFrozenSizes(_ kind: EffectKind) {
        // Each struct is a uint32_t struct_size padded to 8 bytes, then function pointers.
        #expect(MemoryLayout<th_animator_interface>.offset(of: \.create) == 8)
        for (index, function) in PluginFunctions.all.filter({ $0.kind == kind }).enumerated() {
            let end = 8 + (index + 1) * MemoryLayout<UnsafeRawPointer>.size
            let within = end <= Self.header(kind).size10
            #expect(within == (function.sinceMinor == 0), "\(function.name): ends at byte \(end), 1.0's size \(Self.header(kind).size10)")
        }
    }

    @Test("each request of the isolation protocol calls exactly one plugin function, or is one of the three that call none")
    func requests() {
        let requests = PluginFunctions.all.map(\.request)
        #expect(Set(requests).count == requests.count, "two functions share a request")
        for op in IsolationOp.allCases {
            let calls = PluginFunctions.all.filter { $0.request == op }.count
            #expect(calls + (PluginFunctions.otherRequests.contains(op) ? 1 : 0) == 1, "\(op): \(calls) functions")
        }
        #expect(PluginFunctions.function(calledBy: .presentedView)?.name == "presented_view")
    }
}
