/// A piece of a web page, made only of typed parts: elements whose names and attribute names
/// are written in the code, text that is always escaped, and links to the app's own script and
/// style sheet.
///
/// There is no way to put a `String` into a page unescaped: ``text(_:)`` and attribute values
/// escape what they get (and clean it with ``UntrustedText/cleaned(_:)``), element and attribute
/// names are `StaticString`s, and ``script(at:)`` and ``styleSheet(at:)`` take only the path of
/// one of the app's own files as a `StaticString`, which only the source code can write. A
/// member's comment, a server's error or a cached title therefore renders as what it says,
/// never as markup.
///
/// Escaped text can still run where a browser reads code rather than text, so those places are
/// closed too: ``element(_:attributes:_:)`` refuses the elements whose content is code or another
/// document (`script`, `style`, `iframe`, `object`, `embed`, `base`) and the attributes that
/// run code (`on…`, `style`, `srcdoc`, `formaction`), and a link (`href`, `src`, `action`) can
/// only lead to a path of this app: any other value becomes `#`, so no `javascript:` URL is made.
///
/// ```swift
/// let row: HTML = .element("tr", ["data-row": "0"], [.element("td", [.text(event.title)])])
/// ```
public struct HTML: Sendable {
    /// What the part is, as built: text is kept as given and escaped only when the page is
    /// rendered, so building a page (on the main actor, from a ViewModel's outputs) costs little,
    /// and rendering it can run anywhere (``rendered``).
    fileprivate indirect enum Node: Sendable {
        /// Markup this file wrote (the doctype, a script's tag).
        case markup(String)
        /// Text, cleaned and escaped when rendered.
        case text(String)
        /// An element: its name, its attributes, and its children (none for a void element).
        case element(name: String, attributes: [Attribute], children: [Node], isVoid: Bool)
        /// Parts one after another.
        case group([Node])
    }

    fileprivate let node: Node

    private init(_ node: Node) {
        self.node = node
    }

    /// The page as text, for the response body: every text cleaned and escaped here, so the
    /// host may render a page off the main actor, from the values it was built of.
    public var rendered: String {
        var output = ""
        // A page is some tens of KiB: room for it at once, rather than growing it several times.
        output.reserveCapacity(32 * 1024)
        Self.render(node, into: &output)
        return output
    }

    /// Nothing: for a part a page shows only sometimes.
    public static let empty = HTML(.group([]))

    /// `text` as the page shows it (a title, a comment, a server's error): cleaned of what would act on the reader or hide in the text
    /// (``UntrustedText/cleaned(_:)``) and escaped, so it can only ever be text.
    public static func text(_ text: String) -> HTML {
        HTML(.text(text))
    }

    /// The element `name` with `attributes` (values escaped, in the order given) and `children`.
    /// An element that has no end tag in HTML (`input`, `meta`, `br`) ignores `children`.
    ///
    /// - Parameters:
    ///   - name: the element's name, as the source writes it.
    ///   - attributes: its attributes; their values are escaped.
    ///   - children: what it holds.
    public static func element(
        _ name: StaticString, _ attributes: KeyValuePairs<StaticString, String> = [:], _ children: [HTML] = []
    ) -> HTML {
        element(name, attributes: attributes.map { Attribute($0.key, $0.value) }, children)
    }

    /// The element `name` with no attributes, around `children`.
    ///
    /// - Parameters:
    ///   - name: the element's name, as the source writes it.
    ///   - children: what it holds.
    public static func element(_ name: StaticString, _ children: [HTML]) -> HTML {
        element(name, attributes: [], children)
    }

    /// The element `name` with `attributes` and `children`, for attributes chosen as the page is
    /// made (a `disabled` only sometimes).
    ///
    /// - Parameters:
    ///   - name: the element's name, as the source writes it.
    ///   - attributes: its attributes, in order.
    ///   - children: what it holds.
    public static func element(_ name: StaticString, attributes: [Attribute], _ children: [HTML] = []) -> HTML {
        let name = "\(name)"
        precondition(
            !HTMLEscaping.codeElements.contains(name), "<\(name)> holds code: use HTML.script(at:) or HTML.styleSheet(at:), which link the app's own files"
        )
        let isVoid = HTMLEscaping.voidElements.contains(name)
        return HTML(.element(name: name, attributes: attributes, children: isVoid ? [] : children.map(\.node), isVoid: isVoid))
    }

    /// `parts` one after another, with no element around them.
    public static func group(_ parts: [HTML]) -> HTML {
        HTML(.group(parts.map(\.node)))
    }

    /// The app's own script at `path` (a path of the app, written in the source). Pages hold no
    /// inline script, so a page's Content-Security-Policy can forbid every script but the app's.
    public static func script(at path: StaticString) -> HTML {
        HTML(.markup("<script src=\"\(HTMLEscaping.escaped(HTMLEscaping.localURL("\(path)", in: "src")))\"></script>"))
    }

    /// The app's own style sheet at `path` (a path of the app, written in the source). Pages
    /// hold no inline style, so a page's Content-Security-Policy can forbid every other.
    public static func styleSheet(at path: StaticString) -> HTML {
        element("link", ["rel": "stylesheet", "href": "\(path)"])
    }

    /// A whole page: the doctype, `head` and `body`.
    ///
    /// - Parameters:
    ///   - title: the page's title, as text.
    ///   - head: what the head holds besides the charset and the title.
    ///   - body: what the body holds.
    public static func document(title: String, head: [HTML], body: [HTML]) -> HTML {
        let page = element(
            "html", ["lang": "en"],
            [
                element("head", [element("meta", ["charset": "utf-8"]), element("title", [text(title)])] + head),
                element("body", body),
            ])
        return HTML(.group([.markup("<!DOCTYPE html>\n"), page.node]))
    }

    /// One attribute of an element: its name written in the source, its value escaped when the
    /// page is rendered.
    public struct Attribute: Sendable {
        fileprivate let name: String
        /// The value as given (a link already made local); `nil` for an attribute with none.
        fileprivate let value: String?

        /// - Parameters:
        ///   - name: the attribute's name, as the source writes it.
        ///   - value: its value; escaped and cleaned, so it cannot end the attribute.
        public init(_ name: StaticString, _ value: String) {
            HTMLEscaping.checkAttribute(name)
            self.name = "\(name)"
            self.value = HTMLEscaping.urlAttributes.contains(self.name) ? HTMLEscaping.localURL(value, in: self.name) : value
        }

        /// An attribute with no value (`disabled`, `hidden`).
        ///
        /// - Parameter name: the attribute's name, as the source writes it.
        public init(_ name: StaticString) {
            HTMLEscaping.checkAttribute(name)
            self.name = "\(name)"
            value = nil
        }
    }

    private static func render(_ node: Node, into output: inout String) {
        switch node {
        case .markup(let markup):
            output += markup
        case .text(let text):
            output += HTMLEscaping.escaped(UntrustedText.cleaned(text))
        case .element(let name, let attributes, let children, let isVoid):
            // Piece by piece into `output`: `a + b` would make a string of its own first.
            output += "<"
            output += name
            for attribute in attributes {
                output += " "
                output += attribute.name
                if let value = attribute.value {
                    output += "=\""
                    output += HTMLEscaping.escaped(UntrustedText.cleaned(value))
                    output += "\""
                }
            }
            output += ">"
            guard !isVoid else { return }
            for child in children { render(child, into: &output) }
            output += "</"
            output += name
            output += ">"
        case .group(let parts):
            for part in parts { render(part, into: &output) }
        }
    }
}

/// How text becomes markup that can only be text.
enum HTMLEscaping {
    /// The elements HTML closes by itself.
    static let voidElements: Set<String> = ["input", "meta", "br", "link", "hr", "img"]

    /// Elements whose content a browser runs or loads as a document: text in them would be code.
    static let codeElements: Set<String> = ["script", "style", "iframe", "object", "embed", "base"]

    /// Attributes whose value is a URL the browser follows or loads.
    static let urlAttributes: Set<String> = ["href", "src", "action"]

    /// Stops at an attribute whose value a browser runs: an event handler, a style, a nested
    /// document, a form's other target. Such a name is written in the source, so any test that
    /// renders it finds the mistake.
    static func checkAttribute(_ name: StaticString) {
        let text = "\(name)".lowercased()
        precondition(!text.hasPrefix("on") && !["style", "srcdoc", "formaction"].contains(text), "the attribute \(text) runs code; pages have none")
    }

    /// `value` when it is a path of this app (`/events/1`, `#top`) or, for a link's `href`, a
    /// file to save of a type a browser never runs (``SavedFile``); else `#`: a link never leads
    /// to another site or runs a `javascript:` URL, and nothing else loads a `data:` URL.
    static func localURL(_ value: String, in attribute: String) -> String {
        let isPath = value.hasPrefix("/") && !value.hasPrefix("//") && !value.contains("\\")
        let isSavedFile = attribute == "href" && SavedFile.MediaType.allCases.contains { value.hasPrefix(SavedFile.prefix($0)) }
        return isPath || isSavedFile || value.hasPrefix("#") ? value : "#"
    }

    /// `text` with the five characters that can end text or an attribute value replaced by
    /// their references.
    static func escaped(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0x27 }) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 16)
        for character in text.unicodeScalars {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.unicodeScalars.append(character)
            }
        }
        return result
    }
}
