import AgoraAPI
import AgoraModels

extension REPLSession {
    /// One line that says what another member changed on the screen shown, for a terminal to
    /// show above the line being typed; `nil` when the change is not about that screen (or is
    /// the user's own comment).
    ///
    /// The change is in the cache already: the command the line names shows it.
    public func notice(of change: EventChange, on eventID: Event.ID) -> String? {
        guard let route = screens.top?.route, route.segments.count >= 2, route.segments[0] == "events", route.segments[1] == String(eventID) else {
            return nil
        }
        // An event's screen shows its counts, which its change tells; its comments' screen shows
        // the comments, which theirs tell.
        let isEventScreen = route.segments.count == 2
        switch change {
        case .commentPosted(let comment):
            guard !isEventScreen, comment.author.id != application.sessions.user?.id else { return nil }
            return "\(comment.author.name) commented on this event: `refresh` shows it."
        case .commentDeleted:
            guard !isEventScreen else { return nil }
            return "A comment on this event was deleted: `refresh` shows the thread as it is now."
        case .eventChanged(let event):
            guard isEventScreen else { return nil }
            let going = event.attendeeCount == 1 ? "1 member going" : "\(event.attendeeCount) members going"
            let comments = event.commentCount == 1 ? "1 comment" : "\(event.commentCount) comments"
            return "This event has \(going) and \(comments) now."
        case .missedSome:
            return "This event changed while agora was not listening: `refresh` shows it as it is now."
        }
    }

    /// One line that says what changed in the user's own feed while the feed is shown, for a
    /// terminal to show above the line being typed; `nil` for anything else. The user's answers
    /// from their other devices are in the cache too, and show the next time an event is shown,
    /// with no line: their own answer here comes back the same way, and would be told as news.
    public func notice(of change: MemberChange) -> String? {
        guard screens.top?.route.segments == ["activities"] else { return nil }
        switch change {
        case .feedEntryAdded(let activity):
            return "Your feed has something new about “\(activity.eventTitle)”: `refresh` shows it."
        case .feedEntryRemoved:
            return "An entry left your feed: `refresh` shows your feed as it is now."
        case .missedSome:
            return "Your feed changed while agora was not listening: `refresh` shows it as it is now."
        case .answered:
            return nil
        }
    }
}
