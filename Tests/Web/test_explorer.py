"""The architecture beside the screen: the explorer panel, as the REPL's `trace on`, `stack`, `container`."""
import unittest

from selenium.webdriver.support.select import Select

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

    def test_given_the_explorer_on_when_its_forms_send_an_input_and_resolve_a_type_then_the_page_and_the_panel_show_them(self):
        page = self.browser().open("/events")
        self.toggle(page)
        rows_before = len(page.rows())
        sending = 'aside#explorer form[action="/_explorer/send"]:has(input[name="input"][value="willDisplayRow"])'
        arguments = page.driver.find_elements("css selector", f'{sending} input[name^="argument"]')
        self.assertEqual(len(arguments), 2, "a field for each of willDisplayRow's parameters")
        arguments[0].send_keys(str(rows_before - 1))
        arguments[1].send_keys(str(rows_before))

        page.submit_by(lambda: page.driver.find_element("css selector", f"{sending} button"), "Send willDisplayRow")

        page.wait(lambda _: len(page.rows()) > rows_before, "the next page did not load")
        self.assertIn(f"input EventsListViewModel.willDisplayRow({rows_before - 1}, {rows_before})", self.panel_text(page))

        Select(page.driver.find_element("css selector", 'aside#explorer select[name="type"]')).select_by_visible_text("EventsFetchable")
        page.submit_by(lambda: page.driver.find_element("css selector", 'aside#explorer form[action="/_explorer/resolve"] button'), "Resolve")

        self.assertRegex(self.panel_text(page), r"Resolved EventsFetchable in [\d.]+ ms, 2 steps:\s+EventsFetchable\s+\(the shared EventsUseCase")


if __name__ == "__main__":
    unittest.main()
