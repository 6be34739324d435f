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

    /// Live: answering at all is the whole check, so a stuck database never gets the process
    /// restarted, which would not help it.
    func getLiveness(_ input: Operations.GetLiveness.Input) async throws -> Operations.GetLiveness.Output {
        .ok(.init(body: .json(.init(status: .ok))))
    }

    /// Ready when the database answers a trivial query; 503 naming the database's error when it
    /// does not.
    func getReadiness(_ input: Operations.GetReadiness.Input) async throws -> Operations.GetReadiness.Output {
        do {
            try await store.checkAnswers()
        } catch {
            logger.warning("Not ready: the database does not answer", metadata: ["error": "\(error)"])
            return .serviceUnavailable(
                .init(
                    body: .json(
                        .init(code: "not_ready", message: "The database does not answer (\(error)); the server cannot serve requests until it does.")
                    )))
        }
        return .ok(.init(body: .json(.init(status: .ok))))
    }
}
