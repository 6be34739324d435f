import AgoraAPI
import AgoraLive
import AgoraModels
import Foundation
import Testing

/// Every page the live service reads holds at most the items it asked for.
@Suite("Live service: pages no longer than asked for")
struct PageLengthTests {
    let token = AccessToken("token-1")

    func service(json: String) throws -> LiveService {
        LiveService(baseURL: try #require(URL(string: "http://127.0.0.1:9")), transport: ScriptedTransport(status: 200, json: json))
    }

    @Test("given 3 comments or 3 activities for a page of at most 2, then undecodable naming both counts")
    func longPagesRefused() async throws {
        let comment = #"{"id":1,"eventID":1,"author":{"id":1,"name":"A"},"body":"Hi","createdAt":"2030-01-01T10:00:00Z"}"#
        let comments = try service(json: #"{"items":[\#(comment),\#(comment),\#(comment)]}"#)
        await #expect(throws: ServiceError.undecodable("the server sent 3 items for a page of at most 2")) {
            try await comments.fetchComments(CommentsRequest(eventID: 1, limit: 2))
        }
        let activity = #"{"id":1,"kind":"rsvped","occurredAt":"2030-01-01T10:00:00Z","eventID":1,"eventTitle":"E"}"#
        let activities = try service(json: #"{"items":[\#(activity),\#(activity),\#(activity)]}"#)
        await #expect(throws: ServiceError.undecodable("the server sent 3 items for a page of at most 2")) {
            try await activities.fetchActivities(ActivitiesRequest(limit: 2), token: token)
        }
        let page = try await activities.fetchActivities(ActivitiesRequest(limit: 3), token: token)
        #expect(page.items.count == 3)
    }
}
