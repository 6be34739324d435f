import AgoraApp
import AgoraREPL
import AgoraTestSupport

extension REPLSession {
    /// A session on the transcripts' configuration, writing to `console`, whose trace lines go
    /// to `traced` without their clock (it differs run to run): what the explorer's suites watch.
    @MainActor
    static func tracing(into traced: EventLog, console: BufferConsole) throws -> REPLSession {
        let session = try REPLSession(configuration: Transcript.configuration, console: console)
        session.explorer.traceWriter = { line in
            traced.append(String(line.drop { $0 != "]" }.dropFirst(2)))
        }
        return session
    }
}
