extension PageAssets {
    /// What script adds to pages that work without it, written by hand (no build step):
    ///
    /// - **A form is sent without leaving the page.** The answer's parts (header, `<main>`, the
    ///   explorer, footer) replace the page's, so the scroll stays, focus returns to the button
    ///   pressed (or its row, or the heading when the row went), what was typed in the page's
    ///   other forms is kept, and the browser's history gets no entry. An answer that leads to
    ///   another page (a login finished) is followed as a link is. A form that cannot be sent
    ///   says so on the page, with what was typed still in it.
    /// - **An action slower than 300 ms shows that it is on its way**: the page dims, a bar runs
    ///   along the top edge and `<main>` is `aria-busy`, until the answer shows (a page the
    ///   browser restores from its back-forward cache clears it).
    /// - **`<main>` (and the explorer) is fetched again when the server says the page changed.**
    ///   While a field of the page has focus or holds text, the page is left as it is and looked
    ///   at again a second later, so nothing a person types is lost or detached.
    ///
    /// - **A share link shares** (`HTML.shareLink(_:to:class:)`): the system's share sheet where
    ///   there is one, else the link is copied and says so. Without script it is a link to the
    ///   page, to copy as any link.
    ///
    /// `<html data-sent>` counts the forms answered in place, for a test to wait on.
    static let script: StaticString = """
        (function () {
          var root = document.documentElement;
          var timer = null;
          function busy(on) {
            clearTimeout(timer);
            root.classList.toggle('pending', on);
            var main = document.getElementById('screen');
            if (main) { if (on) main.setAttribute('aria-busy', 'true'); else main.removeAttribute('aria-busy'); }
          }
          function soon() { clearTimeout(timer); timer = setTimeout(function () { busy(true); }, 300); }
          window.addEventListener('pageshow', function () { busy(false); });
          document.addEventListener('click', function (event) {
            var link = event.target.closest ? event.target.closest('a[href]') : null;
            if (!link || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
            if (link.hasAttribute('data-share')) { share(link, event); return; }
            if (link.target || link.hasAttribute('download') || link.origin !== location.origin) return;
            if (link.hash && link.pathname === location.pathname && link.search === location.search) return;
            soon();
          });

          function share(link, event) {
            var page = { title: document.title, url: link.href };
            if (navigator.share) {
              event.preventDefault();
              navigator.share(page).catch(function () {});
            } else if (navigator.clipboard && window.isSecureContext) {
              event.preventDefault();
              navigator.clipboard.writeText(page.url).then(function () {
                var label = link.textContent;
                link.textContent = 'Link copied';
                setTimeout(function () { link.textContent = label; }, 3000);
              }, function () { location.href = page.url; });
            }
          }

          var typingFields = 'textarea, input[type=text], input[type=email], input[type=password]';
          function swap(fresh, selectors) {
            selectors.forEach(function (selector) {
              var now = document.querySelector(selector), next = fresh.querySelector(selector);
              if (now && next) now.replaceWith(next);
              else if (next) document.body.insertBefore(next, document.querySelector('body > footer, body > script'));
              else if (now) now.remove();
            });
          }
          function place(element) {
            if (!element || !element.closest || element === document.body) return null;
            var row = element.closest('li[id]'), form = element.closest('form');
            return { row: row ? row.id : null, action: form ? form.getAttribute('action') : null, name: element.name || null,
                     value: element.tagName === 'BUTTON' ? element.value : null };
          }
          function focusable(element) { if (!element.matches('a[href], button, input, textarea, select')) element.setAttribute('tabindex', '-1'); return element; }
          function refocus(where) {
            if (!where) return;
            var scope = where.row ? document.getElementById(where.row) : document.getElementById('screen');
            var target = null;
            if (scope && where.name) {
              target = Array.prototype.find.call(scope.querySelectorAll('[name]'), function (field) {
                var form = field.closest('form');
                return field.name === where.name && (where.value === null || field.value === where.value) &&
                  (form ? form.getAttribute('action') : null) === where.action;
              }) || null;
            }
            if (!target && where.row && scope) target = focusable(scope);
            if (!target) { var heading = document.querySelector('#screen h1'); if (heading) target = focusable(heading); }
            if (target) target.focus({ preventScroll: true });
          }
          function typedElsewhere(sent) {
            var kept = [];
            document.querySelectorAll('#screen form').forEach(function (form) {
              if (form === sent) return;
              form.querySelectorAll(typingFields).forEach(function (field) {
                if (field.value && field.type !== 'password') kept.push([form.getAttribute('action'), field.name, field.value]);
              });
            });
            return kept;
          }
          function putBack(kept) {
            kept.forEach(function (entry) {
              var form = Array.prototype.find.call(document.querySelectorAll('#screen form'), function (candidate) { return candidate.getAttribute('action') === entry[0]; });
              var field = form ? form.elements.namedItem(entry[1]) : null;
              if (field && 'value' in field && !field.value) field.value = entry[2];
            });
          }
          function unsent(form) {
            var main = document.getElementById('screen'), note = document.createElement('p');
            note.className = 'error';
            note.setAttribute('role', 'alert');
            note.textContent = 'Agora could not be reached, so this may not have been sent. Check your connection, then try again.';
            (form.closest('#screen') ? form : main).insertAdjacentElement('beforebegin', note);
          }
          var sending = false, answered = 0;
          if (window.fetch && window.DOMParser && window.URLSearchParams && window.FormData) {
            document.addEventListener('submit', function (event) {
              var form = event.target;
              if (event.defaultPrevented || (form.getAttribute('method') || '').toLowerCase() !== 'post') return;
              event.preventDefault();
              if (sending) return;
              sending = true;
              var data = new FormData(form), submitter = event.submitter;
              if (submitter && submitter.name) data.append(submitter.name, submitter.value);
              var where = place(submitter || document.activeElement), kept = typedElsewhere(form);
              soon();
              // A form's `action` property is its button named so: the attribute is the address.
              fetch(new URL(form.getAttribute('action') || location.pathname, location.href).href, { method: 'POST', body: new URLSearchParams(data), credentials: 'same-origin' })
                .then(function (response) {
                  if (response.redirected && new URL(response.url).pathname !== location.pathname) { location.assign(response.url); return; }
                  return response.text().then(function (text) {
                    var fresh = new DOMParser().parseFromString(text, 'text/html');
                    swap(fresh, ['header.bar', '#screen', '#explorer', 'footer.site']);
                    if (fresh.title) document.title = fresh.title;
                    putBack(kept);
                    refocus(where);
                    busy(false);
                    root.setAttribute('data-sent', String(++answered));
                  });
                })
                .catch(function () { busy(false); unsent(form); })
                .then(function () { sending = false; });
            });
          } else {
            document.addEventListener('submit', function (event) { if (!event.defaultPrevented) soon(); });
          }

          if (!window.EventSource || !window.fetch || !window.DOMParser) return;
          var source = new EventSource('/_live?path=' + encodeURIComponent(location.pathname));
          var fetching = false, again = false, waiting = false;
          function typing() {
            var main = document.getElementById('screen');
            if (!main) return false;
            var focused = document.activeElement;
            if (focused && main.contains(focused) && focused.matches(typingFields)) return true;
            return Array.prototype.some.call(main.querySelectorAll(typingFields), function (field) { return field.value; });
          }
          function refetch() {
            if (fetching || sending) { again = true; return; }
            if (typing()) {
              if (!waiting) { waiting = true; setTimeout(function () { waiting = false; refetch(); }, 1000); }
              return;
            }
            fetching = true;
            fetch(location.pathname, { credentials: 'same-origin' })
              .then(function (response) { return response.text(); })
              .then(function (text) {
                if (typing() || sending) { again = true; return; }
                var where = place(document.activeElement);
                swap(new DOMParser().parseFromString(text, 'text/html'), ['#screen', '#explorer']);
                refocus(where);
              })
              .catch(function () {})
              .then(function () { fetching = false; if (again) { again = false; setTimeout(refetch, 0); } });
          }
          source.addEventListener('changed', refetch);
          // A newer tab of this browser (or of this address) follows its page now: no reconnecting.
          source.addEventListener('replaced', function () { source.close(); });
        })();
        """
}
