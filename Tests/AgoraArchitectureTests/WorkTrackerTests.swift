import AgoraArchitecture
import AgoraTestSupport
import Testing

@MainActor
@Suite("WorkTracker")
struct WorkTrackerTests {
    let work = WorkTracker()

    @Test("given work that starts more work, when waitUntilIdle returns, then all of it has finished")
    func waitsForNestedWork() async {
        var log: [String] = []
        let work = self.work
        work.start {
            work.start {
                for _ in 0..<20 { await Task.yield() }
                work.start {
                    for _ in 0..<20 { await Task.yield() }
                    log.append("grandchild")
                }
                log.append("child")
            }
            log.append("parent")
        }

        await work.waitUntilIdle()

        #expect(log == ["parent", "child", "grandchild"])
        #expect(work.isIdle)
    }

    @Test("given work held by a gate opened later, when waitUntilIdle returns, then that work has finished")
    func waitsForHeldWork() async {
        let gate = Gate()
        var finished = false
        work.start {
            await gate.wait()
            finished = true
        }
        // Untracked: opens the gate only after the test is already waiting.
        Task {
            for _ in 0..<20 { await Task.yield() }
            gate.open()
        }

        await work.waitUntilIdle()

        #expect(finished)
        #expect(work.isIdle)
    }

    @Test("given a tracker, when work starts and ends, then isIdle is true, false, then true again")
    func isIdle() async {
        let gate = Gate()
        #expect(work.isIdle)

        let task = work.start { await gate.wait() }
        #expect(!work.isIdle)

        gate.open()
        await task.value
        #expect(work.isIdle, "a finished task removes itself without waitUntilIdle")
    }

    @Test("given running work, when cancelAll is called, then every operation sees its task cancelled")
    func cancelAllCancelsTasks() async {
        let gate = Gate()
        var cancelled: [String: Bool] = [:]
        work.start {
            await gate.wait()
            cancelled["first"] = Task.isCancelled
        }
        work.start {
            await gate.wait()
            cancelled["second"] = Task.isCancelled
        }

        work.cancelAll()
        work.start { cancelled["after"] = Task.isCancelled }
        gate.open()
        await work.waitUntilIdle()

        #expect(cancelled == ["first": true, "second": true, "after": false])
    }

    @Test("given no work, when whenIdle is called, then its body runs before it returns")
    func whenIdleWithNothingRunning() {
        var calls = 0

        work.whenIdle { calls += 1 }

        #expect(calls == 1)
    }

    @Test("given work that starts more work, when whenIdle is called, then its body runs once, as the last of it ends, with nothing left running")
    func whenIdleAfterTheLastTask() async {
        let gate = Gate()
        var log: [String] = []
        let work = self.work
        work.start {
            await gate.wait()
            work.start {
                await gate.wait()
                log.append("child")
            }
            log.append("parent")
        }

        work.whenIdle { log.append(work.isIdle ? "idle" : "still running") }
        #expect(log.isEmpty)
        gate.open()
        await work.waitUntilIdle()

        #expect(log == ["parent", "child", "idle"])
    }

    @Test("given a load and a send running, when cancelAll, then the load is cancelled and the send runs to its end")
    func cancelAllSparesSending() async {
        var log: [String] = []
        let loadGate = Gate()
        let sendGate = Gate()
        work.start {
            await loadGate.wait()
            log.append(Task.isCancelled ? "load cancelled" : "load finished")
        }
        work.startSending {
            await sendGate.wait()
            log.append(Task.isCancelled ? "send cancelled" : "send finished")
        }
        #expect(work.isSending)

        work.cancelAll()
        loadGate.open()
        sendGate.open()
        await work.waitUntilIdle()

        #expect(log.sorted() == ["load cancelled", "send finished"])
        #expect(!work.isSending)
    }
}
