import AgoraAPI
import AgoraModels

/// OSS mode's template items: ``count`` of them, each about one of the upcoming events on the
/// first page, which it asks the app's service for, so the same day gives the same template items.
///
/// The feature does not see the mock's fixtures (AgoraMocks), so it reads the events as any
/// client would.
public struct MockTemplateItemsService: TemplateItemsService {
    /// How many there are: a first page and part of a second.
    public static let count = 25
    /// The mock's cursors are `templateItems.<id of the last one seen>`.
    static let cursorTag = "templateItems"

    private let service: any ServiceType

    /// - Parameter service: where the upcoming events come from (`MockService` in OSS mode).
    public init(service: any ServiceType) {
        self.service = service
    }

    /// The template items made from `events` (the first page of upcoming events), in list order:
    /// ``count`` of them, spread over the events so a row's number is not its event's; none
    /// when there are no events. Tests compute what to expect with it.
    public static func items(for events: [Event]) -> [TemplateItem] {
        guard !events.isEmpty else { return [] }
        return (1...count).map { id in
            let index = (id * 7) % events.count
            return TemplateItem(
                id: id, title: "Template item \(id)", summary: "Upcoming event #\(index + 1)",
                eventID: events[index].id
            )
        }
    }

    public func fetchTemplateItems(_ request: TemplateItemsRequest) async throws(ServiceError) -> Page<TemplateItem> {
        guard (1...100).contains(request.limit) else {
            throw .invalidInput(field: "limit", reason: "expected 1...100, got \(request.limit)")
        }
        var lastID: TemplateItem.ID?
        if let cursor = request.cursor {
            let parts = cursor.split(separator: ".")
            guard parts.count == 2, parts[0] == Self.cursorTag, let id = Int(parts[1]) else {
                throw .invalidInput(field: "cursor", reason: "not a cursor this server issued")
            }
            lastID = id
        }
        let events = try await service.fetchEvents(EventsRequest()).items
        var remaining = Self.items(for: events)[...]
        if let lastID {
            remaining = remaining.drop { $0.id <= lastID }
        }
        let items = Array(remaining.prefix(request.limit))
        let next = remaining.count > request.limit ? items.last.map { "\(Self.cursorTag).\($0.id)" } : nil
        return Page(items: items, nextCursor: next)
    }
}
