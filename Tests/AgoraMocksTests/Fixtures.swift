import AgoraAPI
import AgoraMocks
import Foundation
import Testing

/// 1 December 2026, 00:00 UTC: the fixed "today" of these tests (the same date as
/// `AgoraEnvironment.testReferenceDate`, which this target cannot import).
let referenceDate = Date(timeIntervalSince1970: 1_796_083_200)

/// The fixtures as of ``referenceDate``.
let fixtures = MockData(referenceDate: referenceDate)

/// The field an `invalidInput` error names, or `nil` for any other error.
func invalidField(_ error: ServiceError?) -> String? {
    guard case .invalidInput(let field, _)? = error else { return nil }
    return field
}
