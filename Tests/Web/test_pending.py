"""An action slower than a moment shows that it is on its way, as a reader of a slow connection
needs: agora-web here answers every request of the mock after 4 s (AGORA_MOCK_LATENCY)."""
import time
import unittest

from agora_web import WAIT, BrowserTest


class PendingTests(BrowserTest):
    extra_environment = {"AGORA_MOCK_LATENCY": "4000"}

    def pending(self, page):
        return page.driver.execute_script(
            "var main = document.getElementById('screen');"
            "return document.documentElement.classList.contains('pending') && !!main && main.getAttribute('aria-busy') === 'true';")

    def test_given_a_slow_answer_when_more_is_pressed_then_the_page_says_it_is_on_its_way_until_the_next_page_shows(self):
        page = self.browser().open("/events")
        self.assertFalse(self.pending(page), "a page at rest is not busy")
        rows = len(page.row_texts())
        mark = page.mark()

        # Clicked from the page's own script, so the test reads the page while the answer is awaited.
        page.driver.execute_script("document.querySelector('button[name=action][value=more]').click();")

        deadline = time.monotonic() + WAIT
        seen = False
        while time.monotonic() < deadline and not page.answered_since(mark):
            if self.pending(page):
                seen = True
                break
            time.sleep(0.05)
        self.assertTrue(seen, "the page dimmed and <main> was aria-busy while the answer was awaited")
        page.wait(lambda _: page.answered_since(mark), "no answer to More")
        self.assertFalse(self.pending(page), "the answered page is at rest")
        self.assertGreater(len(page.row_texts()), rows, "More still did its work")

    def test_given_a_slow_answer_when_a_link_is_followed_then_the_page_says_it_is_on_its_way(self):
        page = self.browser().open("/events")
        mark = page.mark()
        # The driver answers nothing while a navigation is under way, so the page itself notes
        # what it showed, in this tab's storage, which the next page of the tab can read.
        page.driver.execute_script(
            "sessionStorage.removeItem('saw-pending');"
            "new MutationObserver(function () {"
            "  var main = document.getElementById('screen');"
            "  if (document.documentElement.classList.contains('pending') && main && main.getAttribute('aria-busy') === 'true')"
            "    sessionStorage.setItem('saw-pending', '1');"
            "}).observe(document.documentElement, {attributes: true, subtree: true, attributeFilter: ['class', 'aria-busy']});")

        page.driver.execute_script("document.querySelector('main#screen ol.rows a[href]').click();")

        page.wait(lambda _: page.answered_since(mark), "no new page after the link")
        self.assertEqual(page.driver.execute_script("return sessionStorage.getItem('saw-pending')"), "1",
                         "following a link shows the same sign while the next page is awaited")
        self.assertFalse(self.pending(page), "the next page is at rest")

if __name__ == "__main__":
    unittest.main()
