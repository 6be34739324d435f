import AgoraAPI
import AgoraArchitecture
import AgoraFuzzing
import AgoraREPL
import AgoraTerminalUI
import Testing

/// Every input the fuzzers were given to start from, and every input that once broke a promise,
/// replayed through the fuzz targets' own code: a crash fixed once stays fixed.
@Suite("Fuzz inputs replayed")
struct FuzzCorpusReplayTests {
    @Test(
        "given a committed input, when it is read as a command line and as a script, then each line reads to a command that can be typed back, nothing to run, or a one-line error",
        arguments: FuzzInput.all(of: CommandLineFuzzTarget.self)
    )
    func commandLine(_ input: FuzzInput) async {
        let outcome = await CommandLineFuzzTarget.run(input.bytes)
        #expect(outcome.readings.count == outcome.statements.count + 1)
        #expect(CommandLineFuzzTarget.brokenPromises(in: outcome) == [])
    }

    @Test(
        "given a committed link, when it is matched, then it opens no screen, or a route whose own link opens it again",
        arguments: FuzzInput.all(of: RouteFuzzTarget.self)
    )
    func route(_ input: FuzzInput) async {
        let outcome = await RouteFuzzTarget.run(input.bytes)
        #expect(RouteFuzzTarget.brokenPromises(in: outcome) == [])
    }

    @Test(
        "given a committed server answer, when every request receives it, then each gives a value for a documented success, or the ServiceError its status means as one line",
        arguments: FuzzInput.all(of: LiveResponseFuzzTarget.self)
    )
    func liveResponse(_ input: FuzzInput) async {
        let outcome = await LiveResponseFuzzTarget.run(input.bytes)
        #expect(outcome.answers.count == 11)
        #expect(LiveResponseFuzzTarget.brokenPromises(in: outcome) == [])
    }

    @Test(
        "given committed Content-Type and Accept lines, when checked and parsed as the OpenAPI runtime does, then no trap, and every repeated parameter is refused",
        arguments: FuzzInput.all(of: RequestHeadersFuzzTarget.self)
    )
    func requestHeaders(_ input: FuzzInput) async {
        let outcome = await RequestHeadersFuzzTarget.run(input.bytes)
        #expect(RequestHeadersFuzzTarget.brokenPromises(in: outcome) == [])
    }

    @Test(
        "given committed text from outside, when it is made a line and a table cell, then no control, escape or bidi character comes out and the table fits its width",
        arguments: FuzzInput.all(of: TerminalTextFuzzTarget.self)
    )
    func terminalText(_ input: FuzzInput) async {
        let outcome = await TerminalTextFuzzTarget.run(input.bytes)
        #expect(TerminalTextFuzzTarget.brokenPromises(in: outcome) == [])
    }
}

/// The seeds are worth fuzzing from: they reach every outcome a target documents, so a change
/// that makes them all fail the same way (a renamed field, a new route scheme) shows here.
@Suite("Fuzz seeds")
struct FuzzSeedTests {
    @Test("the command-line seeds read to commands, to nothing to run and to errors")
    func commandLineSeeds() async {
        var commands: Set<String> = []
        var nothing = 0
        var errors = 0
        for input in FuzzInput.seeds(of: CommandLineFuzzTarget.self) {
            switch await CommandLineFuzzTarget.run(input.bytes).readings[0].result {
            case .success(let invocation?): commands.insert(invocation.name)
            case .success(nil): nothing += 1
            case .failure: errors += 1
            }
        }
        #expect(commands.isSuperset(of: ["open", "more", "post", "login", "help", "rsvp", "quit"]))
        #expect(nothing > 0)
        #expect(errors > 0)
    }

    @Test("the route seeds open every kind of route, and some open none")
    func routeSeeds() async {
        var routes: [Route?] = []
        for input in FuzzInput.seeds(of: RouteFuzzTarget.self) {
            routes.append(await RouteFuzzTarget.run(input.bytes).route)
        }
        #expect(routes.contains(Route(path: "events")))
        #expect(routes.contains(Route(path: "activities")))
        #expect(routes.contains(.login))
        for pattern in RouteFuzzTarget.idPatterns {
            #expect(routes.contains { $0.flatMap(pattern.match) != nil }, "no seed opens \(pattern)")
        }
        #expect(routes.contains(nil))
    }

    @Test("the server-answer seeds decode a value for every request, and give every kind of ServiceError a server can cause")
    func liveResponseSeeds() async {
        var decoded: Set<String> = []
        var errors: Set<String> = []
        for input in FuzzInput.seeds(of: LiveResponseFuzzTarget.self) {
            for answer in await LiveResponseFuzzTarget.run(input.bytes).answers {
                switch answer.result {
                case .success: decoded.insert(answer.request.rawValue)
                case .failure(let error): errors.insert(error.kind)
                }
            }
        }
        #expect(
            decoded == [
                "fetchEvents", "fetchEvent", "rsvp", "fetchComments", "postComment", "deleteComment", "fetchActivities",
                "login", "verifyTwoFactor", "resendTwoFactorCode", "logout",
            ])
        #expect(
            errors.isSuperset(of: [
                "notFound", "unauthorized", "invalidCredentials", "invalidTwoFactorCode", "forbidden", "invalidInput", "server", "undecodable",
            ]))
    }

    @Test("the header seeds are let through and refused, and the regression inputs are refused naming Content-Type or Accept")
    func requestHeaderSeeds() async {
        var passed = 0
        var refused = 0
        for input in FuzzInput.seeds(of: RequestHeadersFuzzTarget.self) {
            if await RequestHeadersFuzzTarget.run(input.bytes).refusal == nil { passed += 1 } else { refused += 1 }
        }
        let regressions = FuzzInput.regressions(of: RequestHeadersFuzzTarget.self)
        var fields: Set<String> = []
        for input in regressions {
            fields.insert(await RequestHeadersFuzzTarget.run(input.bytes).refusal?.field ?? "none")
        }
        #expect(passed >= 3)
        #expect(refused >= 2)
        #expect(regressions.count >= 3)
        #expect(fields == ["Content-Type", "Accept"])
    }

    @Test("the terminal-text seeds hold every payload the untrusted-text checks name, and each one is marked where it was removed")
    func terminalTextSeeds() async {
        let outcomes = await withTaskGroup(of: TerminalTextFuzzTarget.Outcome.self) { group in
            for input in FuzzInput.seeds(of: TerminalTextFuzzTarget.self) { group.addTask { await TerminalTextFuzzTarget.run(input.bytes) } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        let payloads = ["\u{1B}]0;", "\u{1B}]52;", "\u{1B}[2J", "\r", "\nerror:", "\u{202E}", "\u{9B}"]
        for payload in payloads {
            let holding = outcomes.filter { $0.text.contains(payload) }
            #expect(!holding.isEmpty, "no seed holds \(payload.debugDescription)")
            #expect(holding.allSatisfy { $0.line.contains(TerminalText.removalMark) }, "\(payload.debugDescription) was not marked")
        }
    }
}
