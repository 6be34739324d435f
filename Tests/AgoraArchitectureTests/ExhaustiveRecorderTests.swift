import AgoraArchitecture
import AgoraTestSupport
import Testing

/// The test tool itself: an exhaustive recorder fails the test for a value no assertion stated.
@MainActor
@Suite("Recorder in exhaustive mode")
struct ExhaustiveRecorderTests {
    let source = OutputSource(0)

    @Test("given a test marked .exhaustiveRecorders, when every value is asserted, then nothing is reported", .exhaustiveRecorders)
    func everyValueStated() {
        let recorder = Recorder(source.output)
        source.send(1)
        recorder.assertValues([0, 1])
        source.send(2)
        recorder.assertLastValue(2)
        #expect(recorder.isExhaustive)
    }

    @Test("given exhaustive recorders, when a value is sent after the last assertion, then the test fails naming it")
    func valueAfterTheLastAssertionFails() async {
        await withKnownIssue {
            await withExhaustiveRecorders {
                let recorder = Recorder(source.output)
                source.send(1)
                recorder.assertValues([0, 1])
                source.send(7)
            }
        } matching: { issue in
            issue.description.contains("1 value(s) recorded that no assertion stated: 7")
        }
    }

    @Test("given exhaustive recorders, when two values arrive and only the last is asserted, then every value before it is reported")
    func lastValueStatesOnlyOneValue() async {
        await withKnownIssue {
            await withExhaustiveRecorders {
                let recorder = Recorder(source.output)
                source.send(3)
                source.send(4)
                recorder.assertLastValue(4)
            }
        } matching: { issue in
            issue.description.contains("3 value(s) recorded that no assertion stated: 0, 3, 4")
        }
    }

    @Test("given a recorder made with exhaustive: false in an exhaustive test, when values go unasserted, then nothing is reported", .exhaustiveRecorders)
    func optedOutIsNotChecked() {
        let recorder = Recorder(source.output, exhaustive: false)
        source.send(5)
        #expect(!recorder.isExhaustive)
    }

    @Test("given a test not marked (the default), when values go unasserted, then nothing is reported")
    func defaultIsNotExhaustive() {
        let recorder = Recorder(source.output)
        source.send(5)
        #expect(!recorder.isExhaustive)
    }
}
