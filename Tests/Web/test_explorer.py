"""The architecture beside the screen: the explorer panel, as the REPL's `trace on`, `stack`, `container`."""
import unittest

from agora_web import BrowserTest


class ExplorerTests(BrowserTest):
    def panel_text(self, page):
        texts = page.texts("aside#explorer")
        return texts[0] if texts else None

    def toggle(self, page):
        page.submit_by(lambda: page.driver.find_element("css selector", 'form[action="/_explorer"] button'), "explorer")

    def test_given_a_session_when_it_turns_the_explorer_on_then_every_page_shows_the_viewmodel_at_work(self):
        page = self.browser().open("/events")
        other = self.browser().open("/events")
        self.assertIsNone(self.panel_text(page), "off by default")

        self.toggle(page)
        page.press("more")

        text = page.wait(lambda _: self.panel_text(page), "no <aside id=explorer> after turning it on")
        for expected in [r"input\s+EventsListViewModel\.", r"output\s+EventsListViewModel\.", r"request\s+fetchEvents",
                         r"EventsListCoordinator", r"EventsUseCase\s+container"]:
            self.assertRegex(text, expected, "the trace, the stack and the container")
        page.open("/events/1")
        self.assertIsNotNone(self.panel_text(page), "on for every page of the session")
        other.open("/events")
        self.assertIsNone(self.panel_text(other), "another session's explorer stays off")

    def test_given_the_explorer_on_when_it_is_toggled_again_then_the_panel_goes(self):
        page = self.browser().open("/events")
        self.toggle(page)
        self.assertIsNotNone(self.panel_text(page))

        self.toggle(page)

        self.assertIsNone(self.panel_text(page))


if __name__ == "__main__":
    unittest.main()
