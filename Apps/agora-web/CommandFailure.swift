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

extension AgoraWebCommand {
    /// Parses and runs like ArgumentParser's `main()`, but reports a bad option or a failure as
    /// one line (`agora-web: <what was wrong>`) instead of the error followed by the usage.
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
            // --help is an "error" that succeeds: printed in full.
            guard code != .success else { exit(withError: error) }
            let message = message(for: error).split(whereSeparator: \.isNewline).joined(separator: " ")
            report("\(message) (see agora-web --help)")
            Foundation.exit(code.rawValue)
        }
    }

    private static func report(_ line: String) {
        FileHandle.standardError.write(Data("agora-web: \(line)\n".utf8))
    }
}
