import Testing
@testable import TransitionCore

// Command-line parameter values are checked against the descriptor before a plugin sees them.

private let corner = EffectParameter(
    id: "corner", name: "Corner", type: .choice, unit: "", minimum: 0, maximum: 3, defaultValue: 0,
    choices: ["bottom-right", "bottom-left", "top-right", "top-left"])
private let duration = EffectParameter(
    id: "duration", name: "Duration", type: .double, unit: "s", minimum: 0.05, maximum: 5, defaultValue: 0.5, choices: [])
private let count = EffectParameter(
    id: "count", name: "Count", type: .int, unit: "", minimum: 1, maximum: 8, defaultValue: 3, choices: [])
private let flag = EffectParameter(
    id: "flag", name: "Flag", type: .bool, unit: "", minimum: 0, maximum: 1, defaultValue: 0, choices: [])
private let all = [corner, duration, count, flag]

@Suite struct ParameterValuesTests {
    @Test func defaultsFillWhatIsNotGiven() throws {
        #expect(try all.values(applying: [], effect: "fx") == [0, 0.5, 3, 0])
        #expect(try all.values(applying: ["duration=1.25", "corner=top-left"], effect: "fx") == [3, 1.25, 3, 0])
    }

    @Test func choicesByNameOrIndexAndBoolsInWords() throws {
        #expect(try corner.value(from: "top-right", effect: "fx") == 2)
        #expect(try corner.value(from: "1", effect: "fx") == 1)
        #expect(try flag.value(from: "yes", effect: "fx") == 1)
        #expect(try flag.value(from: "false", effect: "fx") == 0)
    }

    @Test(arguments: [
        ("corner=middle", "not one of the choices"),
        ("duration=nan", "not a finite number"),
        ("duration=inf", "not a finite number"),
        ("duration=9", "out of range"),
        ("duration=fast", "not a number"),
        ("count=2.5", "not a whole number"),
        ("count=0", "out of range"),
        ("flag=maybe", "not true or false"),
        ("speed=2", "has no parameter 'speed'"),
        ("duration", "not name=value"),
    ])
    func badValuesAreRefusedNamingTheParameter(assignment: String, reason: String) {
        do {
            _ = try all.values(applying: [assignment], effect: "fx")
            Issue.record("\(assignment) was accepted")
        } catch {
            let text = "\(error)"
            #expect(text.contains(reason), "\(text)")
            if let name = assignment.split(separator: "=").first, all.contains(where: { $0.id == name }), assignment.contains("=") {
                #expect(text.contains("'\(name)'"), "names the parameter: \(text)")
                #expect(text.contains(all.first { $0.id == name }!.type.name), "names the type: \(text)")
            }
        }
    }

    @Test func rangeAndTypeAreInTheMessage() {
        #expect(throws: ParameterError(description: "parameter 'duration' of fx (double in [0.05, 5] s): 9 is out of range")) {
            try all.values(applying: ["duration=9"], effect: "fx")
        }
    }

    @Test func aParameterGivenTwiceIsRefused() {
        #expect(throws: ParameterError.self) { try all.values(applying: ["count=2", "count=3"], effect: "fx") }
    }

    @Test func curveSpecsSplitIntoNameAndAssignments() throws {
        let (name, assignments) = try CurveRegistry.split("easing.elastic(amplitude=1.2, period=0.3)")
        #expect(name == "easing.elastic")
        #expect(assignments == ["amplitude=1.2", " period=0.3"])
        #expect(try CurveRegistry.split("ease-in") == ("ease-in", []))
        #expect(throws: ParameterError.self) { try CurveRegistry.split("easing.elastic(amplitude=1") }
    }

    @Test func standardCurvesResolveByName() throws {
        let registry = CurveRegistry()
        #expect(try registry.resolve("ease-in") == .easeIn)
        #expect(try registry.resolve("linear") == .linear)
        #expect(throws: ParameterError.self) { try registry.resolve("ease-inn") }
    }
}
