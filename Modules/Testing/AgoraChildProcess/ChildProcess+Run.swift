import Foundation

extension ChildProcess {
    /// Runs `executable` to its end: `input` written to its standard input (closed after it),
    /// its standard output and error read to their end, and how it ended; killed, and this
    /// throws, past `timeout`.
    ///
    /// At most as many of these run at once as the machine has cores: a suite of a hundred
    /// tests that each run a program would otherwise start them all in the same second, and
    /// leave every other test (and the servers they run in this process) no processor for
    /// many seconds.
    public static func run(
        _ executable: URL, _ arguments: [String], environment: [String: String] = ProcessInfo.processInfo.environment, input: Data? = nil,
        output: Stream = .pipe, error: Stream = .pipe, within timeout: Duration = Hang.bound
    ) async throws -> (stdout: String, stderr: String, ended: Termination) {
        await RunningPrograms.shared.enter()
        do {
            let child = try ChildProcess(executable, arguments, environment: environment, input: input == nil ? .null : .pipe, output: output, error: error)
            if let input {
                // A program that refuses to start reads nothing: the write then fails, and the
                // test goes on to read what it said.
                child.write(input)
                child.closeInput()
            }
            let finished = try await child.outputs(within: timeout)
            await RunningPrograms.shared.leave()
            return finished
        } catch {
            await RunningPrograms.shared.leave()
            throw error
        }
    }
}

/// How many programs ``ChildProcess/run(_:_:environment:input:output:error:within:)`` runs at
/// once; a caller past the limit waits, holding no thread, until one ends.
actor RunningPrograms {
    static let shared = RunningPrograms(limit: max(2, ProcessInfo.processInfo.activeProcessorCount))

    private var free: Int
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(limit: Int) {
        free = limit
    }

    func enter() async {
        guard free == 0 else {
            free -= 1
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    func leave() {
        if waiting.isEmpty {
            free += 1
        } else {
            waiting.removeFirst().resume()
        }
    }
}
