import CTransitionABI
import Testing
@testable import PluginABI
@testable import PluginHost
@testable import PluginProcesses

/// HostFunctions is the one list of what the host offers a plugin: every table that
/// implements it must implement all of it, and nothing else.
@Suite("HostFunctions: one list of the host's functions, held against every table")
struct HostFunctionsTests {
    /// The function pointers of a C table, by field name, and whether each is set.
    static func pointers<T>(of table: T) -> [String: Bool] {
        var found: [String: Bool] = [:]
        for child in Mirror(reflecting: table).children {
            guard let name = child.label, !["struct_size", "abi_major", "abi_minor"].contains(name) else { continue }
            // Every other field of these tables is an optional C function pointer.
            found[name] = Mirror(reflecting: child.value).children.first != nil
        }
        return found
    }

    static func names(in table: HostFunctions.Table) -> Set<String> {
        Set(HostFunctions.all.filter { $0.table == table }.map(\.name))
    }

    @Test("the isolation server's argument slots hold the largest value any parameter takes")
    func slotsHoldEveryKind() {
        for f in HostFunctions.all {
            for kind in f.parameters {
                #expect(HostFunctionInterfaces.size(kind) <= HostTableServer.slotSize, "\(f.name): \(kind.rawValue)")
            }
        }
        #expect(HostTableServer.slotSize >= 128, "a th_transform3d is 128 bytes")
    }

    /// Each table's function pointers, by field name and whether each is set: in the host's
    /// process, in the isolated child's, and in the header's declaration order. A switch over
    /// every table, so that a table added to HostFunctions does not build until it is here.
    static func inProcess(_ table: HostFunctions.Table) -> [String: Bool] {
        switch table {
        case .api: pointers(of: HostAPITable.make())
        case .curves: pointers(of: HostCurves.table.pointee)
        case .keyframes: pointers(of: HostKeyframes.table.pointee)
        case .sharedElements: pointers(of: HostSharedElements.table.pointee)
        case .propertyAnimators: pointers(of: HostPropertyAnimators.table.pointee)
        case .viewTransitions: pointers(of: HostViewTransitions.table.pointee)
        }
    }
    static func inChild(_ table: HostFunctions.Table) -> [String: Bool] {
        switch table {
        case .api: pointers(of: ChildHostTable.table.pointee)
        case .curves: pointers(of: ChildHostTable.curves.pointee)
        case .keyframes: pointers(of: ChildHostTable.keyframes.pointee)
        case .sharedElements: pointers(of: ChildHostTable.sharedElements.pointee)
        case .propertyAnimators: pointers(of: ChildHostTable.propertyAnimators.pointee)
        case .viewTransitions: pointers(of: ChildHostTable.viewTransitions.pointee)
        }
    }
    static func headerOrder(_ table: HostFunctions.Table) -> [String] {
        switch table {
        case .api: order(of: th_host_api())
        case .curves: order(of: th_host_curves())
        case .keyframes: order(of: th_host_keyframes())
        case .sharedElements: order(of: th_host_shared_elements())
        case .propertyAnimators: order(of: th_host_property_animators())
        case .viewTransitions: order(of: th_host_view_transitions())
        }
    }

    @Test("every function pointer of the in-process tables is listed, and set", arguments: HostFunctions.Table.allCases)
    func inProcessTables(_ table: HostFunctions.Table) {
        let pointers = Self.inProcess(table)
        #expect(Set(pointers.keys) == Self.names(in: table), "\(table.rawValue): the header and HostFunctions differ")
        #expect(pointers.filter { !$0.value }.isEmpty, "\(table.rawValue): not set in process: \(pointers.filter { !$0.value }.keys.sorted())")
    }

    @Test("every function pointer of the isolated child's tables is listed, and set", arguments: HostFunctions.Table.allCases)
    func childTables(_ table: HostFunctions.Table) {
        let pointers = Self.inChild(table)
        #expect(Set(pointers.keys) == Self.names(in: table), "\(table.rawValue)")
        #expect(pointers.filter { !$0.value }.isEmpty, "\(table.rawValue): not set in the child: \(pointers.filter { !$0.value }.keys.sorted())")
    }

    @Test("HostFunctions lists each table's functions in the header's order, so a function's place is its offset",
          arguments: HostFunctions.Table.allCases)
    func headerOrder(_ table: HostFunctions.Table) {
        #expect(HostFunctions.all.filter { $0.table == table }.map(\.name) == Self.headerOrder(table), "\(table.rawValue)")
    }

    @Test("the offsets the isolated side uses agree with the compiler's, for a first and a last field of each table")
    func offsets() {
        let offset = { (name: String) in HostFunctionInterfaces.offset(HostFunctions.all.firstIndex { $0.name == name }!) }
        #expect(offset("container_view") == MemoryLayout<th_host_api>.offset(of: \.container_view))
        #expect(offset("get_extension") == MemoryLayout<th_host_api>.offset(of: \.get_extension))
        #expect(offset("animate_with_curve") == MemoryLayout<th_host_curves>.offset(of: \.animate_with_curve))
        #expect(offset("add_keyframe") == MemoryLayout<th_host_keyframes>.offset(of: \.add_keyframe))
        #expect(offset("matching_view") == MemoryLayout<th_host_shared_elements>.offset(of: \.matching_view))
        #expect(offset("modifiers") == MemoryLayout<th_host_shared_elements>.offset(of: \.modifiers))
        #expect(offset("is_running") == MemoryLayout<th_host_property_animators>.offset(of: \.is_running))
        #expect(offset("transition") == MemoryLayout<th_host_view_transitions>.offset(of: \.transition))
    }

    /// The function pointers' names of a C table, in declaration order.
    static func order<T>(of table: T) -> [String] {
        Mirror(reflecting: table).children.compactMap(\.label).filter { !["struct_size", "abi_major", "abi_minor"].contains($0) }
    }

    @Test("a host-function request number names one function, and the host's calls into the plugin are numbered apart")
    func requestNumbers() {
        for index in HostFunctions.all.indices {
            #expect(HostFunctions.index(ofRequest: HostFunctions.request(for: index)) == index)
        }
        #expect(HostFunctions.index(ofRequest: 0) == nil)
        #expect(Int(HostFunctions.request(for: HostFunctions.all.count - 1)) < Int(IsolationOp.firstPluginCall))
        #expect(IsolationOp.allCases.allSatisfy { $0.rawValue >= IsolationOp.firstPluginCall })
    }
}
