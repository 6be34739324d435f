import AgoraAPI
import AgoraLive
import AgoraModels
import Foundation
import HTTPTypes
import OpenAPIRuntime
import Testing

/// Every redirect is refused over any transport, and the error names only where it pointed: the
/// origin, as one printable line.
@Suite("Live service: redirects refused")
struct RedirectRefusalTests {
    func redirect(_ status: Int, location: String?) async -> ServiceError? {
        let transport = ScriptedTransport { _ in
            var response = HTTPResponse(status: .init(code: status))
            response.headerFields[.location] = location
            return (response, nil)
        }
        guard let baseURL = URL(string: "https://agora.example") else { return nil }
        let service = LiveService(baseURL: baseURL, transport: transport)
        return await #expect(throws: ServiceError.self) { try await service.fetchEvents(EventsRequest()) }
    }

    @Test("given a Location with a user, password, path, query and fragment, then the error names only its origin")
    func namesOnlyTheOrigin() async {
        let error = await redirect(302, location: "http://user:secret@elsewhere.example:8443/steal?token=1#x")
        #expect(error == .redirected(status: 302, origin: "http://elsewhere.example:8443"))
        #expect(error?.description == "The server answered 302 with a redirect to http://elsewhere.example:8443; Agora does not follow redirects.")
    }

    @Test("given a relative Location, then the origin is the server's own; given none or an unreadable one, then none is named")
    func relativeOrMissing() async {
        #expect(await redirect(307, location: "/v1/events?page=2") == .redirected(status: 307, origin: "https://agora.example"))
        #expect(await redirect(300, location: nil) == .redirected(status: 300, origin: nil))
        #expect(await redirect(301, location: "http://[not a host") == .redirected(status: 301, origin: nil))
        #expect(ServiceError.redirected(status: 300, origin: nil).description == "The server answered 300 with a redirect; Agora does not follow redirects.")
    }
}
