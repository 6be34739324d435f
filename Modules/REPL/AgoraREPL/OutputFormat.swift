/// How `agora` writes what commands show: text for people, JSON lines or TSV for programs.
public enum OutputFormat: String, Sendable, CaseIterable {
    /// Lines as a person reads them: tables, messages, `error:` lines on standard error.
    case text
    /// One JSON object per command on standard output: the command, where a script's command was
    /// read (`source`), the screen it left the user on, whether it succeeded, the rows it showed (each an object keyed by column title), its
    /// messages and its errors.
    case json
    /// The rows commands show, tab-separated, a header line before each whole table, on standard
    /// output; messages and errors on standard error.
    case tsv
}

extension OutputFormat {
    /// The format `format <name>` names at the prompt: `table` (or `text`, the flag's word), `json`
    /// or `tsv`, in any letter case.
    init?(settingName: String) {
        let name = settingName.lowercased()
        self.init(rawValue: name == "table" ? "text" : name)
    }
}
