import CTransitionABI
import Testing
@testable import PluginHost

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

    @Test("every function pointer of the in-process tables is listed, and set")
    func inProcessTables() {
        let tables: [(HostFunctions.Table, [String: Bool])] = [
            (.api, Self.pointers(of: HostAPITable.make())), (.curves, Self.pointers(of: HostCurves.table.pointee)),
            (.keyframes, Self.pointers(of: HostKeyframes.table.pointee)),
            (.sharedElements, Self.pointers(of: HostSharedElements.table.pointee)),
        ]
        for (table, pointers) in tables {
            #expect(Set(pointers.keys) == Self.names(in: table), "\(table.rawValue): the header and HostFunctions differ")
            #expect(pointers.filter { !$0.value }.isEmpty, "\(table.rawValue): not set in process: \(pointers.filter { !$0.value }.keys.sorted())")
        }
    }

    @Test("every function pointer of the isolated child's tables is listed, and set")
    func childTables() {
        let tables: [(HostFunctions.Table, [String: Bool])] = [
            (.api, Self.pointers(of: ChildHostTable.table.pointee)), (.curves, Self.pointers(of: ChildHostTable.curves.pointee)),
            (.keyframes, Self.pointers(of: ChildHostTable.keyframes.pointee)),
            (.sharedElements, Self.pointers(of: ChildHostTable.sharedElements.pointee)),
        ]
        for (table, pointers) in tables {
            #expect(Set(pointers.keys) == Self.names(in: table), "\(table.rawValue)")
            #expect(pointers.filter { !$0.value }.isEmpty, "\(table.rawValue): not set in the child: \(pointers.filter { !$0.value }.keys.sorted())")
        }
    }

    @Test("every host-table request of the isolation protocol belongs to exactly one function, and back")
    func isolationOps() {
        let hostCalls = Set(IsolationOp.allCases.filter { $0.rawValue < 100 && $0 != .ping })
        let listed = HostFunctions.all.compactMap(\.op)
        #expect(Set(listed) == hostCalls, "ops without a function: \(hostCalls.subtracting(listed)); functions without an op: \(Set(listed).subtracting(hostCalls))")
        #expect(listed.count == Set(listed).count, "an op is used twice")
    }
}
