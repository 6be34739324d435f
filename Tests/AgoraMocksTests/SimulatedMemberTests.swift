import AgoraAPI
import AgoraMocks
import AgoraModels
import Testing

@Suite("OSS mode's simulated member")
struct SimulatedMemberTests {
    @Test(
        "given AGORA_MOCK_ACTIVITY, then a whole number of seconds turns it on, nothing leaves it off, and anything else is refused in one line naming the variable"
    )
    func fromTheEnvironment() throws {
        #expect(try SimulatedMember.fromEnvironment([:]) == nil)
        #expect(try SimulatedMember.fromEnvironment(["AGORA_MOCK_ACTIVITY": ""]) == nil)
        #expect(try SimulatedMember.fromEnvironment(["AGORA_MOCK_ACTIVITY": "10"])?.interval == .seconds(10))
        for value in ["0", "-3", "1.5", "ten", "86401"] {
            #expect(throws: SimulatedMember.Invalid.self) { try SimulatedMember.fromEnvironment(["AGORA_MOCK_ACTIVITY": value]) }
        }
        let message = try #require(
            #expect(throws: SimulatedMember.Invalid.self) { try SimulatedMember.fromEnvironment(["AGORA_MOCK_ACTIVITY": "ten"]) }
        ).description
        #expect(message.contains("AGORA_MOCK_ACTIVITY") && message.contains("'ten'") && message.contains("e.g. 10"))
    }

    @Test(
        "given followers of the three soonest events, when the member acts three times, then it waited its interval each time and commented on the first, RSVPed to the second and commented on the third"
    )
    func actsInTurn() async throws {
        let backend = MockService().backend
        let soonest = backend.data.events.prefix(3).map(\.id)
        var followers = soonest.map { backend.changes(of: $0).makeAsyncIterator() }
        let clock = RecordingClock()

        await SimulatedMember(interval: .seconds(10)).act(on: backend, clock: clock, times: 3)

        #expect(clock.requestedSleeps == [.seconds(10), .seconds(10), .seconds(10)])
        guard case .commentPosted(let first)? = await followers[0].next() else { throw Unexpected.change }
        #expect(first.author.name == "Dmitri Volkov" && first.eventID == soonest[0])
        guard case .eventChanged(let event)? = await followers[1].next() else { throw Unexpected.change }
        #expect(event.id == soonest[1])
        guard case .commentPosted(let third)? = await followers[2].next() else { throw Unexpected.change }
        #expect(third.eventID == soonest[2] && third.body != first.body)
    }

    private enum Unexpected: Error { case change }
}
