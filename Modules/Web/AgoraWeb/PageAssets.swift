/// The app's own files that every page links: the script that follows the page's changes and the
/// style sheet. They are served from these paths, never written inline, so every response's
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

    /// Reloads `<main>` (and the explorer) when the server says the page changed. Reading works
    /// without it. While a field of the page has focus or holds text, the page is left as it is
    /// and looked at again a second later, so nothing a person types is lost or detached.
    static let script: StaticString = """
        (function () {
          if (!window.EventSource || !window.fetch || !window.DOMParser) return;
          var source = new EventSource('/_live?path=' + encodeURIComponent(location.pathname));
          var busy = false, again = false, waiting = false;
          var fields = 'textarea, input[type=text], input[type=email], input[type=password]';
          function typing() {
            var main = document.getElementById('screen');
            if (!main) return false;
            var focused = document.activeElement;
            if (focused && main.contains(focused) && focused.matches(fields)) return true;
            return Array.prototype.some.call(main.querySelectorAll(fields), function (field) { return field.value; });
          }
          function swap(fresh, id) {
            var now = document.getElementById(id), next = fresh.getElementById(id);
            if (now && next) now.replaceWith(next);
            else if (next) document.body.insertBefore(next, document.body.querySelector('body > footer, body > script'));
            else if (now) now.remove();
          }
          function refetch() {
            if (busy) { again = true; return; }
            if (typing()) {
              if (!waiting) { waiting = true; setTimeout(function () { waiting = false; refetch(); }, 1000); }
              return;
            }
            busy = true;
            fetch(location.pathname, { credentials: 'same-origin' })
              .then(function (response) { return response.text(); })
              .then(function (text) {
                if (typing()) { again = true; return; }
                var fresh = new DOMParser().parseFromString(text, 'text/html');
                swap(fresh, 'screen');
                swap(fresh, 'explorer');
              })
              .catch(function () {})
              .then(function () { busy = false; if (again) { again = false; refetch(); } });
          }
          source.addEventListener('changed', refetch);
          // A newer tab of this browser (or of this address) follows its page now: no reconnecting.
          source.addEventListener('replaced', function () { source.close(); });
        })();
        """
}
