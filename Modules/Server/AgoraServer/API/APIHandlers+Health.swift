import AgoraContract

extension APIHandlers {
    /// Ready: the server listens only once its database is open, migrated and seeded.
    func getHealth(_ input: Operations.GetHealth.Input) async throws -> Operations.GetHealth.Output {
        .ok(.init(body: .json(.init(status: .ok))))
    }
}
