import AgoraAPI
import AgoraMocks
import AgoraModels
import Foundation

/// The mock's template items: placeholder questions about the upcoming events, shaped like polls,
/// the same every day for the same reference date.
enum MockTemplateItems {
    /// How many there are: a first page and part of a second.
    static let count = 25
    /// The questions, taken in turn.
    static let questions = [
        "Which evening suits the next meetup?",
        "Should the talks be recorded?",
        "Which topic for the spring workshop?",
        "Online, in person, or both?",
        "How long should a lightning talk be?",
        "Would you mentor a newcomer?",
        "Pizza or sushi at the sprint?",
    ]

    /// The items about `events`, soonest to close first; none when there are no events.
    static func make(events: [Event], referenceDate: Date) -> [TemplateItem] {
        guard !events.isEmpty else { return [] }
        return (1...count).map { id in
            let round = (id - 1) / questions.count
            let question = questions[(id - 1) % questions.count]
            return TemplateItem(
                id: id, title: round == 0 ? question : "\(question) (\(round + 1))", eventID: events[(id * 7) % events.count].id,
                responseCount: (id * 37) % 90 + 3, closesAt: referenceDate.addingTimeInterval(Double(id - 1) * 86_400 + 18 * 3_600)
            )
        }
    }
}

extension MockData {
    /// The template items about the upcoming events, soonest to close first.
    public var templateItems: [TemplateItem] {
        MockTemplateItems.make(events: events, referenceDate: referenceDate)
    }

    /// A page of ``templateItems`` after the keyset `cursor` (`t.<closing seconds>.<id>`).
    public func templateItemsPage(_ request: TemplateItemsRequest) throws(ServiceError) -> Page<TemplateItem> {
        try Page.keyset(of: templateItems, after: request.cursor, limit: request.limit, tag: "t") { ($0.closesAt, $0.id) }
    }
}
