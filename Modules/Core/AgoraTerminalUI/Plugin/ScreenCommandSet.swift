/// The commands of one kind of screen a feature shows, as data: the REPL reads them while the
/// user is on another screen, so `help rsvp` on the events list can say where `rsvp` works
/// without the REPL knowing any feature.
public struct ScreenCommandSet: Sendable {
    /// Where the commands apply, as a person would say it ("an event's screen").
    public let place: String
    /// A link that opens such a screen ("agora://events/42"), for `open`.
    public let link: String
    /// The screen's own commands, as its ``Screen/commands`` lists them.
    public let commands: [ScreenCommand]

    public init(place: String, link: String, commands: [ScreenCommand]) {
        self.place = place
        self.link = link
        self.commands = commands
    }
}
