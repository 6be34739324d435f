import AgoraApp
import AgoraArchitecture
import AgoraTerminalUI

/// `inspect` for a console that takes data (`--format json`): records and rows with stable keys
/// rather than aligned lines.
extension ArchitectureExplorer {
    /// Shows the top ViewModel (a record: `viewModel`, `route`, `isWorking`; a row per output
    /// and signal: `name`, `kind`, `isSent`, `value`) or, given `name`, that output as a record
    /// (`name`, `kind`, `isSent`, `value` whole) on `console`.
    ///
    /// - Returns: `false` when `console` takes lines: nothing was shown.
    func showInspection(_ name: String?, on console: any Console) throws(ExplorerProblem) -> Bool {
        guard let top = snapshot.inspection else { throw .message("There is no screen to inspect: `open` one first.") }
        if let name {
            let item = try output(named: name)
            return console.showRecord(TableRecord(title: item.name, fields: Self.fields(of: item, value: Self.cell(item))))
        }
        let viewModel = top.viewModel
        let record = TableRecord(
            title: viewModel, fields: [.init("viewModel", .text(viewModel)), .init("route", .text(top.link)), .init("isWorking", .flag(top.isWorking))]
        )
        guard console.showRecord(record) else { return false }
        let rows = top.items.enumerated().map { index, item in
            let fields = Self.fields(of: item, value: Self.cell(item))
            return TableRows.Row(number: index + 1, id: item.name, cells: fields.map(\.value))
        }
        let columns = Self.fields(of: nil, value: .text("")).map(\.name)
        _ = console.showRows(TableRows(title: "\(viewModel) outputs and signals", columns: columns, rows: rows), isWholeTable: true)
        return true
    }

    /// An output's facts, in the same keys in a row and a record; `item` `nil` for the keys alone.
    private static func fields(of item: ViewModelInspection.Found?, value: TableCell) -> [TableRow.Field] {
        [
            .init("name", .text(item?.name ?? "")), .init("kind", .text(item?.source.isSignal == true ? "signal" : "output")),
            .init("isSent", .flag(item?.source.latestValue != nil)), .init("value", value),
        ]
    }

    /// An output's value for a program, typed (``TableCell/reflecting(_:depth:)``); absent for a
    /// signal never sent, and for one that carries nothing (`()`).
    private static func cell(_ item: ViewModelInspection.Found) -> TableCell {
        item.source.latestValue.map { TableCell.reflecting($0) } ?? .absent
    }
}
