import AgoraMocks

extension AppConfiguration {
    /// Gives OSS mode's busiest event (event 1) `count` comments instead of the fixtures' own
    /// number (`AGORA_MOCK_COMMENTS`), so a long thread can be paged without a server: the
    /// memory benchmark pages a thousand pages of it. The mock's state starts anew.
    ///
    /// - Parameter count: how many comments event 1 has.
    public mutating func setMockCommentCount(_ count: Int) {
        mockService.backend = MockBackend(data: MockData(busiestEventCommentCount: count), now: environment.now)
    }
}
