/// The app's own files that every page links: the script (``script``) and the style sheet
/// (``styleSheet``). They are served from these paths, never written inline, so every response's
/// Content-Security-Policy allows no script or style but these: text that got past the escaping
/// still could not run.
enum PageAssets {
    /// Where the script is served.
    static let scriptPath: StaticString = "/_assets/agora-web.js"
    /// Where the style sheet is served.
    static let styleSheetPath: StaticString = "/_assets/agora-web.css"
    /// Where the icon a browser shows in its tab is served.
    static let iconPath: StaticString = "/_assets/icon.svg"

    /// The app's icon: an A on the accent colour, drawn as strokes so it needs no font.
    static let icon: StaticString = """
        <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#3346c8"/>\
        <path d="M9 24 16 8l7 16M11.6 18.5h8.8" fill="none" stroke="#fff" stroke-width="3" stroke-linecap="round" stroke-linejoin="round"/></svg>
        """

    /// What every response says a page may load: its own scripts, styles, images and connections
    /// (the live stream), forms posted to itself, and no frame, plugin or base URL.
    static let contentSecurityPolicy =
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; form-action 'self'; "
        + "frame-ancestors 'none'; base-uri 'none'; object-src 'none'"
}
