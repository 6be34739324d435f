import AgoraApp
import AgoraArchitecture
import AgoraModels
import AgoraTerminalUI

/// The commands every screen understands, run by the session itself.
extension REPLSession {
    func runGlobal(_ global: GlobalCommand, arguments: [String]) async -> CommandOutcome {
        switch global {
        case .open:
            guard let route = application.coordinator.route(forLink: arguments[0]) else {
                return fail("No screen at '\(arguments[0].prefix(80))': expected a link like \(linkExamples).")
            }
            do {
                try application.coordinator.present(route)
                return .succeeded
            } catch {
                return fail(error.description)
            }
        case .routes:
            // Built from the plugins: a new feature's links appear with no edit here.
            let table = TextTable([.init("Link"), .init("Opens", isFlexible: true)])
            let rows = explorer.snapshot.routes.map { TableRow(id: $0.link, cells: [.text($0.link), .text($0.opens)]) }
            console.print(table, rows: rows, title: "Routes")
            return .succeeded
        case .back:
            guard application.coordinator.stack.value.count > 1 else { return fail("There is no previous screen to go back to.") }
            application.coordinator.back()
            return .succeeded
        case .help:
            return help(arguments.first)
        case .env, .status:
            let description = AppDescription(configuration: application.configuration, user: application.sessions.user.map { "\($0.name) <\($0.email)>" })
            if !console.showRecord(description.record) { console.print(lines: description.lines) }
            return .succeeded
        case .quit, .exit:
            return .quit
        case .stack:
            guard let rows = explorer.stackRows() else {
                console.print("The stack is empty: `open` a screen.")
                return .succeeded
            }
            console.print(ArchitectureExplorer.stackTable, rows: rows, title: "Stack, bottom first")
            return .succeeded
        case .inspect:
            do {
                if try !explorer.showInspection(arguments.first, on: console) {
                    console.print(lines: try explorer.inspectLines(arguments.first, width: console.width))
                }
                return .succeeded
            } catch {
                return fail(error.description)
            }
        case .inputs:
            do {
                let inputs = try explorer.inputsData()
                if !console.showRows(inputs, isWholeTable: true) {
                    console.print(lines: try explorer.inputsLines(width: console.width))
                }
                return .succeeded
            } catch {
                return fail(error.description)
            }
        case .send:
            do {
                let sent = try explorer.send(arguments[0], arguments: Array(arguments.dropFirst()))
                // The screen shows what changed only where its own commands print; `inspect` and
                // `trace on` show the rest.
                console.print("Sent \(sent).")
                return .succeeded
            } catch {
                return fail(error.description)
            }
        case .container:
            if !console.showRows(explorer.containerData(), isWholeTable: true) {
                console.print(lines: explorer.containerLines(width: console.width))
            }
            return .succeeded
        case .resolve:
            do {
                let resolution = try explorer.resolve(arguments[0])
                if !console.showRows(ArchitectureExplorer.data(of: resolution), isWholeTable: true) {
                    console.print(lines: ArchitectureExplorer.lines(of: resolution))
                }
                return .succeeded
            } catch {
                return fail(error.description)
            }
        case .plugins:
            console.print(ArchitectureExplorer.pluginsTable, rows: explorer.pluginRows(), title: "Plugins")
            return .succeeded
        case .trace:
            // Said as `timing` says its setting, so a program reading the command's record has
            // it too; the trace's own first line marks where its times start.
            switch arguments[0].lowercased() {
            case "on":
                console.note("Tracing is on.")
                explorer.startTracing()
            case "off":
                explorer.stopTracing()
                console.note("Tracing is off.")
            default: return fail("`trace` takes 'on' or 'off', got '\(arguments[0].prefix(20))'.")
            }
            return .succeeded
        case .timing, .output, .format, .pager, .edit:
            do {
                return try await runShellSetting(global, arguments: arguments)
            } catch {
                return fail(error.message)
            }
        }
    }
}
