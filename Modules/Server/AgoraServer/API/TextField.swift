import AgoraModels

/// A text field of a request, checked as the contract says before anything is stored or
/// compared: no control characters and no character carrying more than a few combining marks
/// (``TextRules``), a length in Unicode scalars within bounds.
///
/// Each refusal is a 400 naming the field, so a client can point at what to change.
struct TextField {
    /// The field's name in the contract, as the refusal names it.
    let name: String
    /// The lengths the contract allows, in Unicode scalars.
    let lengths: ClosedRange<Int>
    /// Whether line breaks and tabs are allowed (a comment's body).
    var allowsLineBreaks = false
    /// Whether a character may carry at most ``TextRules/maximumCombiningMarks`` marks: for
    /// text someone reads, not for a password, which is only compared.
    var capsCombiningMarks = true

    /// `text` when it follows the rules; otherwise the 400 that says which one it breaks.
    @discardableResult
    func check(_ text: String) throws(APIError) -> String {
        let subject = "The \(name)"
        if let problem = TextRules.controlCharacterProblem(in: text, allowsLineBreaks: allowsLineBreaks, subject: subject) {
            throw .invalidField(name, "\(problem).")
        }
        let length = TextRules.length(of: text)
        guard lengths.contains(length) else {
            throw .invalidField(name, "The \(name) must be \(lengths.lowerBound) to \(lengths.upperBound) characters long; it is \(length).")
        }
        // After the length: a body over the limit is told its length first, which a client can
        // show without counting marks.
        if capsCombiningMarks, let problem = TextRules.combiningMarkProblem(in: text, subject: subject) {
            throw .invalidField(name, "\(problem).")
        }
        return text
    }

    static let commentBody = TextField(name: "body", lengths: 1...Comment.maximumLength, allowsLineBreaks: true)
    static let clientID = TextField(name: "clientID", lengths: 1...64)
    static let email = TextField(name: "email", lengths: 3...254)
    static let password = TextField(name: "password", lengths: 1...200, capsCombiningMarks: false)
    static let challengeID = TextField(name: "challengeID", lengths: 1...100)
}
