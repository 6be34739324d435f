import Foundation

extension Date {
    /// A stored time: whole seconds since 1970.
    init(unixSeconds: Int64) {
        self.init(timeIntervalSince1970: TimeInterval(unixSeconds))
    }

    /// This time as stored: whole seconds since 1970, rounded down.
    var unixSeconds: Int64 {
        Int64(timeIntervalSince1970.rounded(.down))
    }
}

extension Duration {
    /// Whole seconds, rounded down; what a stored expiry adds.
    var wholeSeconds: Int64 { components.seconds }
}
