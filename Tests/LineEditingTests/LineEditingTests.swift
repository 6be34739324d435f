import Foundation
import Testing

@testable import LineEditing

@Suite struct CompletionMatchesTests {
    @Test func noCandidateMatches() {
        #expect(completionMatches(for: "x", among: ["help", "hello", "quit"]) == [])
        #expect(completionMatches(for: "", among: []) == [])
    }

    @Test func singleMatchIsDoubled() {
        #expect(completionMatches(for: "q", among: ["help", "hello", "quit"]) == ["quit", "quit"])
        #expect(completionMatches(for: "quit", among: ["quit", "quit"]) == ["quit", "quit"])
    }

    @Test func severalMatchesStartWithCommonPrefix() {
        #expect(completionMatches(for: "he", among: ["help", "hello", "quit"]) == ["hel", "help", "hello"])
        #expect(completionMatches(for: "", among: ["help", "quit", ""]) == ["", "help", "quit"])
        #expect(completionMatches(for: "a", among: ["ab", "ab2", "ab1"]) == ["ab", "ab", "ab2", "ab1"])
    }

    @Test("several row numbers are listed right-aligned, so libedit's string sort lists them by value; the prefix inserted is unchanged")
    func rowNumbersListInOrder() {
        let matches = completionMatches(for: "", among: ["1", "2", "10", "11"])
        #expect(matches == ["", " 1", " 2", "10", "11"])
        #expect(matches.dropFirst().sorted() == [" 1", " 2", "10", "11"], "a string sort keeps numeric order")
        #expect(completionMatches(for: "1", among: ["1", "10", "11"]) == ["1", " 1", "10", "11"])
        #expect(completionMatches(for: "", among: ["1", "10", "agora://events"]) == ["", " 1", "10", "agora://events"], "words stay as they are")
    }

    @Test("several links are listed from the last / they share, ids by value; the prefix inserted is the whole link they share")
    func linksListByTheirLastPart() {
        let links = ["agora://events/1", "agora://events/10", "agora://events/2", "agora://events/1/comments"]
        let matches = completionMatches(for: "agora://events/", among: links)

        #expect(matches.first == "agora://events/")
        #expect(Array(matches.dropFirst()) == [" 1", "10", " 2", "1/comments"])
        #expect(matches.dropFirst().sorted() == [" 1", " 2", "1/comments", "10"], "a string sort keeps numeric order")
        #expect(
            completionMatches(for: "agora://events/2", among: ["agora://events/2/", "agora://events/2/comments"]) == ["agora://events/2/", "2/", "2/comments"],
            "a match that is the shared prefix keeps its last part")
        #expect(completionMatches(for: "agora://", among: ["agora://events", "agora://activities"]) == ["agora://", "events", "activities"])
    }

    @Test func utf8Words() {
        #expect(
            completionMatches(for: "こ", among: ["こんにちは", "こんばんは", "さようなら"])
                == ["こん", "こんにちは", "こんばんは"])
        #expect(completionMatches(for: "さ", among: ["こんにちは", "さようなら"]) == ["さようなら", "さようなら"])
        // The common prefix never splits a character, even when the UTF-8
        // encodings share leading bytes (に = E3 81 AB, ば = E3 81 B0).
        #expect(completionMatches(for: "", among: ["にん", "ばん"]) == ["", "にん", "ばん"])
        #expect(completionMatches(for: "e", among: ["été", "ét"]) == [])
        #expect(completionMatches(for: "é", among: ["été", "éa"]) == ["é", "été", "éa"])
    }

    @Test func requestOffsetsCountCharacters() {
        // libedit counts Unicode scalars: "e\u{301}x " is 4 scalars, 3 Characters.
        let line = "e\u{301}x wö"
        let request = line.withCString { line in
            "wö".withCString { word in
                completionRequest(line: line, word: word, wordStart: 4)
            }
        }
        #expect(request == CompletionRequest(line: line, word: "wö", wordStart: 3))
    }
}

/// libedit's history is process-global and only one EditLineReader may be
/// alive at a time, so these run serially and never overlap.
@Suite(.serialized) struct EditLineHistoryTests {
    private func withTemporaryDirectory(_ body: (URL) throws -> Void) throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("LineEditingTests-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        try body(directory)
    }

    @Test func deduplicatesTrimsAndPersists() throws {
        try withTemporaryDirectory { directory in
            // The parent directories do not exist yet.
            let file = directory.appendingPathComponent("nested/dir/history")
            do {
                let reader = EditLineReader(historyFile: file)
                reader.addHistory("first")
                reader.addHistory("  second  \n")
                reader.addHistory("   ")
                reader.addHistory("")
                reader.addHistory("こんにちは 世界")
                reader.addHistory("first")
                #expect(reader.history == ["second", "こんにちは 世界", "first"])
            }

            let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
            #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
            let contents = try String(contentsOf: file, encoding: .utf8)
            #expect(contents.hasPrefix("_HiStOrY_V2_\n"))
            #expect(contents.contains("こんにちは"))

            let reloaded = EditLineReader(historyFile: file)
            #expect(reloaded.history == ["second", "こんにちは 世界", "first"])
            reloaded.addHistory("second")
            #expect(reloaded.history == ["こんにちは 世界", "first", "second"])
        }
    }

    @Test func historyLimitKeepsNewestEntries() throws {
        try withTemporaryDirectory { directory in
            let file = directory.appendingPathComponent("history")
            do {
                let reader = EditLineReader(historyFile: file, historyLimit: 3)
                for index in 1...5 {
                    reader.addHistory("line \(index)")
                }
                #expect(reader.history == ["line 3", "line 4", "line 5"])
            }
            let reloaded = EditLineReader(historyFile: file, historyLimit: 2)
            #expect(reloaded.history == ["line 4", "line 5"])
        }
    }

    @Test func duplicatesInFileAreRemovedOnLoad() throws {
        try withTemporaryDirectory { directory in
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let file = directory.appendingPathComponent("history")
            try "_HiStOrY_V2_\na\nb\na\\040b\na\n".write(to: file, atomically: true, encoding: .utf8)
            let reader = EditLineReader(historyFile: file)
            #expect(reader.history == ["b", "a b", "a"])
        }
    }

    @Test func secondLiveReaderIsAPreconditionFailure() async {
        await #expect(processExitsWith: .failure) {
            let first = EditLineReader(historyFile: nil)
            let second = EditLineReader(historyFile: nil)
            withExtendedLifetime((first, second)) {}
        }
    }

    @Test func withoutHistoryFile() {
        let reader = EditLineReader(historyFile: nil)
        #expect(reader.history == [])
        reader.addHistory("x")
        reader.addHistory("y")
        reader.addHistory("x")
        #expect(reader.history == ["y", "x"])
    }
}
