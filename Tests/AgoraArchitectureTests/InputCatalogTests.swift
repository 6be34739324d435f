import AgoraArchitecture
import AgoraTestSupport
import Testing

@MainActor
@Suite("Declared inputs: listed, sent by name with arguments read by type, traced")
struct InputCatalogTests {
    /// What happens on a counter, as a feature declares its inputs.
    @MainActor
    protocol CounterViewModelInputs {
        func reset()
        func add(_ amount: Int, label: String, twice: Bool)
        func scale(by factor: Double)
        func pinChanged(_ pin: String)
    }

    /// A ViewModel as features write one: no trace code, no table.
    final class CounterViewModel: ViewModel, CounterViewModelInputs {
        let work = WorkTracker()
        let calls: EventLog

        init(calls: EventLog = EventLog()) { self.calls = calls }

        func reset() { calls.append("reset") }
        func add(_ amount: Int, label: String, twice: Bool) { calls.append("add \(amount) \(label) \(twice)") }
        func scale(by factor: Double) { calls.append("scale \(factor)") }
        func pinChanged(_ pin: String) { calls.append("pin \(pin)") }
    }

    /// Its inputs as a view sends them, as a feature's REPL view declares them.
    final class CounterInputs: TracedInputs<any CounterViewModelInputs>, CounterViewModelInputs, InputDeclaring {
        func reset() { send { $0.reset() } }
        func add(_ amount: Int, label: String, twice: Bool) { send(amount, label, twice) { $0.add(amount, label: label, twice: twice) } }
        func scale(by factor: Double) { send(factor) { $0.scale(by: factor) } }
        func pinChanged(_ pin: String) { send(HiddenArgument()) { $0.pinChanged(pin) } }

        static var inputCatalog: [InputDescriptor<CounterInputs>] {
            [
                .input("reset") { $0.reset() },
                .input("add", "amount", "label", "twice") { $0.add($1, label: $2, twice: $3) },
                .input("scale", "by") { $0.scale(by: $1) },
                .input("pinChanged", "pin") { (inputs, pin: SecretText) in inputs.pinChanged(pin.text) },
            ]
        }
    }

    /// A view that sends through its traced inputs.
    @MainActor
    final class CounterScreen {
        private let title = "Counter"
        let inputs: CounterInputs

        init(viewModel: CounterViewModel) { inputs = CounterInputs(viewModel) }
    }

    @Test("given declared inputs, then they are listed with their parameters' labels and types")
    func listed() throws {
        let inputs = try #require(DeclaredInput.inputs(of: CounterInputs(CounterViewModel())))

        #expect(inputs.map(\.signature) == ["reset()", "add(amount: Int, label: String, twice: Bool)", "scale(by: Double)", "pinChanged(pin: SecretText)"])
        #expect(inputs[3].parameters.map(\.isSecret) == [true])
        #expect(DeclaredInput.inputs(of: CounterViewModel()) == nil, "a ViewModel declares nothing itself")
    }

    @Test("given arguments as text, when sent, then each is read by its type and the ViewModel's input called")
    func sent() throws {
        let viewModel = CounterViewModel()
        let inputs = try #require(DeclaredInput.inputs(of: CounterInputs(viewModel)))

        try inputs[1].send(["-3", "tea", "yes"])
        try inputs[2].send(["1.5"])
        try inputs[0].send([])

        #expect(viewModel.calls.entries == ["add -3 tea true", "scale 1.5", "reset"])
    }

    @Test(
        "given an argument not of its type, or a wrong count, when sent, then nothing is called and the error names what was expected",
        arguments: [
            (1, ["x", "tea", "true"], #"The first argument of `add` must be an Int (whole number), not "x"."#),
            (1, ["1", "tea", "maybe"], #"The third argument of `add` must be a Bool (true or false), not "maybe"."#),
            (2, ["nan"], #"The first argument of `scale` must be a Double (number), not "nan"."#),
            (1, ["1"], "`add` takes 3 arguments (amount: Int, label: String, twice: Bool), got 1."),
            (0, ["now"], "`reset` takes no arguments, got 1."),
        ])
    func refused(index: Int, arguments: [String], message: String) throws {
        let viewModel = CounterViewModel()
        let inputs = try #require(DeclaredInput.inputs(of: CounterInputs(viewModel)))

        let error = #expect(throws: InputArgumentError.self) { try inputs[index].send(arguments) }

        #expect(error?.description == message)
        #expect(viewModel.calls.entries.isEmpty)
    }

    @Test(
        "given traced inputs, when a view calls them or they are sent by name, then each is reported with its arguments before the ViewModel acts, a secret hidden, and nothing once stopped"
    )
    func traced() throws {
        let log = EventLog()
        let inputs = CounterInputs(CounterViewModel(calls: log))
        inputs.reset()  // not traced yet
        let viewModel = inputs.viewModelName
        inputs.tracer = { input, arguments in log.append("traced \(viewModel).\(input)(\(arguments.joined(separator: ", ")))") }

        inputs.add(2, label: "tea", twice: false)
        try DeclaredInput.inputs(of: inputs)?[2].send(["0.5"])
        inputs.pinChanged("4711")
        inputs.tracer = nil
        inputs.reset()

        #expect(
            log.entries == [
                "reset",
                #"traced CounterViewModel.add(2, "tea", false)"#, "add 2 tea false",
                "traced CounterViewModel.scale(0.5)", "scale 0.5",
                "traced CounterViewModel.pinChanged((hidden))", "pin 4711",
                "reset",
            ])
    }

    @Test("given a view that keeps traced inputs, then they are found among its stored properties; a ViewModel keeps none")
    func foundInView() {
        let screen = CounterScreen(viewModel: CounterViewModel())

        #expect(ViewInspection.tracedInputs(of: screen) === screen.inputs)
        #expect(ViewInspection.tracedInputs(of: CounterViewModel()) == nil)
    }
}
