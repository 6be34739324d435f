"""With script, an action keeps the reader's place: the page is answered in place, its scroll,
focus and history as they were, and what was typed elsewhere on it kept. (Without script every
action is a page of its own; the other browser tests run both ways.)"""
import unittest
import uuid

from agora_web import ALICE, BrowserTest


class InPlaceTests(BrowserTest):
    def state(self, page):
        return page.driver.execute_script(
            "var focused = document.activeElement;"
            "return {history: history.length, scroll: Math.round(scrollY), path: location.pathname,"
            " focused: focused ? [focused.tagName.toLowerCase(), focused.name || '', focused.value || '', focused.id || ''] : null};")

    def test_given_the_events_list_when_more_is_pressed_then_the_new_rows_follow_where_the_reader_is_with_no_history_entry(self):
        page = self.browser().open("/events")
        shown = len(page.row_texts())
        page.driver.execute_script("document.querySelector('button[name=action][value=more]').scrollIntoView({block: 'end'});")
        before = self.state(page)

        page.press("more")

        after = self.state(page)
        self.assertEqual(after["history"], before["history"], "no history entry for a form")
        self.assertEqual(after["path"], "/events")
        self.assertLessEqual(abs(after["scroll"] - before["scroll"]), 2, "the page did not jump")
        self.assertTrue(page.is_in_view(f"row-{shown}"), "the first new row is where More was")
        self.assertEqual(after["focused"][:3], ["button", "action", "more"], "focus is back on More")
        self.assertGreater(len(page.row_texts()), shown)

    def test_given_an_event_when_a_member_rsvps_then_focus_stays_on_the_rsvp_and_back_leaves_the_event(self):
        page = self.browser().open("/login")
        page.log_in(ALICE)
        page.open("/events")
        page.open("/events/2")
        before = self.state(page)
        label = page.buttons("rsvp")

        page.press("rsvp")

        after = self.state(page)
        self.assertNotEqual(page.buttons("rsvp"), label, "the RSVP changed")
        self.assertEqual(after["focused"][:2], ["button", "action"], "focus is on the RSVP button again")
        self.assertEqual(after["focused"][2], "rsvp")
        self.assertEqual(after["history"], before["history"])
        page.driver.back()
        page.wait(lambda _: page.path == "/events", "one Back leaves the event")

    def test_given_a_draft_in_the_composer_when_a_member_deletes_their_comment_then_the_draft_is_still_there(self):
        page = self.browser().open("/login")
        page.log_in(ALICE)
        page.open("/events/1/comments")
        before = self.state(page)
        text = f"Gone soon {uuid.uuid4().hex[:8]}"
        page.fill("text", text)
        page.press("post")
        page.wait(lambda _: page.row_state(text) == "you", "the posted row is not confirmed")
        draft = "Half a thought that must not be lost"
        page.fill("text", draft)

        page.press("delete", in_row_with=text)
        page.press("delete", in_row_with=text)

        page.wait(lambda _: page.row_with(text) is None, "the deleted comment is still a row")
        self.assertEqual(page.driver.find_element("css selector", 'main#screen textarea[name="text"]').get_attribute("value"), draft)
        self.assertEqual(self.state(page)["history"], before["history"], "a post and a delete add no history entry")


if __name__ == "__main__":
    unittest.main()
