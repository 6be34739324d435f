/// How `agora` writes what commands show: tables for people, JSON lines or TSV for programs.
///
/// One word names each, at the prompt (`format table`) and on the command line
/// (`--format table`); `text`, an earlier word for `table`, is still read in both.
public enum OutputFormat: String, Sendable, CaseIterable {
    /// Lines as a person reads them: tables, messages, `error:` lines on standard error.
    case table
    /// One JSON object per command on standard output: the command, where a script's command was
    /// read (`source`), the screen it left the user on, whether it succeeded, the rows it showed
    /// (each an object keyed by column title), its messages and its errors.
    case json
    /// The rows commands show, tab-separated, a header line before each whole table, on standard
    /// output; messages and errors on standard error.
    case tsv
}

extension OutputFormat {
    /// The format `name` names, in any letter case: `table` (or `text`), `json` or `tsv`.
    public init?(name: String) {
        let name = name.lowercased()
        self.init(rawValue: name == "text" ? "table" : name)
    }

    /// The formats' names, as help lists them: `table|json|tsv`.
    public static var names: String { allCases.map(\.rawValue).joined(separator: "|") }
}
