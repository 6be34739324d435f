"""The architecture beside the screen: the explorer panel, as the REPL's `trace on`, `stack`, `container`."""
import unittest

from agora_web import BrowserTest


class ExplorerTests(BrowserTest):
    def panel(self, page):
        panels = page.driver.find_elements("css selector", "aside#explorer")
        return panels[0] if panels else None

    def toggle(self, page):
        page.submit_by(page.driver.find_element("css selector", 'form[action="/_explorer"] button'))

    def test_given_a_session_when_it_turns_the_explorer_on_then_every_page_shows_the_viewmodel_at_work(self):
        page = self.browser().open("/events")
        other = self.browser().open("/events")
        self.assertIsNone(self.panel(page), "off by default")

        self.toggle(page)
        page.press("more")

        panel = page.wait(lambda _: self.panel(page), "no <aside id=explorer> after turning it on")
        text = panel.text
        for expected in ["input EventsListViewModel.", "output EventsListViewModel.", "request fetchEvents"]:
            self.assertIn(expected, text, f"the trace shows {expected!r}")
        self.assertIn("EventsListViewModel", text)
        page.open("/events/1")
        self.assertIsNotNone(self.panel(page), "on for every page of the session")
        other.open("/events")
        self.assertIsNone(self.panel(other), "another session's explorer stays off")

    def test_given_the_explorer_on_when_it_is_toggled_again_then_the_panel_goes(self):
        page = self.browser().open("/events")
        self.toggle(page)
        self.assertIsNotNone(self.panel(page))

        self.toggle(page)

        self.assertIsNone(self.panel(page))


if __name__ == "__main__":
    unittest.main()
