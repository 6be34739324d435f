/// What a test expected to see after a fault, each with whether it was seen: the REPL survived
/// when every one held.
struct SurvivalChecks {
    private(set) var checks: [(expectation: String, held: Bool)] = []

    mutating func check(_ expectation: String, _ held: Bool) {
        checks.append((expectation, held))
    }

    var allHeld: Bool { !checks.isEmpty && checks.allSatisfy(\.held) }
    var failed: [String] { checks.filter { !$0.held }.map(\.expectation) }
}
