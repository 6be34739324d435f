/// What a page's forms need from the request it answers: where they post and the session's
/// token against cross-site posts.
public struct WebPageContext: Sendable {
    /// The page's own path (`/events/1/comments`); its actions post under it.
    public let path: String
    /// The session's token, sent back by each form in its hidden `csrf` field.
    public let csrfToken: String

    /// - Parameters:
    ///   - path: the page's path.
    ///   - csrfToken: the session's token for forms.
    public init(path: String, csrfToken: String) {
        self.path = path
        self.csrfToken = csrfToken
    }

    /// A form that posts `action` to `<path>/<action>` (`<path>/<row>/<action>` for a row's
    /// action) with one button.
    ///
    /// - Parameters:
    ///   - action: the action's name, the button's value.
    ///   - label: what the button says.
    ///   - row: the 0-based row the action is about, if any.
    ///   - disabled: whether the button is shown but cannot be pressed.
    public func button(_ action: StaticString, label: String, row: Int? = nil, disabled: Bool = false) -> HTML {
        let target = row.map { "\(path)/\($0)/\(action)" } ?? "\(path)/\(action)"
        return form(posting: target, [Self.button(action, label: label, disabled: disabled)])
    }

    /// A form that posts to `target` with the hidden token and `fields`.
    ///
    /// - Parameters:
    ///   - target: a path of this app.
    ///   - fields: the form's fields and buttons.
    public func form(posting target: String, _ fields: [HTML]) -> HTML {
        .element(
            "form", ["method": "post", "action": target],
            [.element("input", ["type": "hidden", "name": "csrf", "value": csrfToken])] + fields)
    }

    /// A submit button of a form: `name="action"` with `action` as its value.
    ///
    /// - Parameters:
    ///   - action: the action's name.
    ///   - label: what the button says.
    ///   - disabled: whether it is shown but cannot be pressed.
    public static func button(_ action: StaticString, label: String, disabled: Bool = false) -> HTML {
        var attributes = [HTML.Attribute("type", "submit"), HTML.Attribute("name", "action"), HTML.Attribute("value", "\(action)")]
        if disabled { attributes.append(HTML.Attribute("disabled")) }
        return .element("button", attributes: attributes, [.text(label)])
    }

    /// A text field of a form, labelled.
    ///
    /// - Parameters:
    ///   - name: the field's name in the posted form.
    ///   - label: what the label says.
    ///   - type: the input's type (`text`, `email`, `password`).
    ///   - value: what the field holds when shown.
    public static func field(_ name: StaticString, label: String, type: StaticString = "text", value: String = "") -> HTML {
        .element(
            "label",
            [.text(label), .text(" "), .element("input", ["type": "\(type)", "name": "\(name)", "value": value, "autocomplete": "off"])])
    }
}
