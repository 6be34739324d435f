import AgoraServer
import ArgumentParser
import Foundation

/// `agora-server backup`: a consistent copy of a server's SQLite database, while the server runs.
struct BackupCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "backup",
        abstract: "Copy a server's SQLite database into a new file, also while the server runs.",
        discussion: """
            agora-server backup --db agora.sqlite --to copy.sqlite
            Uses SQLite's online backup, so the copy is the database as of one moment and the \
            server keeps serving. Restore by serving the copy: agora-server --db copy.sqlite.
            """
    )

    /// The server's own options: `--db` (or `AGORA_DB`, or `"db"` in the `--config` file) names
    /// the database, as it does for serving.
    @ParentCommand var server: AgoraServerCommand

    @Option(name: .customLong("to"), help: ArgumentHelp("The new file to write the copy to; it must not exist.", valueName: "file"))
    var destination: String

    func run() async throws {
        let databasePath: String
        switch try await server.settings().server.database {
        case .postgres:
            throw CommandFailure(
                "backup copies an SQLite database; a PostgreSQL database is backed up with pg_dump (see agora-server's README)", exitCode: .validationFailure)
        case .inMemory:
            throw CommandFailure("backup needs the database to copy: pass --db PATH, the file the server runs with", exitCode: .validationFailure)
        case .file(let path):
            databasePath = path
        }
        do {
            try DatabaseBackup.copy(from: databasePath, to: destination)
        } catch let failure as DatabaseBackup.Failure {
            throw CommandFailure("cannot back up: \(failure.description)")
        } catch {
            throw CommandFailure("cannot back up \(databasePath) to \(destination): \(error)")
        }
        FileHandle.standardOutput.write(Data("agora-server backed up \(databasePath) to \(destination)\n".utf8))
    }
}
