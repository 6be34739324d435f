import CLargeBlocks

/// How agora asks glibc's malloc to hand large blocks back to the system.
///
/// A block above malloc's mmap threshold gets pages of its own, returned when it is freed. By
/// default the threshold rises to the size of every such block freed (up to 32 MiB), so after a
/// list's first large array every later one is carved from the heap, and what a long list
/// rebuilds per page stays mapped once freed: paging a thread a thousand times without it peaks
/// at 85-89 MiB with 12-30 MiB of it in use (heaptrack). A fixed threshold keeps large arrays
/// on pages of their own.
enum LargeBlocks {
    /// Arrays above this size (a list of a few hundred rows and up) get pages of their own.
    static let threshold: Int32 = 64 * 1024

    static func returnToSystemWhenFreed() {
        _ = agora_return_large_blocks_when_freed(threshold)
    }
}
