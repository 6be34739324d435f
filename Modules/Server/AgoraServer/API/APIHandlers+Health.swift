import AgoraContract

extension APIHandlers {
    /// Ready: the server listens only once its database is open, migrated and seeded.
    func getHealth(_ input: Operations.GetHealth.Input) async throws -> Operations.GetHealth.Output {
        .ok(.init(body: .json(.init(status: .ok))))
    }

    /// Ready, as ``getHealth(_:)`` says, without a body: for probes that read only the status.
    func headHealth(_ input: Operations.HeadHealth.Input) async throws -> Operations.HeadHealth.Output {
        .ok(.init())
    }
}
