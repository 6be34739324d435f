import Foundation

/// A file a page offers to save, carried in its link (a `data:` URL with `download`): saving it
/// costs no request and needs no script, and only a type that a browser saves, never runs, can
/// be offered.
public struct SavedFile: Sendable, Hashable {
    /// The types a page may offer to save.
    public enum MediaType: String, Sendable, CaseIterable {
        /// An iCalendar file (RFC 5545), which the visitor's calendar opens.
        case calendar = "text/calendar"
    }

    /// The name the browser saves it under.
    public let name: String
    public let mediaType: MediaType
    /// The file's text, saved as UTF-8.
    public let text: String

    public init(name: String, mediaType: MediaType, text: String) {
        self.name = name
        self.mediaType = mediaType
        self.text = text
    }

    /// The file as a `data:` URL: every byte but RFC 3986's unreserved characters escaped.
    var dataURL: String {
        Self.prefix(mediaType) + (text.addingPercentEncoding(withAllowedCharacters: Self.unreserved) ?? "")
    }

    /// What a `data:` URL of `type` starts with; a link starting so is let through as a file.
    static func prefix(_ type: MediaType) -> String {
        "data:\(type.rawValue);charset=utf-8,"
    }

    private static let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
}

extension HTML {
    /// A link that saves `file` under its name, with `label` as its words, looking as `look`
    /// says (`"button quiet"`).
    public static func link(_ label: String, saving file: SavedFile, class look: String) -> HTML {
        element("a", ["class": look, "href": file.dataURL, "download": file.name], [text(label)])
    }
}
