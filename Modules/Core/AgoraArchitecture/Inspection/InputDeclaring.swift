/// A ViewModel's inputs, declared by name so an explorer can list them and send one by name with
/// its arguments as text (`willDisplayRow 19 20`), with no code for its feature. The inputs its
/// views share declare the table on the ``TracedInputs`` their screens send through, so an input
/// sent by name is traced like one a screen sends:
///
/// ```swift
/// final class EventsListInputs: TracedInputs<any EventsListViewModelInputs>, EventsListViewModelInputs, InputDeclaring {
///     // …each input, sent traced…
///     static var inputCatalog: [InputDescriptor<EventsListInputs>] {
///         [.input("refresh") { $0.refresh() }, .input("rowTapped", "id") { $0.rowTapped($1) }]
///     }
/// }
/// ```
///
/// A feature does not write this class: it is generated from the `…ViewModelInputs` protocol,
/// so the table names every input of the protocol, in its order, with its parameters.
@MainActor
public protocol InputDeclaring: AnyObject {
    /// Every input of the `…ViewModelInputs` protocol, in its order.
    static var inputCatalog: [InputDescriptor<Self>] { get }
}

/// A declared input bound to one ViewModel, its type erased: what `inputs` lists and `send` calls.
@MainActor
public struct DeclaredInput {
    /// The input's method name (`willDisplayRow`).
    public let name: String
    /// Its parameters, in order.
    public let parameters: [InputParameter]
    private let perform: @MainActor ([String]) throws(InputArgumentError) -> Void

    /// The inputs `declaring` declares; `nil` when it declares none.
    public static func inputs(of declaring: AnyObject) -> [DeclaredInput]? {
        guard let declaring = declaring as? any InputDeclaring else { return nil }
        return bound(declaring)
    }

    private static func bound<Target: InputDeclaring>(_ target: Target) -> [DeclaredInput] {
        Target.inputCatalog.map { descriptor in
            DeclaredInput(name: descriptor.name, parameters: descriptor.parameters) { arguments throws(InputArgumentError) in
                try descriptor.perform(target, arguments)
            }
        }
    }

    /// `name(label: Type, …)`, as `inputs` lists it.
    public var signature: String {
        "\(name)(\(parameters.map { "\($0.label): \($0.typeName)" }.joined(separator: ", ")))"
    }

    /// Calls the input with `arguments` read by type.
    ///
    /// - Throws: when there are not as many arguments as parameters, or one is not of its type.
    public func send(_ arguments: [String]) throws(InputArgumentError) {
        guard arguments.count == parameters.count else {
            throw .wrongCount(input: name, parameters: parameters, got: arguments.count)
        }
        try perform(arguments)
    }
}
