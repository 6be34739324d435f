"""The events list and one event, as the REPL's `open agora://events`, `more`, `open <row>`, `rsvp`."""
import os
import re
import shutil
import tempfile
import unittest
from urllib.parse import urlsplit

from agora_web import ALICE, BOB, BOB_CODE, BrowserTest


class EventsTests(BrowserTest):
    def test_given_a_fresh_session_when_it_opens_the_root_then_it_lands_on_the_events_list(self):
        page = self.browser().open("/")

        self.assertEqual(page.path, "/events")
        self.assertEqual(len(page.driver.find_elements("css selector", "main#screen h1")), 1, "one <h1> in <main id=screen>")
        self.assertGreater(len(page.row_texts()), 0, "the upcoming events are rows")

    def test_given_the_events_list_when_more_is_pressed_then_the_next_page_follows_the_first(self):
        for javascript in (True, False):
            with self.subTest(javascript=javascript):
                self.more_follows_the_first(self.browser(javascript=javascript), javascript)

    def more_follows_the_first(self, page, javascript):
        page.open("/events")
        first_page = page.row_texts()

        page.press("more")

        self.assertEqual(page.path, "/events", "back on the list")
        if not javascript:
            self.assertEqual(page.fragment, f"row-{len(first_page)}", "Post/Redirect/Get leads to the first row the page added")
        self.assertTrue(page.is_in_view(f"row-{len(first_page)}"), "the reader goes on where they were, not at the top")
        rows = page.row_texts()
        self.assertGreater(len(rows), len(first_page), "more rows after `more`")
        self.assertEqual(rows[:len(first_page)], first_page, "the first page stays on top, in order")
        indexes = page.row_indexes()
        self.assertEqual(indexes, [str(index) for index in range(len(rows))], "data-row counts from 0")

    def test_given_the_events_list_when_refresh_is_pressed_then_the_list_is_shown_again(self):
        page = self.browser().open("/events")

        page.press("refresh")

        self.assertEqual(page.path, "/events")
        self.assertGreater(len(page.row_texts()), 0)
        self.assertEqual(page.errors(), [])

    def test_given_a_logged_out_reader_when_they_rsvp_then_they_log_in_with_two_factor_and_land_back_going(self):
        page = self.browser().open("/events")
        # The second event: Bob hosts the first, and a host has no RSVP to send.
        page.follow(1)
        event_path = page.path
        self.assertRegex(event_path, r"^/events/\d+$")
        self.assertIsNone(re.search(r"you(’|')re going", page.body_text(), re.IGNORECASE), "not going before the RSVP")

        page.press("rsvp")
        self.assertEqual(page.path, "/login", "a gated action asks for a login first")
        page.log_in(BOB, code=BOB_CODE)

        self.assertEqual(page.path, event_path, "the browser lands back on the event")
        page.wait(lambda _: re.search(r"you(’|')re going", page.body_text(), re.IGNORECASE),
                  "the RSVP resumed after the login: the event does not say you're going")
        self.assertEqual(page.errors(), [])

    def test_given_the_list_opened_logged_out_when_alice_logs_in_then_its_cards_say_which_events_she_goes_to(self):
        # By the demo data, Alice goes to event 2 and not to event 1; no one is going logged out.
        for javascript in (True, False):
            with self.subTest(javascript=javascript):
                page = self.browser(javascript=javascript).open("/events")
                self.assertEqual(self.going_cards(page), [], "logged out, no card says you're going")

                page.open("/login")
                page.log_in(ALICE)
                page.open("/events")

                going = page.wait(lambda _: self.going_cards(page), "after the login, no card says you're going")
                self.assertIn("/events/2", going)
                self.assertNotIn("/events/1", going)
                page.log_out()
                page.open("/events")
                self.assertEqual(self.going_cards(page), [], "after the logout, no card says you're going")

    @staticmethod
    def going_cards(page):
        """The links of the cards that say "You're going"."""
        return page.retrying(lambda: [
            urlsplit(card.find_element("css selector", "h2 a").get_attribute("href")).path
            for card in page.driver.find_elements("css selector", "main#screen .rows > li")
            if card.find_elements("css selector", ".meta .you")], "reading the cards")

    def test_given_an_event_that_does_not_exist_when_it_is_opened_then_an_error_says_so(self):
        page = self.browser().open("/events/999999")

        errors = page.wait(lambda _: page.errors(), "no error on the page")
        self.assertEqual(len(errors), 1, f"one error: {errors}")
        self.assertEqual(len(errors[0].splitlines()), 1, "the error is one line")
        self.assertEqual(page.row_texts(), [])

    def test_given_an_event_when_add_to_calendar_is_clicked_then_the_browser_saves_its_icalendar_file(self):
        for javascript in (True, False):
            with self.subTest(javascript=javascript):
                page = self.browser(javascript=javascript).open("/events/1")
                title = page.screen().find_element("css selector", "h1").text
                folder = tempfile.mkdtemp(prefix="agora-web-downloads-")
                self.addCleanup(shutil.rmtree, folder, True)
                page.driver.execute_cdp_cmd("Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": folder})

                page.driver.find_element("link text", "Add to calendar").click()

                saved = os.path.join(folder, "swift-on-the-server.ics")
                page.wait(lambda _: os.path.exists(saved) and not os.listdir(folder)[0].endswith(".crdownload"), "no file saved")
                with open(saved, "rb") as file:
                    text = file.read().decode("utf-8")
                self.assertTrue(text.startswith("BEGIN:VCALENDAR\r\n") and text.endswith("END:VCALENDAR\r\n"), text)
                self.assertIn(f"\r\nSUMMARY:{title}\r\n", text)
                self.assertIn("\r\nUID:event-1@agora\r\n", text)
                self.assertEqual(page.path, "/events/1", "the page stays")
                self.assertNotIn("pending", page.driver.find_element("css selector", "html").get_attribute("class") or "")

    def test_given_an_event_when_share_is_clicked_then_its_link_is_copied_and_without_script_it_is_a_link_to_the_event(self):
        page = self.browser().open("/events/1")
        origin = page.driver.execute_script("return location.origin")
        page.driver.execute_cdp_cmd(
            "Browser.grantPermissions", {"origin": origin, "permissions": ["clipboardReadWrite", "clipboardSanitizedWrite"]})
        self.assertFalse(page.driver.execute_script("return !!navigator.share"), "this Chromium has no share sheet: the copy is tested")

        share = page.driver.find_element("link text", "Share")
        share.click()

        page.wait(lambda _: share.text == "Link copied", "the link never said it was copied")
        copied = page.driver.execute_async_script("navigator.clipboard.readText().then(arguments[0], () => arguments[0](null))")
        self.assertEqual(copied, f"{origin}/events/1")
        self.assertEqual(page.path, "/events/1")

        plain = self.browser(javascript=False).open("/events/1")
        link = plain.driver.find_element("link text", "Share")
        self.assertEqual(urlsplit(link.get_attribute("href")).path, "/events/1", "without script, a link to copy")


if __name__ == "__main__":
    unittest.main()
