import ArgumentParser
import Foundation

/// A failure to report as one line on standard error, with a non-zero exit code.
struct CommandFailure: Error, CustomStringConvertible {
    let description: String
    let exitCode: ExitCode

    init(_ description: String, exitCode: ExitCode = .failure) {
        self.description = description
        self.exitCode = exitCode
    }
}

extension AgoraServerCommand {
    /// Parses and runs like ArgumentParser's `main()`, but reports a bad option or a failure as
    /// one line (`agora-server: <what was wrong>`) instead of the error followed by the usage.
    static func main() async {
        do {
            var command = try parseAsRoot()
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch let failure as CommandFailure {
            report(failure.description)
            Foundation.exit(failure.exitCode.rawValue)
        } catch {
            let code = exitCode(for: error)
            // --help and --version are "errors" that succeed: print them in full.
            guard code != .success else { exit(withError: error) }
            let message = message(for: error).split(whereSeparator: \.isNewline).joined(separator: " ")
            report("\(message) (see agora-server --help)")
            Foundation.exit(code.rawValue)
        }
    }

    private static func report(_ line: String) {
        FileHandle.standardError.write(Data("agora-server: \(line)\n".utf8))
    }
}
