import AgoraArchitecture
import Observation

/// A list ViewModel as an `@Observable` model: everything a SwiftUI list shows, and the inputs
/// it sends, for any feature's list (events, comments, the activity feed).
///
/// ```swift
/// struct EventsList: View {
///     let list: ObservableList<EventRow>
///     let inputs: any EventsListViewModelInputs
///     var body: some View {
///         // By id: a row keeps its identity as rows arrive above it (a new event, a refresh).
///         List(list.rows) { row in
///             Button(row.title) { inputs.rowTapped(row.id) }
///                 .onAppear { list.willDisplayRow(withID: row.id) }
///         }
///         .refreshable { list.refresh() }
///         .overlay { if list.isLoading { ProgressView() } else if list.isEmpty { Text("No events.") } }
///         .task { list.viewDidLoad() }
///     }
/// }
/// let list = ObservableList(outputs: viewModel.outputs, inputs: viewModel.inputs)
/// ```
///
/// Reading a property does no I/O and cannot fail, as SwiftUI may read it whenever it likes. It
/// holds the observations for as long as it lives and cancels them when it goes.
@Observable
@MainActor
public final class ObservableList<Row: Hashable & Sendable> {
    /// The rows; their indices are row numbers in the whole list.
    public private(set) var rows: ListRows<Row>
    /// Whether a page is being loaded.
    public private(set) var isLoading: Bool
    /// Whether the list was loaded and has no rows (the empty state).
    public private(set) var isEmpty: Bool
    /// Whether a page after the rows can be loaded.
    public private(set) var hasMorePages: Bool
    /// The last error the list reported, until the view clears it (``clearError()``).
    public private(set) var error: String?
    @ObservationIgnored private let inputs: any ListViewModelInputs
    @ObservationIgnored private var observations: [OutputObservation] = []

    /// Follows a list ViewModel's `outputs` from now on and sends its `inputs`.
    public init(outputs: some ListViewModelOutputs<Row>, inputs: any ListViewModelInputs) {
        rows = outputs.rows.value
        isLoading = outputs.isLoading.value
        isEmpty = outputs.isEmpty.value
        hasMorePages = outputs.hasMorePages.value
        self.inputs = inputs
        observations = [
            outputs.rows.assign(to: \.rows, on: self),
            outputs.isLoading.assign(to: \.isLoading, on: self),
            outputs.isEmpty.assign(to: \.isEmpty, on: self),
            outputs.hasMorePages.assign(to: \.hasMorePages, on: self),
            outputs.showError.assign(to: \.error, on: self),
        ]
    }

    isolated deinit {
        for observation in observations { observation.cancel() }
    }

    /// The list was shown for the first time.
    public func viewDidLoad() {
        inputs.viewDidLoad()
    }

    /// The user asked for the newest rows again.
    public func refresh() {
        inputs.refresh()
    }

    /// Row `index` came into view: near the end the next page is asked for.
    public func willDisplayRow(_ index: Int) {
        inputs.willDisplayRow(index, outOf: rows.totalCount)
    }

    /// The view showed ``error``; it is cleared.
    public func clearError() {
        error = nil
    }
}

extension ObservableList where Row: Identifiable {
    /// The row `id` came into view (a SwiftUI list iterates its rows by id): near the end the
    /// next page is asked for. A row the list no longer holds asks for nothing.
    public func willDisplayRow(withID id: Row.ID) {
        if let index = rows.firstIndex(where: { $0.id == id }) { willDisplayRow(index) }
    }
}
