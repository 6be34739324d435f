/// One input of a ViewModel, declared so an explorer can list it and send it by name: Swift
/// cannot reflect a protocol's methods, so the inputs a feature's views share declare a table of
/// these for each ViewModel (``InputDeclaring``), and the architecture check
/// (`check-architecture`) compares it with the `…ViewModelInputs` protocol so the two cannot
/// drift.
///
/// Made with ``input(_:action:)`` and its siblings: the closure calls the input, and its
/// parameters' types, each an ``InputArgument``, say how arguments are read.
@MainActor
public struct InputDescriptor<Target: AnyObject> {
    /// The input's method name, as in the protocol (`willDisplayRow`).
    public let name: String
    /// Its parameters, in order.
    public let parameters: [InputParameter]
    let perform: @MainActor (Target, [String]) throws(InputArgumentError) -> Void

    init(name: String, parameters: [InputParameter], perform: @escaping @MainActor (Target, [String]) throws(InputArgumentError) -> Void) {
        self.name = name
        self.parameters = parameters
        self.perform = perform
    }

    /// An input with no parameter: `.input("refresh") { $0.refresh() }`.
    public static func input(_ name: String, action: @escaping @MainActor (Target) -> Void) -> Self {
        Self(name: name, parameters: []) { target, _ in action(target) }
    }

    /// An input with one parameter: `.input("rowTapped", "row") { $0.rowTapped($1) }`.
    public static func input<A: InputArgument>(_ name: String, _ a: String, action: @escaping @MainActor (Target, A) -> Void) -> Self {
        let parameters = [InputParameter(label: a, type: A.self)]
        return Self(name: name, parameters: parameters) { target, arguments throws(InputArgumentError) in
            action(target, try read(arguments, 0, of: name, parameters))
        }
    }

    /// An input with two parameters: `.input("willDisplayRow", "row", "outOf") { $0.willDisplayRow($1, outOf: $2) }`.
    public static func input<A: InputArgument, B: InputArgument>(
        _ name: String, _ a: String, _ b: String, action: @escaping @MainActor (Target, A, B) -> Void
    ) -> Self {
        let parameters = [InputParameter(label: a, type: A.self), InputParameter(label: b, type: B.self)]
        return Self(name: name, parameters: parameters) { target, arguments throws(InputArgumentError) in
            action(target, try read(arguments, 0, of: name, parameters), try read(arguments, 1, of: name, parameters))
        }
    }

    /// An input with three parameters.
    public static func input<A: InputArgument, B: InputArgument, C: InputArgument>(
        _ name: String, _ a: String, _ b: String, _ c: String, action: @escaping @MainActor (Target, A, B, C) -> Void
    ) -> Self {
        let parameters = [InputParameter(label: a, type: A.self), InputParameter(label: b, type: B.self), InputParameter(label: c, type: C.self)]
        return Self(name: name, parameters: parameters) { target, arguments throws(InputArgumentError) in
            action(
                target, try read(arguments, 0, of: name, parameters), try read(arguments, 1, of: name, parameters),
                try read(arguments, 2, of: name, parameters))
        }
    }

    /// The argument at `index` read as `Value`, or the error naming the type expected.
    private static func read<Value: InputArgument>(
        _ arguments: [String], _ index: Int, of name: String, _ parameters: [InputParameter]
    ) throws(InputArgumentError) -> Value {
        guard let value = Value(inputArgument: arguments[index]) else {
            throw .invalid(input: name, position: index, expected: Value.expectation, got: arguments[index])
        }
        return value
    }
}

/// A parameter of a declared input: its label and the type of its argument.
public struct InputParameter: Sendable, Equatable {
    /// The label it is declared with (`outOf`).
    public let label: String
    /// The argument's Swift type (`Int`).
    public let typeName: String
    /// What a valid argument is ("an Int (whole number)").
    public let expectation: String
    /// Whether the argument is a secret (``SecretText``).
    public let isSecret: Bool
    private let reading: @Sendable (String) -> String?

    init<Value: InputArgument>(label: String, type: Value.Type) {
        self.label = label
        typeName = Value.typeName
        expectation = Value.expectation
        isSecret = Value.isSecret
        reading = { text in Value(inputArgument: text).map { String(describing: $0) } }
    }

    /// The value `text` is read as, written as Swift writes it (`yes` is `true` for a `Bool`), so
    /// what is said to be sent is what the input receives; `nil` when `text` reads as none.
    public func value(of text: String) -> String? {
        reading(text)
    }

    public static func == (lhs: InputParameter, rhs: InputParameter) -> Bool {
        lhs.label == rhs.label && lhs.typeName == rhs.typeName && lhs.expectation == rhs.expectation && lhs.isSecret == rhs.isSecret
    }
}
