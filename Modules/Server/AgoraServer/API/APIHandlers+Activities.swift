import AgoraContract

extension APIHandlers {
    func listActivities(_ input: Operations.ListActivities.Input) async throws -> Operations.ListActivities.Output {
        let user = try RequestCredentials.required().user
        let page = try await store.activitiesPage(
            userID: user.id,
            after: Keyset.parse(input.query.cursor, kind: .activities),
            limit: PageLimit.parse(input.query.limit)
        )
        return .ok(.init(body: .json(page)))
    }
}
