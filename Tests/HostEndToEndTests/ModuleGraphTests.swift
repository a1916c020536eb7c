import Foundation
import Testing

/// docs/ARCHITECTURE.md draws the host's Swift modules with arrows to what each uses. The
/// drawing and Package.swift must say the same: what each module reaches, directly or through
/// others, is the same in both, so that a new arrow (Rendering using PluginHost, say) fails
/// here until the drawing shows it.
@Suite("docs/ARCHITECTURE.md draws the modules as Package.swift builds them")
struct ModuleGraphTests {
    static let modules: Set = ["TransitionCore", "PluginABI", "PluginProcesses", "PluginHost", "Rendering", "LiveWindow",
                               "Validation", "PluginSDK"]

    /// Package.swift's `.target(name: "X", dependencies: [...])`, among `modules`.
    static func packageGraph() throws -> [String: Set<String>] {
        let manifest = try String(contentsOfFile: Repo.root + "/Package.swift", encoding: .utf8)
        var graph: [String: Set<String>] = [:]
        for match in manifest.matches(of: /\.target\(\s*name: "(\w+)",\s*dependencies: \[([^\]]*)\]/) {
            let name = String(match.1)
            guard modules.contains(name) else { continue }
            let uses = match.2.matches(of: /"(\w+)"/).map { String($0.1) }.filter(modules.contains)
            graph[name] = Set(uses)
        }
        return graph
    }

    /// The drawing's chains, "A ──► B ──► C": A uses B, B uses C.
    static func drawnGraph() throws -> [String: Set<String>] {
        let doc = try String(contentsOfFile: Repo.root + "/docs/ARCHITECTURE.md", encoding: .utf8)
        let drawing = doc.components(separatedBy: "\n\n").first { $0.contains("──►") && $0.contains("TransitionCore") } ?? ""
        var graph: [String: Set<String>] = [:]
        for line in drawing.split(separator: "\n") {
            let names = line.components(separatedBy: "──►").map { $0.trimmingCharacters(in: .whitespaces) }
            for (from, to) in zip(names, names.dropFirst()) where modules.contains(from) && modules.contains(to) {
                graph[from, default: []].insert(to)
            }
        }
        return graph
    }

    static func reach(_ graph: [String: Set<String>]) -> [String: Set<String>] {
        var reached: [String: Set<String>] = [:]
        for start in modules {
            var seen: Set<String> = [], stack = Array(graph[start] ?? [])
            while let next = stack.popLast() {
                guard seen.insert(next).inserted else { continue }
                stack += graph[next] ?? []
            }
            reached[start] = seen
        }
        return reached
    }

    @Test("every module reaches the same modules in the drawing as in Package.swift")
    func sameReach() throws {
        let built = try Self.packageGraph(), drawn = try Self.drawnGraph()
        #expect(Set(built.keys) == Self.modules, "a module of the drawing's list is not a target: \(built.keys.sorted())")
        #expect(!drawn.isEmpty, "no drawing found")
        let builtReach = Self.reach(built), drawnReach = Self.reach(drawn)
        for module in Self.modules.sorted() {
            #expect(builtReach[module] == drawnReach[module],
                    "\(module) uses \(builtReach[module]?.sorted() ?? []) in Package.swift, \(drawnReach[module]?.sorted() ?? []) in the drawing")
        }
        // The layers of the plugin side, bottom up: none uses one above it.
        #expect(builtReach["PluginABI"] == ["TransitionCore"])
        #expect(builtReach["PluginProcesses"] == ["PluginABI", "TransitionCore"])
    }
}
