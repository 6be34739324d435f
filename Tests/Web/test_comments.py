"""An event's comments, as the REPL's `comments`, `more`, `post`, `delete`."""
import unittest
import uuid

from agora_web import ALICE, BrowserTest


class CommentsTests(BrowserTest):
    def logged_in(self, path="/events/1/comments"):
        page = self.browser().open("/login")
        page.log_in(ALICE)
        return page.open(path)

    def test_given_an_events_comments_when_more_is_pressed_then_older_comments_follow(self):
        page = self.browser().open("/events/1/comments")
        first_page = page.row_texts()
        self.assertGreater(len(first_page), 0)

        page.press("more")

        self.assertEqual(page.path, "/events/1/comments")
        rows = page.row_texts()
        self.assertGreater(len(rows), len(first_page))
        self.assertEqual(rows[:len(first_page)], first_page)

    def test_given_a_logged_in_member_when_they_post_then_the_row_shows_at_once_and_is_confirmed(self):
        page = self.logged_in()
        text = f"See you there {uuid.uuid4().hex[:8]}"

        page.fill("text", text)
        page.press("post")

        self.assertEqual(page.path, "/events/1/comments")
        self.assertIsNotNone(page.row_with(text), "the comment is a row as soon as the page comes back")
        page.wait(lambda _: page.row_state(text) == "you",
                  "the posted row is not confirmed as yours (data-state=you)")
        self.assertEqual(page.errors(), [])

    def test_given_a_members_own_comment_when_they_delete_it_then_its_row_goes(self):
        page = self.logged_in()
        text = f"Delete me {uuid.uuid4().hex[:8]}"
        page.fill("text", text)
        page.press("post")
        page.wait(lambda _: page.row_state(text) == "you",
                  "the posted row is not confirmed")

        page.press("delete", in_row_with=text)
        self.assertIn("cannot be undone", page.row_with(text), "a delete asks first")
        page.press("delete", in_row_with=text)

        page.wait(lambda _: page.row_with(text) is None, "the deleted comment is still a row")
        self.assertEqual(page.errors(), [])

    def test_given_a_logged_out_reader_when_they_post_then_they_log_in_and_the_post_follows(self):
        page = self.browser().open("/events/1/comments")
        text = f"Posted after a login {uuid.uuid4().hex[:8]}"

        page.fill("text", text)
        page.press("post")
        self.assertEqual(page.path, "/login")
        page.log_in(ALICE)

        self.assertEqual(page.path, "/events/1/comments")
        page.wait(lambda _: page.row_state(text) == "you",
                  "the post waiting for the login was not sent after it")

    def test_given_an_empty_comment_when_it_is_posted_then_a_one_line_error_says_what_is_wrong(self):
        page = self.logged_in()
        rows = page.row_texts()

        page.fill("text", "   ")
        page.press("post")

        errors = page.wait(lambda _: page.errors(), "no error on the page")
        self.assertEqual(len(errors), 1, f"{errors}")
        self.assertEqual(len(errors[0].splitlines()), 1)
        self.assertEqual(page.row_texts(), rows, "nothing was added")

    def test_given_javascript_off_when_an_empty_comment_is_posted_then_the_error_is_on_the_page_that_follows(self):
        page = self.browser(javascript=False).open("/login")
        page.log_in(ALICE)
        page.open("/events/1/comments")

        page.fill("text", "   ")
        page.press("post")

        self.assertEqual(page.errors(), ["A comment needs some text."], "the composer's own words, as the REPL says them")

    def test_given_javascript_off_and_a_delete_asked_in_one_window_when_a_comment_is_posted_from_another_then_confirming_deletes_the_comment_chosen(self):
        page = self.browser(javascript=False).open("/login")
        page.log_in(ALICE)
        page.open("/events/1/comments")
        tag = uuid.uuid4().hex[:8]
        old_1, old_2, new = f"OLD-1 {tag}", f"OLD-2 {tag}", f"NEW {tag}"
        for text in (old_1, old_2):
            page.fill("text", text)
            page.press("post")
        page.open("/events/1/comments")
        page.press("delete", in_row_with=old_1)
        self.assertIn("cannot be undone", page.row_with(old_1), "the question shows on OLD-1's row")

        # A second window of the same session posts a comment, which goes on top; the first
        # window still shows the question on OLD-1, as it was drawn.
        first = page.driver.current_window_handle
        page.driver.switch_to.new_window("tab")
        page.open("/events/1/comments")
        page.fill("text", new)
        page.press("post")
        page.driver.switch_to.window(first)
        self.assertIn("cannot be undone", page.row_with(old_1))
        page.press("delete", in_row_with=old_1)

        page.open("/events/1/comments")
        texts = "\n".join(page.row_texts())
        self.assertNotIn(old_1, texts, "the comment chosen is deleted")
        self.assertIn(old_2, texts, "the comment in its old place stays")
        self.assertIn(new, texts)


if __name__ == "__main__":
    unittest.main()
