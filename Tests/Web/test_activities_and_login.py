"""The activity feed, login and logout, as the REPL's `open agora://activities`, `login`, `logout`."""
import unittest
import uuid

from agora_web import ALICE, FRANK, BrowserTest


class ActivitiesAndLoginTests(BrowserTest):
    def test_given_a_member_with_a_feed_when_they_open_activities_then_it_lists_rows_and_pages(self):
        page = self.browser().open("/login")
        page.log_in(ALICE)

        page.open("/activities")

        first_page = page.row_texts()
        self.assertGreater(len(first_page), 0, "alice's feed has rows")
        if page.buttons("more"):
            page.press("more")
            self.assertEqual(page.path, "/activities")
            self.assertGreaterEqual(len(page.row_texts()), len(first_page))
            self.assertEqual(page.row_texts()[:len(first_page)], first_page)

    def test_given_alices_open_feed_when_frank_comments_on_an_event_she_goes_to_and_deletes_it_then_the_entry_comes_and_goes_without_a_reload(self):
        # Event 2 is Carol's, and Alice goes to it (the mock's fixtures); Frank goes nowhere.
        alice = self.browser().open("/login")
        alice.log_in(ALICE)
        alice.open("/activities")
        frank = self.browser().open("/login")
        frank.log_in(FRANK)
        frank.open("/events/2/comments")
        text = f"Who brings the projector {uuid.uuid4().hex[:8]}"

        frank.fill("text", text)
        frank.press("post")

        alice.wait(lambda _: alice.row_with(text) is not None, "frank's comment did not reach alice's open feed")
        self.assertEqual(alice.path, "/activities")
        frank.wait(lambda _: frank.row_state(text) == "you", "the post was not confirmed")
        frank.press("delete", in_row_with=text)
        frank.press("delete", in_row_with=text)
        alice.wait(lambda _: alice.row_with(text) is None, "the deleted comment's entry did not leave alice's open feed")
        alice.open("/activities")
        self.assertIsNone(alice.row_with(text), "a reload shows the feed as it is now")

    def test_given_a_member_with_an_empty_feed_when_they_open_activities_then_an_empty_state_shows(self):
        page = self.browser().open("/login")
        page.log_in(FRANK)

        page.open("/activities")

        self.assertEqual(page.row_texts(), [])
        self.assertEqual(len(page.texts("p.empty")), 1, "one empty state")

    def test_given_a_wrong_password_when_it_is_submitted_then_a_one_line_error_and_still_logged_out(self):
        page = self.browser().open("/login")

        page.log_in(ALICE, password="not-the-password")

        self.assertEqual(page.path, "/login")
        errors = page.wait(lambda _: page.errors(), "no error on the page")
        self.assertEqual(len(errors), 1, f"{errors}")
        self.assertEqual(len(errors[0].splitlines()), 1)
        self.assertEqual(page.buttons("logout"), [])

    def test_given_a_logged_in_member_when_they_log_out_then_every_page_is_logged_out(self):
        page = self.browser().open("/login")
        page.log_in(ALICE)
        page.open("/events")
        self.assertGreater(len(page.buttons("logout")), 0, "a logged-in page offers logout")

        page.log_out()

        page.open("/events")
        self.assertEqual(page.buttons("logout"), [], "no logout after logging out")
        page.open("/events/1")
        page.press("rsvp")
        self.assertEqual(page.path, "/login", "a gated action asks for a login again")

    def test_given_a_logged_in_member_when_they_open_the_login_then_they_land_on_their_feed(self):
        page = self.browser(javascript=False).open("/login")
        page.log_in(ALICE)

        page.open("/login")

        self.assertEqual(page.path, "/activities", "a member has nothing to do on the login page")
        self.assertEqual(page.errors(), [])

    def test_given_a_reader_who_posts_a_comment_when_the_login_opens_then_it_says_what_waits_for_it(self):
        page = self.browser(javascript=False).open("/events/1/comments")
        page.fill("text", "See you there")

        page.press("post")

        self.assertEqual(page.path, "/login")
        self.assertEqual(page.texts("main#screen p.reason"), ["Log in to post your comment."])
        page.press("cancel")
        page.open("/login")
        self.assertEqual(page.texts("main#screen p.reason"), [], "said only while the login it was for is open")


if __name__ == "__main__":
    unittest.main()
