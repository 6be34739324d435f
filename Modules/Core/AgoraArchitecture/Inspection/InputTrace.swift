/// Where a ViewModel's inputs say they were called, for the REPL's `trace`: each input method
/// starts with `inputTrace.received(…)` and its arguments, so what a screen sends is traced
/// before the outputs it causes.
///
/// ``ViewModelInspection`` finds it among the ViewModel's stored properties, as it finds the
/// outputs. With no tracer (tracing off) a call costs one check: its arguments are autoclosures,
/// never evaluated.
@MainActor
public final class InputTrace {
    /// Told each input called, with its arguments in one line each, while traced.
    var tracer: (@MainActor (_ input: String, _ arguments: [String]) -> Void)?

    public init() {}

    /// The input `function` (the caller, by default) was called with no argument.
    public func received(function: StaticString = #function) {
        guard let tracer else { return }
        tracer(Self.name(function), [])
    }

    /// The input `function` was called with `a`.
    public func received(_ a: @autoclosure () -> Any, function: StaticString = #function) {
        guard let tracer else { return }
        tracer(Self.name(function), [ValueSummary.of(a())])
    }

    /// The input `function` was called with `a` and `b`.
    public func received(_ a: @autoclosure () -> Any, _ b: @autoclosure () -> Any, function: StaticString = #function) {
        guard let tracer else { return }
        tracer(Self.name(function), [ValueSummary.of(a()), ValueSummary.of(b())])
    }

    /// The input `function` was called with `a`, `b` and `c`.
    public func received(
        _ a: @autoclosure () -> Any, _ b: @autoclosure () -> Any, _ c: @autoclosure () -> Any, function: StaticString = #function
    ) {
        guard let tracer else { return }
        tracer(Self.name(function), [ValueSummary.of(a()), ValueSummary.of(b()), ValueSummary.of(c())])
    }

    /// `willDisplayRow` from `willDisplayRow(_:outOf:)`.
    private static func name(_ function: StaticString) -> String {
        let text = "\(function)"
        return text.firstIndex(of: "(").map { String(text[..<$0]) } ?? text
    }
}

/// What a secret argument (a password, a two-factor code) is traced as:
/// `inputTrace.received(HiddenArgument())`, so a trace never shows it.
public struct HiddenArgument: CustomStringConvertible, Sendable {
    public init() {}
    public var description: String { "(hidden)" }
}
