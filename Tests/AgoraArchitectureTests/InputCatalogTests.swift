import AgoraArchitecture
import AgoraTestSupport
import Testing

@MainActor
@Suite("Declared inputs: listed, sent by name with arguments read by type, traced")
struct InputCatalogTests {
    /// A ViewModel as features write one: each input starts by saying it was called, and a
    /// table declares them.
    final class CounterViewModel: ViewModel, InputDeclaring {
        let work = WorkTracker()
        private let inputTrace = InputTrace()
        var calls: [String] = []

        func reset() {
            inputTrace.received()
            calls.append("reset")
        }

        func add(_ amount: Int, label: String, twice: Bool) {
            inputTrace.received(amount, label, twice)
            calls.append("add \(amount) \(label) \(twice)")
        }

        func scale(by factor: Double) {
            inputTrace.received(factor)
            calls.append("scale \(factor)")
        }

        static var inputCatalog: [InputDescriptor<CounterViewModel>] {
            [
                .input("reset") { $0.reset() },
                .input("add", "amount", "label", "twice") { $0.add($1, label: $2, twice: $3) },
                .input("scale", "by") { $0.scale(by: $1) },
            ]
        }
    }

    @Test("given a declaring ViewModel, then its inputs are listed with their parameters' labels and types")
    func listed() throws {
        let inputs = try #require(DeclaredInput.inputs(of: CounterViewModel()))

        #expect(inputs.map(\.signature) == ["reset()", "add(amount: Int, label: String, twice: Bool)", "scale(by: Double)"])
        #expect(DeclaredInput.inputs(of: WorkTracker()) == nil, "an object that declares nothing has no inputs")
    }

    @Test("given arguments as text, when sent, then each is read by its type and the input called")
    func sent() throws {
        let viewModel = CounterViewModel()
        let inputs = try #require(DeclaredInput.inputs(of: viewModel))

        try inputs[1].send(["-3", "tea", "yes"])
        try inputs[2].send(["1.5"])
        try inputs[0].send([])

        #expect(viewModel.calls == ["add -3 tea true", "scale 1.5", "reset"])
    }

    @Test(
        "given an argument not of its type, or a wrong count, when sent, then nothing is called and the error names what was expected",
        arguments: [
            (1, ["x", "tea", "true"], #"add's first argument must be an Int (whole number), not "x""#),
            (1, ["1", "tea", "maybe"], #"add's third argument must be a Bool (true or false), not "maybe""#),
            (2, ["nan"], #"scale's first argument must be a Double (number), not "nan""#),
            (1, ["1"], "add takes 3 arguments (amount: Int, label: String, twice: Bool), got 1"),
            (0, ["now"], "reset takes no arguments, got 1"),
        ])
    func refused(index: Int, arguments: [String], message: String) throws {
        let viewModel = CounterViewModel()
        let inputs = try #require(DeclaredInput.inputs(of: viewModel))

        let error = #expect(throws: InputArgumentError.self) { try inputs[index].send(arguments) }

        #expect(error?.description == message)
        #expect(viewModel.calls.isEmpty)
    }

    @Test("given a traced ViewModel, when inputs are called, then each is reported with its arguments before it acts, and nothing once stopped")
    func traced() {
        let viewModel = CounterViewModel()
        let log = EventLog()
        viewModel.reset()  // not traced yet

        ViewModelInspection.trace(viewModel) { label, arguments in
            log.append("\(label)(\(arguments.joined(separator: ", ")))")
        } to: { _, _, _ in
        }
        viewModel.add(2, label: "tea", twice: false)
        viewModel.scale(by: 0.5)
        ViewModelInspection.stopTracing(viewModel)
        viewModel.reset()

        #expect(log.entries == [#"CounterViewModel.add(2, "tea", false)"#, "CounterViewModel.scale(0.5)"])
    }

    @Test("a hidden argument is traced as (hidden)")
    func hidden() {
        #expect(ValueSummary.of(HiddenArgument()) == "(hidden)")
    }
}
