import FoundationEssentials
import TransitionCore

/// `host validate --scene`: the scene file whose segue every behaviour test plays on, so that
/// code paths that need a real scene (shared elements, screens of other sizes) are exercised.
public enum ValidationScene {
    /// Why the scene at `path` cannot be used with `segue` (nil: its first), or nil when it can.
    public static func problem(_ path: String, segue: String?) -> String? {
        guard let data = FileManager.default.contents(atPath: path) else { return "cannot read the scene '\(path)'" }
        do {
            let description = try SceneDescription(parsing: String(decoding: data, as: UTF8.self))
            _ = try pick(description, segue)
            return nil
        } catch {
            return "scene \(path): \(error)"
        }
    }

    /// The scene and its segue, or nil (the parent checked it with `problem` first).
    static func load(_ path: String, segue: String?) -> (description: SceneDescription, segue: SceneDescription.Segue)? {
        guard let data = FileManager.default.contents(atPath: path),
              let description = try? SceneDescription(parsing: String(decoding: data, as: UTF8.self)),
              let chosen = try? pick(description, segue)
        else { return nil }
        return (description, chosen)
    }

    private static func pick(_ description: SceneDescription, _ name: String?) throws -> SceneDescription.Segue {
        if let name {
            guard let found = description.segues.first(where: { $0.name == name }) else {
                throw TransitionRun.Failure.noSuchSegue(name, known: description.segues.map(\.name))
            }
            return found
        }
        guard let first = description.segues.first else { throw TransitionRun.Failure.sceneHasNoSegue }
        return first
    }
}
