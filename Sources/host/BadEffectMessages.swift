import TransitionCore

/// The core's errors about what a command was asked to run, told as the command line's user
/// needs them: the core says what is wrong; this adds the flag or the command that fixes it,
/// which only the command line knows.
enum BadEffectMessages {
    /// The command that lists every effect, offered when a name is unknown.
    static let listing = "host list"

    static func text(_ error: Error) -> String {
        switch error {
        case let lookup as EffectRegistry.LookupError:
            return lookup.text(listing: listing)
        case let parameter as ParameterError:
            return parameter.description + (parameter.lacksPresentationController ? " (add --presentation NAME, or run a delegate that vends one)" : "")
        case let failure as TransitionRun.Failure:
            return text(failure)
        default:
            return "\(error)"
        }
    }

    static func text(_ failure: TransitionRun.Failure) -> String {
        switch failure {
        case .flowNotInScene(let flow, let containment):
            let plays: String
            switch containment {
            case .modal: plays = "present and dismiss (no flag)"
            case .navigation: plays = "push and pop (--push, or no flag) or a pop (--pop)"
            case .tabs: plays = "a tab switch and back (--tabs, or no flag)"
            }
            return "--\(flow.rawValue) does not fit the scene: its containment is \(containment.rawValue), which plays \(plays)"
        case .isACurve(let name):
            return "\(failure): give it with --curve, as in 'host run diagonal --curve \(name)'"
        case .notAnAnimator(_, let kind) where kind == .presentationController:
            return "\(failure); pass it with --presentation and name an animator"
        default:
            return failure.description
        }
    }

    /// Runs `body`; when the effect, a parameter or the curve cannot be used, prints why with
    /// the fix and ends the command with exit 2 (nothing ran).
    static func exitingOnBadEffect<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error where error is ParameterError || error is EffectRegistry.LookupError || error is TransitionRun.Failure {
            printError("error: \(text(error))")
            throw HostExit.badEffect
        }
    }
}
