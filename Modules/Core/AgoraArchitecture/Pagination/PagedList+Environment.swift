extension PagedList {
    /// A list that shows the cached rows first or not as the host set the environment
    /// (``AgoraEnvironment/showsCachedListsFirst``): what a feature's list ViewModel makes.
    ///
    /// - Parameters:
    ///   - work: the owner's tracker; the cache subscription, page loads and reads run in it.
    ///   - environment: the host's environment.
    ///   - windowSize: the most cached rows held in memory.
    ///   - row: makes the row of an item, when it enters the window.
    public convenience init(
        work: WorkTracker, environment: AgoraEnvironment, windowSize: Int = 1_000, row: @escaping @MainActor (Item) -> Row
    ) {
        self.init(work: work, showsCacheFirst: environment.showsCachedListsFirst, windowSize: windowSize, row: row)
    }
}
