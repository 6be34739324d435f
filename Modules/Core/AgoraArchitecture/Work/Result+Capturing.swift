extension Result {
    /// The value `body` returns or the error it throws, as a value — how a ViewModel's work
    /// keeps a request's outcome before it decides, back on its actor, what to show.
    ///
    ///     let result = await Result<Event, ServiceError> { () async throws(ServiceError) in
    ///         try await fetcher.fetchEvent(id: id, viewer: nil)
    ///     }
    public init(
        isolation: isolated (any Actor)? = #isolation,
        catching body: () async throws(Failure) -> Success
    ) async {
        do throws(Failure) {
            self = .success(try await body())
        } catch {
            self = .failure(error)
        }
    }
}
