"""Live mode against agora-server: an open page follows what other clients of the server do,
the member's own feed included; a post made while the server cannot be reached fails, is kept to
retry or discard, and a retry once the server is back posts it."""
import json
import os
import shutil
import tempfile
import time
import unittest
import urllib.request
import uuid

from agora_web import ALICE, WAIT, AgoraServer, AgoraWeb, BrowserTest

FAILED_STATES = {"failed", "queued"}


class LiveModeTests(BrowserTest):
    @classmethod
    def setUpClass(cls):
        cls.folder = tempfile.mkdtemp(prefix="agora-web-live-")
        cls.database = os.path.join(cls.folder, "agora.sqlite")
        cls.server = AgoraServer(cls.database)
        cls.web = AgoraWeb(server_url=cls.server.url)

    @classmethod
    def tearDownClass(cls):
        cls.web.stop()
        cls.server.stop()
        shutil.rmtree(cls.folder, ignore_errors=True)

    def test_given_an_open_thread_when_another_member_posts_through_the_server_then_the_page_shows_it_without_a_reload(self):
        reader = self.browser().open("/events/3/comments")
        text = f"Posted by a client of the server {uuid.uuid4().hex[:8]}"

        token = self.call("POST", "/v1/sessions", {"email": "carol@agora.example", "password": "agora-demo"})["token"]
        self.call("POST", "/v1/events/3/comments", {"body": text, "clientID": str(uuid.uuid4())}, token)

        reader.wait(lambda _: reader.row_with(text) is not None, "the server's change did not reach the open page")

    def test_given_alices_open_feed_when_another_member_comments_through_the_server_on_an_event_she_goes_to_then_the_page_shows_the_entry(self):
        self.wait_for_open_streams(0)
        page = self.browser().open("/login")
        page.log_in(ALICE)
        page.open("/activities")
        # Her feed's page is open: agora-web follows her, with one stream to agora-server.
        self.wait_for_open_streams(1)
        alice = self.call("POST", "/v1/sessions", {"email": ALICE, "password": "agora-demo"})["token"]
        self.call("PUT", "/v1/events/4/rsvp", {"going": True}, alice)
        carol = self.call("POST", "/v1/sessions", {"email": "carol@agora.example", "password": "agora-demo"})["token"]
        text = f"Carol asks who brings the projector {uuid.uuid4().hex[:8]}"

        self.call("POST", "/v1/events/4/comments", {"body": text, "clientID": str(uuid.uuid4())}, carol)

        page.wait(lambda _: page.row_with(text) is not None, "carol's comment did not reach alice's open feed")
        self.assertEqual(page.path, "/activities")

    def wait_for_open_streams(self, count):
        """Waits until agora-server's /metrics counts `count` open change streams."""
        deadline = time.monotonic() + WAIT
        while time.monotonic() < deadline:
            with urllib.request.urlopen(self.server.url + "/metrics", timeout=60) as answer:
                lines = answer.read().decode().splitlines()
            if any(line.startswith("agora_changes_open_streams ") and float(line.split()[-1]) == count for line in lines):
                return
            time.sleep(0.05)
        self.fail(f"agora-server never had {count} open change streams")

    def call(self, method, path, body, token=None):
        """One request to agora-server, as another client of it would make."""
        headers = {"Content-Type": "application/json"}
        if token:
            headers["Authorization"] = f"Bearer {token}"
        request = urllib.request.Request(self.server.url + path, json.dumps(body).encode(), headers, method=method)
        with urllib.request.urlopen(request, timeout=60) as answer:
            return json.loads(answer.read())

    def test_given_the_server_stopped_when_a_member_posts_then_the_row_fails_and_retry_or_discard_ends_it(self):
        page = self.browser().open("/login")
        page.log_in(ALICE)
        page.open("/events/1/comments")
        self.assertGreater(len(page.row_texts()), 0, "live mode shows the seeded comments")
        kept, dropped = (f"{what} {uuid.uuid4().hex[:8]}" for what in ["Retry me", "Discard me"])

        port = self.server.port
        self.server.stop()
        for text in [kept, dropped]:
            page.fill("text", text)
            page.press("post")
            page.wait(lambda _, text=text: page.row_state(text) in FAILED_STATES,
                      f"the post of {text!r} to a stopped server is not shown as failed or queued")
        self.assertTrue(page.buttons("retry") and page.buttons("discard"))

        page.press("discard", in_row_with=dropped)
        page.wait(lambda _: page.row_with(dropped) is None, "the discarded comment is still a row")

        self.__class__.server = AgoraServer(self.database, port=port)
        page.open("/events/1/comments")
        if page.row_state(kept) in FAILED_STATES:
            page.press("retry", in_row_with=kept)
        page.wait(lambda _: page.row_state(kept) == "you", "the retried comment is not confirmed once the server is back")
        self.assertIsNone(page.row_with(dropped))


if __name__ == "__main__":
    unittest.main()
