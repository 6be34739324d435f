"""What the web view guarantees whatever a page is sent: CSRF tokens, cookie attributes, hostile
text shown as text, and a Content-Security-Policy that runs no script but the app's."""
import http.cookiejar
import unittest
import urllib.error
import urllib.parse
import urllib.request
import uuid

from agora_web import ALICE, BrowserTest


class SecurityTests(BrowserTest):
    def test_given_a_session_when_its_cookie_is_read_then_it_is_http_only_same_site_lax_for_every_path(self):
        page = self.browser().open("/events")

        cookie = page.driver.get_cookie("agora_session")

        self.assertIsNotNone(cookie, "the session cookie is agora_session")
        self.assertTrue(cookie["httpOnly"])
        self.assertEqual(cookie.get("sameSite"), "Lax")
        self.assertEqual(cookie["path"], "/")
        self.assertNotIn("agora_session", page.driver.execute_script("return document.cookie"), "no script reads it")

    def test_given_a_page_when_a_script_is_put_into_it_then_its_policy_stops_it_and_the_apps_own_style_and_script_run(self):
        page = self.browser().open("/events")

        page.driver.execute_script(
            "var s = document.createElement('script'); s.textContent = 'window.agoraInline = 1'; document.body.appendChild(s);"
            "var t = document.createElement('script'); t.src = 'data:text/javascript,window.agoraData = 1'; document.body.appendChild(t);")

        page.wait(lambda driver: driver.execute_script("return document.readyState") == "complete", "page did not load")
        self.assertIsNone(page.driver.execute_script("return window.agoraInline"), "an inline script ran")
        self.assertIsNone(page.driver.execute_script("return window.agoraData"), "a data: script ran")
        bullets = page.driver.execute_script(
            "return getComputedStyle(document.querySelector('main#screen ol.rows')).listStyleType")
        self.assertEqual(bullets, "none", "the app's style sheet applies")
        sources = page.driver.execute_script(
            "return Array.prototype.map.call(document.scripts, function (s) { return s.getAttribute('src'); })")
        self.assertIn("/_assets/agora-web.js", sources, "the app's script is linked")

    def test_given_a_form_without_its_csrf_field_when_it_is_posted_then_a_page_says_nothing_was_sent(self):
        page = self.browser().open("/events")
        rows = page.row_texts()
        page.driver.execute_script("document.querySelectorAll('input[name=csrf]').forEach(field => field.remove())")

        page.press("more")

        self.assertEqual(page.title(), "Nothing was sent")
        self.assertIn("so nothing was sent.", page.body_text())
        page.open("/events")
        self.assertEqual(page.row_texts(), rows, "the refused `more` loaded nothing")

    def test_given_a_session_cookie_when_a_post_carries_another_token_then_the_answer_is_403(self):
        jar = http.cookiejar.CookieJar()
        opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
        with opener.open(self.web.url + "/events", timeout=30) as response:
            self.assertEqual(response.status, 200)
        self.assertIn("agora_session", [cookie.name for cookie in jar])

        for fields in [{}, {"csrf": "forged-" + uuid.uuid4().hex}]:
            request = urllib.request.Request(self.web.url + "/events/refresh", method="POST",
                                             data=urllib.parse.urlencode({"action": "refresh", **fields}).encode())
            with self.assertRaises(urllib.error.HTTPError) as refused:
                opener.open(request, timeout=30)
            self.assertEqual(refused.exception.code, 403, f"fields {list(fields)}")
            page = refused.exception.read().decode("utf-8", "replace")
            self.assertIn("<h1>Nothing was sent</h1>", page, f"fields {list(fields)}")

    def test_given_hostile_text_when_it_is_posted_then_the_page_shows_it_as_text_and_nothing_runs(self):
        page = self.browser().open("/login")
        page.log_in(ALICE)
        page.open("/events/1/comments")
        marker = uuid.uuid4().hex[:8]
        hostile = (f"<script>window.agoraPwned='{marker}'</script><img src=x onerror=\"window.agoraPwned='{marker}'\">"
                   f" <b>bold {marker}</b> \u202Egnp.exe")

        page.paste("text", hostile)
        page.press("post")

        shown = f"<b>bold {marker}</b>"
        row = page.wait(lambda _: page.row_with(shown), "the hostile comment is not a row showing its markup as text")
        self.assertIn(f"<script>window.agoraPwned='{marker}'</script>", row, "the script tag is shown as text")
        self.assertIsNone(page.driver.execute_script("return window.agoraPwned"), "no script of the comment ran")
        self.assertEqual(page.row_elements(shown, "script, img, b"), [], "no element was injected in the row")
        self.assertNotIn("\u202E", row, "the bidi override is made visible, not obeyed")
        self.assertIn("\uFFFD", row, "as the REPL: the removed control shows as U+FFFD")

    def test_given_an_escape_sequence_when_it_is_posted_then_a_one_line_error_and_no_escape_in_the_page(self):
        page = self.browser().open("/login")
        page.log_in(ALICE)
        page.open("/events/1/comments")

        page.paste("text", "title \x1b]0;pwned\x07 and \x1b[2J clear")
        page.press("post")

        errors = page.wait(lambda _: page.errors(), "no error on the page")
        self.assertEqual(len(errors), 1, f"{errors}")
        self.assertEqual(len(errors[0].splitlines()), 1)
        self.assertNotIn("\x1b", page.driver.page_source)
        self.assertNotIn("\x07", page.driver.page_source)


if __name__ == "__main__":
    unittest.main()
