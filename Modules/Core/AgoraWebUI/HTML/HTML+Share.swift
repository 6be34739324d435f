extension HTML {
    /// A link that shares `path`, a page of the app: the page's script opens the system's share
    /// sheet where there is one, else copies the link and says so; without script it is a link
    /// to the page, to copy as any link.
    public static func shareLink(_ label: String, to path: String, class look: String) -> HTML {
        element("a", ["class": look, "href": path, "data-share": ""], [text(label)])
    }
}
