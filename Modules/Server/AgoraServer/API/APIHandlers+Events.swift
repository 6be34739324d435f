import AgoraContract

extension APIHandlers {
    func listEvents(_ input: Operations.ListEvents.Input) async throws -> Operations.ListEvents.Output {
        // The events someone goes to are theirs to list: without a token that works, a 401.
        let onlyGoing = input.query.going == true
        let viewerID = onlyGoing ? try RequestCredentials.required().user.id : RequestCredentials.signedIn?.user.id
        let page = try await store.eventsPage(
            after: Keyset.parse(input.query.cursor, kind: .events),
            limit: PageLimit.parse(input.query.limit),
            viewerID: viewerID,
            onlyGoing: onlyGoing
        )
        return .ok(.init(body: .json(page)))
    }

    func getEvent(_ input: Operations.GetEvent.Input) async throws -> Operations.GetEvent.Output {
        let id = input.path.eventID
        guard let event = try await store.event(id: id, viewerID: RequestCredentials.signedIn?.user.id) else {
            throw APIError.notFound("There is no event \(id).")
        }
        return .ok(.init(body: .json(event)))
    }

    func setRSVP(_ input: Operations.SetRSVP.Input) async throws -> Operations.SetRSVP.Output {
        let user = try RequestCredentials.required().user
        guard case .json(let rsvp) = input.body else { throw APIError.invalidField("body", "Expected JSON.") }
        let event = try await store.setRSVP(eventID: input.path.eventID, userID: user.id, going: rsvp.going, now: now())
        changes.changeMade()
        return .ok(.init(body: .json(event)))
    }
}
