import Foundation
import CTransitionABI
import TestSupport
import Testing
import TransitionCore
@testable import PluginABI
@testable import PluginHost
@testable import PluginProcesses

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

    /// The declaration of `function` in its interface struct, as the header writes it:
    /// "double (*transition_duration)(void *self, th_context ctx);".
    static func declaration(of function: PluginFunctions.Function) throws -> String {
        let header = try String(contentsOfFile: Repo.includeDirectory + "/transition_host.h", encoding: .utf8)
        let body = try #require(header.components(separatedBy: "typedef struct \(PluginFunctions.structName(function.kind)) {").dropFirst().first)
        let fields = body.components(separatedBy: "} \(PluginFunctions.structName(function.kind));")[0]
        return try #require(fields.split(separator: "\n").map(String.init).first { $0.contains("(*\(function.name))(") })
    }

    /// A C type as the signature letters write it; handles pass as L (one uint64_t).
    static func letter(_ cType: String) -> Character? {
        let type = cType.replacingOccurrences(of: "const ", with: "").trimmingCharacters(in: .whitespaces)
        if type.hasSuffix("*") { return "p" }
        return ["void": "v", "bool": "b", "double": "d", "uint32_t": "I", "th_size": "Z", "th_rect": "R", "th_context": "L", "th_view": "L",
                "th_property_animator": "L"][type]
    }

    @Test("each instance function's listed C type is the one the header declares, letter for letter")
    func instanceTypesMatchTheHeader() throws {
        let calls = PluginFunctions.all.filter { $0.instanceCall != nil }
        #expect(calls.count == 23)
        for function in calls {
            let line = try Self.declaration(of: function)
            // "RESULT (*name)(PARAM NAME, PARAM NAME);"
            let result = line.components(separatedBy: "(*")[0]
            let inside = line.components(separatedBy: ")(")[1].components(separatedBy: ");")[0]
            let parameters = inside.split(separator: ",").map { parameter -> String in
                var words = parameter.split(separator: " ").map(String.init)
                let name = words.removeLast()
                return words.joined(separator: " ") + (name.hasPrefix("*") ? " *" : "")
            }
            let letters = try ([Self.letter(result)] + parameters.map(Self.letter)).map { try #require($0, "a C type without a letter: \(line)") }
            let signature = try #require(function.instanceCall).signature
            let declared = "\(letters[0])(\(String(letters.dropFirst())))"
            #expect(declared == signature, "\(function.name): the header says \(line)")
            // Its pointers after the instance are each described, and its letters are the wire's.
            let parsed = try Signature(parsing: signature)
            #expect(parsed.parameters.first == .pointer, "\(function.name): the instance first")
            #expect(parsed.parameters.dropFirst().filter { $0 == .pointer }.count == function.instanceCall!.pointers.count, "\(function.name)")
            #expect(([parsed.returnType] + parsed.parameters.dropFirst()).allSatisfy { $0 == .pointer || InstanceCallWire.letters.contains($0) },
                    "\(function.name)")
        }
    }

    @Test("every function but an instance's making and ending and the delegate's questions crosses by its C type")
    func whichCrossByType() {
        for function in PluginFunctions.all {
            let special = function.kind == .transitioningDelegate || function.name == "create" || function.name == "destroy"
            #expect((function.instanceCall == nil) == special, "\(function.name) of \(function.kind)")
        }
    }

    @Test("each function's pointer lies where the header's struct puts it")
    func offsets() {
        #expect(PluginFunctions.offset(of: PluginFunctions[.animateTransition]) == MemoryLayout<th_animator_interface>.offset(of: \.animate_transition))
        #expect(PluginFunctions.offset(of: PluginFunctions[.interruptibleAnimator]) == MemoryLayout<th_animator_interface>.offset(of: \.interruptible_animator))
        #expect(PluginFunctions.offset(of: PluginFunctions[.presentedView]) == MemoryLayout<th_presentation_interface>.offset(of: \.presented_view))
        #expect(PluginFunctions.offset(of: PluginFunctions[.frameOfPresentedView]) == MemoryLayout<th_presentation_interface>.offset(of: \.frame_of_presented_view))
        #expect(PluginFunctions.offset(of: PluginFunctions[.completionCurve]) == MemoryLayout<th_interaction_interface>.offset(of: \.completion_curve))
        #expect(PluginFunctions.offset(of: PluginFunctions[.gestureEvent]) == MemoryLayout<th_interaction_interface>.offset(of: \.gesture))
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
