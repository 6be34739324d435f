/// Text the user types that nobody else may read (a password, a one-time code): an input that
/// takes one says so with this type, and whatever reports inputs (an explorer's trace) shows
/// that something was typed, never what.
///
/// ```swift
/// func passwordChanged(_ password: SecretString)
/// ```
public typealias SecretString = String
