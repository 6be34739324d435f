import Activities
import AgoraDI
import Auth
import Comments
import Events

/// The features' services an app's container holds, for a test that acts as a member through
/// them (another device, another member) while the app under test watches.
struct AppServices {
    let auth: any AuthService
    let events: any EventsService
    let comments: any CommentsService
    let activities: any ActivitiesService

    init(_ resolver: any Resolver) throws {
        auth = try resolver.resolve()
        events = try resolver.resolve()
        comments = try resolver.resolve()
        activities = try resolver.resolve()
    }
}
