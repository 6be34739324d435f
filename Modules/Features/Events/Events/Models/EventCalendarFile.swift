import AgoraModels
import Foundation

/// An event as an iCalendar file (RFC 5545) that a member adds to their own calendar.
///
/// One `VEVENT`: the event's title, place and summary, its start and end in UTC (so a calendar
/// shows them in its own time zone), and a UID of the event's own, so adding it again updates
/// the entry instead of doubling it. Text from the service is escaped as the RFC says and loses
/// its control characters, so no title can end a line or add a property.
public struct EventCalendarFile: Hashable, Sendable {
    /// A name to save it under: the title's ASCII letters and digits, then `.ics`
    /// ("rust-meetup.ics"); `event-<id>.ics` for a title with none.
    public let fileName: String
    /// The file: lines ended by CRLF and folded at 75 octets.
    public let text: String

    /// - Parameters:
    ///   - event: the event to add.
    ///   - madeAt: when the file is made, its `DTSTAMP`.
    public init(event: EventDetail, madeAt: Date) {
        let lines = [
            "BEGIN:VCALENDAR",
            "VERSION:2.0",
            "PRODID:-//Agora//Events//EN",
            "BEGIN:VEVENT",
            "UID:event-\(event.id)@agora",
            "DTSTAMP:\(Self.utc(madeAt))",
            "DTSTART:\(Self.utc(event.startsAt.date))",
            "DTEND:\(Self.utc(event.endsAt.date))",
            "SUMMARY:\(Self.escaped(event.title))",
            "LOCATION:\(Self.escaped(event.venue))",
            "DESCRIPTION:\(Self.escaped(event.summary))",
            "END:VEVENT",
            "END:VCALENDAR",
        ]
        text = lines.map { Self.folded($0) + "\r\n" }.joined()
        fileName = Self.fileName(title: event.title, id: event.id)
    }

    /// `date` as a UTC date-time: `20261201T190000Z`.
    static func utc(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .gmt
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        let fields = [parts.year, parts.month, parts.day, parts.hour, parts.minute, parts.second].map { $0 ?? 0 }
        return String(format: "%04ld%02ld%02ldT%02ld%02ld%02ldZ", fields[0], fields[1], fields[2], fields[3], fields[4], fields[5])
    }

    /// `text` as an iCalendar TEXT value: backslash, semicolon and comma escaped, each line
    /// break as `\n`, and every other control character but the tab left out.
    static func escaped(_ text: String) -> String {
        var value = ""
        for character in text {
            switch character {
            case "\\": value += "\\\\"
            case ";": value += "\\;"
            case ",": value += "\\,"
            case _ where character.isNewline: value += "\\n"
            default:
                value.unicodeScalars.append(
                    contentsOf: character.unicodeScalars.filter { $0 == "\t" || $0.properties.generalCategory != .control })
            }
        }
        return value
    }

    /// `line` folded as RFC 5545 asks: at most 75 octets a line, each further line starting
    /// with a space, never inside a character's UTF-8 bytes.
    static func folded(_ line: String) -> String {
        var folded = ""
        var octets = 0
        for scalar in line.unicodeScalars {
            let size = String(scalar).utf8.count
            if octets + size > 75 {
                folded += "\r\n "
                octets = 1
            }
            folded.unicodeScalars.append(scalar)
            octets += size
        }
        return folded
    }

    static func fileName(title: String, id: Event.ID) -> String {
        var name = ""
        for scalar in title.lowercased().unicodeScalars {
            if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
                name.unicodeScalars.append(scalar)
            } else if !name.isEmpty, !name.hasSuffix("-") {
                name += "-"
            }
        }
        name = String(name.prefix(60))
        while name.hasSuffix("-") { name.removeLast() }
        return (name.isEmpty ? "event-\(id)" : name) + ".ics"
    }
}
