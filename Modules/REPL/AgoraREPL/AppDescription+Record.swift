import AgoraApp
import AgoraTerminalUI

extension AppDescription {
    /// `env` for a program (`--format json`): each fact by its stable key, typed.
    var record: TableRecord {
        TableRecord(
            title: "Environment",
            fields: data.map { key, value in
                switch value {
                case .text(let text): TableRow.Field(key, .text(text))
                case .flag(let flag): TableRow.Field(key, .flag(flag))
                case .absent: TableRow.Field(key, .absent)
                }
            })
    }
}
