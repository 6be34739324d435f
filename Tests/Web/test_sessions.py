"""Sessions: two browsers never share state; two tabs of one session follow each other (the
server-sent events of /_live); reading works without JavaScript."""
import http.client
import socket
import unittest
import uuid

from agora_web import ALICE, WAIT, BrowserTest


class SessionsTests(BrowserTest):
    def test_given_two_browsers_when_one_logs_in_and_the_other_leaves_a_draft_then_neither_sees_the_others(self):
        alice = self.browser().open("/login")
        stranger = self.browser().open("/events/1/comments")
        draft = f"Draft of a stranger {uuid.uuid4().hex[:8]}"

        alice.log_in(ALICE)
        stranger.fill("text", draft)
        stranger.press("post")
        self.assertEqual(stranger.path, "/login", "the stranger's post waits for a login")

        stranger.open("/events/1/comments")
        self.assertEqual(stranger.buttons("logout"), [], "alice's login is not the stranger's")
        self.assertIsNotNone(stranger.row_with(draft), "the stranger sees their own draft")
        alice.open("/events/1/comments")
        self.assertGreater(len(alice.buttons("logout")), 0, "alice is still logged in")
        self.assertIsNone(alice.row_with(draft), "the stranger's draft is not alice's")
        self.assertNotEqual(alice.driver.get_cookie("agora_session")["value"],
                            stranger.driver.get_cookie("agora_session")["value"])

    def test_given_two_tabs_of_one_session_when_one_posts_then_the_other_shows_the_comment_without_a_reload_by_us(self):
        page = self.browser().open("/login")
        page.log_in(ALICE)
        page.open("/events/1/comments")
        first_tab = page.driver.current_window_handle
        page.driver.switch_to.new_window("tab")
        page.open("/events/1/comments")
        second_tab = page.driver.current_window_handle
        text = f"From the other tab {uuid.uuid4().hex[:8]}"
        self.assertIsNone(page.row_with(text))

        page.driver.switch_to.window(first_tab)
        page.fill("text", text)
        page.press("post")
        page.driver.switch_to.window(second_tab)

        page.wait(lambda _: page.row_with(text) is not None, "the second tab did not follow the post (event: changed on /_live)")

    def test_given_two_browsers_on_one_thread_when_a_member_posts_and_deletes_then_the_other_follows_without_a_reload(self):
        alice = self.browser().open("/login")
        alice.log_in(ALICE)
        alice.open("/events/2/comments")
        reader = self.browser().open("/events/2/comments")
        text = f"For everyone reading {uuid.uuid4().hex[:8]}"

        alice.fill("text", text)
        alice.press("post")

        reader.wait(lambda _: reader.row_with(text) is not None, "another session's comment did not reach the open page")
        alice.wait(lambda _: alice.row_state(text) == "you", "the post was not confirmed")
        alice.press("delete", in_row_with=text)
        alice.press("delete", in_row_with=text)
        reader.wait(lambda _: reader.row_with(text) is None, "another session's delete did not reach the open page")
        reader.open("/events/2/comments")
        self.assertIsNone(reader.row_with(text), "a reload shows the thread as it is now")

    def test_given_a_page_that_does_not_change_when_its_live_stream_opens_then_it_says_nothing(self):
        # A "changed" the page does not need makes the script fetch <main> again and replace it:
        # a one-off error or notice the page had just shown would be gone before it was read.
        host, port = self.web.url.removeprefix("http://").split(":")
        connection = http.client.HTTPConnection(host, int(port), timeout=30)
        connection.request("GET", "/events")
        response = connection.getresponse()
        response.read()
        cookie = response.getheader("Set-Cookie").split(";", 1)[0]

        connection.request("GET", "/_live?path=/events", headers={"Cookie": cookie, "Accept": "text/event-stream"})
        stream = connection.getresponse()
        self.assertEqual(stream.status, 200)
        self.assertIn("text/event-stream", stream.getheader("Content-Type", ""))
        connection.sock.settimeout(min(WAIT, 3))
        received = b""
        try:
            while b"event:" not in received:
                chunk = stream.read1(4096)
                if not chunk:
                    break
                received += chunk
        except (socket.timeout, TimeoutError):
            pass
        finally:
            connection.close()

        self.assertNotIn(b"event: changed", received, "the stream announced a change nobody made")

    def test_given_javascript_off_when_the_events_list_is_read_and_paged_then_it_works(self):
        page = self.browser(javascript=False)
        page.driver.get("data:text/html,<title>off</title><script>document.title='on'</script>")
        self.assertEqual(page.driver.title, "off", "this browser runs no page script")
        page.open("/events")
        first_page = page.row_texts()
        self.assertGreater(len(first_page), 0)

        page.press("more")

        self.assertEqual(page.path, "/events")
        self.assertGreater(len(page.row_texts()), len(first_page))
        page.follow(0)
        self.assertRegex(page.path, r"^/events/\d+$")
        self.assertEqual(len(page.texts("main#screen h1")), 1)


if __name__ == "__main__":
    unittest.main()
