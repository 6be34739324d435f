/// Whether outputs made from now on tell the Observation framework of their reads and changes.
///
/// On by default: a SwiftUI view, `withObservationTracking` and `Observations` see every
/// ``Output`` change. Telling costs a lookup per read and per change, which a host that never
/// tracks an output can spare: one that draws each change through ``Output/observe(_:)`` turns
/// it off once, before any ViewModel is made.
@MainActor
public enum ObservableOutputs {
    /// Whether outputs made from now on are seen by the Observation framework; each output
    /// reads it once, when it is made.
    public static var areTracked = true
}
