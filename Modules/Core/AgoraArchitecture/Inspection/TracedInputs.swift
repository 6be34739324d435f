/// A ViewModel's inputs as a view sends them: each input is traced, then passed on to the
/// ViewModel. It is what an explorer's trace shows as `input …`, so a ViewModel holds no trace
/// code of its own.
///
/// The inputs a feature's views share hold one final subclass per inputs protocol, made from
/// the protocol's text so that an input is declared once, in the feature library. It
/// conforms to that protocol, each method handing its arguments to ``send(function:_:)`` and its
/// siblings, and it declares its table (``InputDeclaring``) for an explorer to list and send:
///
/// ```swift
/// final class EventsListInputs: TracedInputs<any EventsListViewModelInputs>, EventsListViewModelInputs, InputDeclaring {
///     func refresh() { send { $0.refresh() } }
///     func rowTapped(_ id: EventRow.ID) { send(id) { $0.rowTapped(id) } }
///
///     static var inputCatalog: [InputDescriptor<EventsListInputs>] {
///         [.input("refresh") { $0.refresh() }, .input("rowTapped", "id") { $0.rowTapped($1) }]
///     }
/// }
/// ```
///
/// The screen calls its inputs through it (`inputs.refresh()`) and an input sent by name calls
/// the same methods through the table, so an input is traced alike from either, before the
/// outputs it causes. The compiler checks that the subclass has every input, and the table is
/// made from the same protocol. A secret argument (``SecretString``) is sent as
/// ``HiddenArgument`` so a trace never shows it. With no
/// tracer (tracing off) a call costs one check: the arguments are autoclosures, never evaluated.
@MainActor
open class TracedInputs<Inputs>: InputTracing {
    /// The ViewModel's inputs, each called after it is traced.
    public let viewModel: Inputs
    /// Told each input sent, with its arguments in one line each, while a host traces; `nil`
    /// otherwise.
    public var tracer: (@MainActor (_ input: String, _ arguments: [String]) -> Void)?

    /// The traced inputs of `viewModel`, which a screen calls instead of the ViewModel's own.
    public init(_ viewModel: Inputs) {
        self.viewModel = viewModel
    }

    /// The ViewModel's concrete type (`EventsListViewModel`), as a trace labels its inputs.
    public var viewModelName: String { String(describing: type(of: viewModel as Any)) }

    /// Sends the input `function` (the caller, by default), which takes no argument.
    public func send(function: StaticString = #function, _ input: (Inputs) -> Void) {
        tracer?(Self.name(function), [])
        input(viewModel)
    }

    /// Sends the input `function`, traced with `a`.
    public func send(_ a: @autoclosure () -> Any, function: StaticString = #function, _ input: (Inputs) -> Void) {
        tracer?(Self.name(function), [ValueSummary.of(a())])
        input(viewModel)
    }

    /// Sends the input `function`, traced with `a` and `b`.
    public func send(
        _ a: @autoclosure () -> Any, _ b: @autoclosure () -> Any, function: StaticString = #function, _ input: (Inputs) -> Void
    ) {
        tracer?(Self.name(function), [ValueSummary.of(a()), ValueSummary.of(b())])
        input(viewModel)
    }

    /// Sends the input `function`, traced with `a`, `b` and `c`.
    public func send(
        _ a: @autoclosure () -> Any, _ b: @autoclosure () -> Any, _ c: @autoclosure () -> Any, function: StaticString = #function,
        _ input: (Inputs) -> Void
    ) {
        tracer?(Self.name(function), [ValueSummary.of(a()), ValueSummary.of(b()), ValueSummary.of(c())])
        input(viewModel)
    }

    /// `willDisplayRow` from `willDisplayRow(_:outOf:)`.
    private static func name(_ function: StaticString) -> String {
        let text = "\(function)"
        return text.firstIndex(of: "(").map { String(text[..<$0]) } ?? text
    }
}

/// Inputs a view sends traced (``TracedInputs``), seen without their type: what a host gives its
/// tracer to.
@MainActor
public protocol InputTracing: AnyObject {
    /// The ViewModel's type, as a trace labels its inputs (`EventsListViewModel`).
    var viewModelName: String { get }
    /// Told each input sent, with its arguments in one line each, while traced.
    var tracer: (@MainActor (_ input: String, _ arguments: [String]) -> Void)? { get set }
}

/// What a secret argument (a password, a two-factor code) is traced as: `send(HiddenArgument())
/// { $0.passwordChanged(password) }`, so a trace never shows it.
public struct HiddenArgument: CustomStringConvertible, Sendable {
    public init() {}
    public var description: String { "(hidden)" }
}
