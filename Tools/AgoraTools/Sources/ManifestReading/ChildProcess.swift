import Foundation

/// A command the tools run (`swift package dump-package`), with its output.
public struct ChildProcess: Sendable {
    /// What a finished command printed and how it ended.
    public struct Result: Sendable {
        public let status: Int32
        public let standardOutput: Data
        public let standardError: String
    }

    public let arguments: [String]
    public let directory: URL?
    /// Variables set for the command on top of this process's environment.
    public let environment: [String: String]

    /// - Parameters:
    ///   - arguments: the command and its arguments, found on `PATH` (`["swift", "package", …]`).
    ///   - directory: where it runs; the current directory when `nil`.
    ///   - environment: variables to set or replace for it.
    public init(_ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:]) {
        self.arguments = arguments
        self.directory = directory
        self.environment = environment
    }

    /// Runs the command to its end.
    public func run() throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        // Standard error goes to a file, so a chatty command cannot fill a pipe nobody reads
        // while standard output is being read.
        let errorFile = FileManager.default.temporaryDirectory
            .appendingPathComponent("agora-tools-\(UUID().uuidString).stderr")
        guard FileManager.default.createFile(atPath: errorFile.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: errorFile.path])
        }
        defer { try? FileManager.default.removeItem(at: errorFile) }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = try FileHandle(forWritingTo: errorFile)
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let errors = (try? String(contentsOf: errorFile, encoding: .utf8)) ?? ""
        return Result(status: process.terminationStatus, standardOutput: data, standardError: errors)
    }
}
