/// What a page's parts need from the request it answers: where forms post, the session's token
/// against cross-site posts, and the links of the member's account menu.
public struct WebPageContext: Sendable {
    /// The page's own path (`/events/1/comments`); its actions post under it.
    public let path: String
    /// The session's token, sent back by each form in its hidden `csrf` field.
    public let csrfToken: String
    /// The places the plugins put in the member's account menu (``WebMenuPlace/account``), for
    /// the part that draws that menu; a feature names none of another's.
    public let accountMenu: [WebMenuLink]

    /// - Parameters:
    ///   - path: the page's path.
    ///   - csrfToken: the session's token for forms.
    ///   - accountMenu: the links of the member's account menu.
    public init(path: String, csrfToken: String, accountMenu: [WebMenuLink] = []) {
        self.path = path
        self.csrfToken = csrfToken
        self.accountMenu = accountMenu
    }

    /// A form that posts `action` to `<path>/<action>` (`<path>/<id>/<action>` for a row's
    /// action) with one button.
    ///
    /// - Parameters:
    ///   - action: the action's name, the button's value.
    ///   - label: what the button says.
    ///   - item: the id of the row the action is about, if any (``WebAction/item``): a path
    ///     segment, as a row's id describes itself (`42`, `draft-7`).
    ///   - disabled: whether the button is shown but cannot be pressed.
    ///   - look: how much the button stands out among the page's others.
    public func button(_ action: StaticString, label: String, item: String? = nil, disabled: Bool = false, look: WebButtonLook = .plain) -> HTML {
        let target = item.map { "\(path)/\($0)/\(action)" } ?? "\(path)/\(action)"
        return form(posting: target, [Self.button(action, label: label, disabled: disabled, look: look)])
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
    ///   - look: how much it stands out among the page's other buttons.
    public static func button(_ action: StaticString, label: String, disabled: Bool = false, look: WebButtonLook = .plain) -> HTML {
        var attributes = [HTML.Attribute("type", "submit"), HTML.Attribute("name", "action"), HTML.Attribute("value", "\(action)")]
        if let name = look.className { attributes.append(HTML.Attribute("class", name)) }
        if disabled { attributes.append(HTML.Attribute("disabled")) }
        return .element("button", attributes: attributes, [.text(label)])
    }

    /// A text field of a form, its label above it.
    ///
    /// - Parameters:
    ///   - name: the field's name in the posted form; also its id, so one page has one of each.
    ///   - label: what the label says.
    ///   - type: the input's type (`text`, `email`, `password`).
    ///   - value: what the field holds when shown.
    ///   - autocomplete: what a browser may fill in (`email`, `current-password`,
    ///     `one-time-code`); `off` by default.
    ///   - inputMode: the keyboard a phone shows (`numeric`), if not the type's.
    public static func field(
        _ name: StaticString, label: String, type: StaticString = "text", value: String = "", autocomplete: StaticString = "off",
        inputMode: StaticString? = nil
    ) -> HTML {
        var attributes = [
            HTML.Attribute("id", "field-\(name)"), HTML.Attribute("type", "\(type)"), HTML.Attribute("name", "\(name)"),
            HTML.Attribute("value", value), HTML.Attribute("autocomplete", "\(autocomplete)"),
        ]
        if let inputMode { attributes.append(HTML.Attribute("inputmode", "\(inputMode)")) }
        return .element(
            "div", ["class": "field"],
            [.element("label", ["for": "field-\(name)"], [.text(label)]), .element("input", attributes: attributes)])
    }

    /// Buttons (each a form of its own, or a link) side by side, wrapping on a narrow screen.
    ///
    /// - Parameter buttons: the buttons, in reading order, the main one first.
    public static func actions(_ buttons: [HTML]) -> HTML {
        .element("div", ["class": "actions"], buttons)
    }
}
