import AgoraAPI
import AgoraMocks
import AgoraModels

/// OSS mode's template items: placeholder questions from the app's mock world
/// (`MockData.templateItems`), after the mock's simulated latency, every endpoint configurable
/// as every feature's mock's are:
///
///     MockTemplateItemsService(mock: MockService(), fetchTemplateItems: .failure(.offline))
public struct MockTemplateItemsService: TemplateItemsService {
    /// The app's mock: its data, its latency and its clock.
    public var mock: MockService
    /// How ``fetchTemplateItems(_:)`` answers: from the fixtures unless a test sets it.
    public var fetchTemplateItems: MockEndpoint<TemplateItemsRequest, Page<TemplateItem>>

    public init(mock: MockService, fetchTemplateItems: MockEndpoint<TemplateItemsRequest, Page<TemplateItem>> = .fixtures) {
        self.mock = mock
        self.fetchTemplateItems = fetchTemplateItems
    }

    public func fetchTemplateItems(_ request: TemplateItemsRequest) async throws(ServiceError) -> Page<TemplateItem> {
        try await mock.answer(fetchTemplateItems, to: request) { request throws(ServiceError) in
            try mock.data.templateItemsPage(request)
        }
    }
}
