import AgoraArchitecture
import Testing

@Suite("Request generation: only the latest request's answer counts")
struct RequestGenerationTests {
    @Test("given a request, when nothing newer starts, then its ticket is current")
    func latestIsCurrent() {
        var generation = RequestGeneration()

        let request = generation.next()

        #expect(generation.isCurrent(request))
    }

    @Test("given a request in flight, when a newer one starts or something makes it stale, then its ticket is no longer current")
    func replacedIsStale() {
        var generation = RequestGeneration()
        let first = generation.next()

        let second = generation.next()

        #expect(!generation.isCurrent(first))
        #expect(generation.isCurrent(second))
        generation.next()
        #expect(!generation.isCurrent(second), "an answer that supersedes the requests in flight makes them stale")
    }
}
