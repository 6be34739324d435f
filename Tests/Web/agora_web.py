"""The browser tests' harness: agora-web on a free loopback port, headless Chromium driven by
selenium through Debian's chromedriver, one fresh browser profile per browser, bounded waits,
one screenshot per test.

A test class starts its own agora-web (`AgoraWeb`) in `setUpClass` and stops it in
`tearDownClass`; each test opens as many browsers as it needs with `self.browser()` (each a fresh
profile, so a fresh session cookie), and the first one's screenshot is kept in
`.build/web-screenshots/<test>.png` whatever the outcome.
"""
import functools
import importlib.resources
import os
import re
import shutil
import signal
import subprocess
import tempfile
import threading
import time
import unittest

from selenium import webdriver
from selenium.common.exceptions import ElementNotInteractableException, StaleElementReferenceException, TimeoutException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SCREENSHOTS = os.path.join(ROOT, ".build", "web-screenshots")
# A phone, a tablet, a laptop: the widths every page is looked at (test_pages.py).
WIDTHS = (360, 768, 1280)
CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
# How long a test waits for what must happen before it calls it a hang, as the Swift tests'
# Hang.bound: a wait ends as soon as its condition holds, so this costs a passing test nothing,
# and it is minutes, not seconds, so no load on the machine makes a passing test fail.
WAIT = 120
READY_LINE = re.compile(r"^agora-web: listening on (http://127\.0\.0\.1:(\d+))$")

# The OSS demo accounts (Modules/Services/AgoraMocks): alice logs in with a password only, bob
# also with a two-factor code, frank has an empty activity feed.
PASSWORD = "agora-demo"
ALICE = "alice@agora.example"
BOB = "bob@agora.example"
BOB_CODE = "424242"
FRANK = "frank@agora.example"


@functools.cache
def axe_source():
    """axe-core 4.12's script, as the wheel of axe-playwright-python carries it (the package's
    Playwright half is never imported)."""
    return (importlib.resources.files("axe_playwright_python") / "axe.min.js").read_text(encoding="utf-8")


def bin_path():
    """Where `swift build` put the products (Scripts/test-web builds agora-web first)."""
    return subprocess.run(["swift", "build", "--show-bin-path"], cwd=ROOT, check=True, text=True,
                          capture_output=True, timeout=120).stdout.strip()


class Process:
    """A server process of ours whose first line of standard output says where it listens."""

    def __init__(self, command, environment, ready, name):
        self.name = name
        self.output = []
        # In the tests' process group, so a Ctrl-C of the run ends the servers too.
        self.process = subprocess.Popen(command, env=environment, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                        text=True)
        found = threading.Event()
        self.url = None

        def read():
            for line in self.process.stdout:
                self.output.append(line.rstrip("\n"))
                match = ready.search(line.rstrip("\n"))
                if match and self.url is None:
                    self.url = match.group(1)
                    found.set()
            found.set()

        threading.Thread(target=read, daemon=True).start()
        if not found.wait(WAIT) or self.url is None:
            self.stop()
            raise RuntimeError(f"{name} printed no 'listening on' line; its output:\n" + "\n".join(self.output[-30:]))

    def stop(self):
        """Ends the process (SIGTERM, then SIGKILL after a bound) and waits for it."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=10)
        if self.process.stdout:
            self.process.stdout.close()


class AgoraWeb(Process):
    """`agora-web --port 0` in OSS mode (or live mode against `server_url`), with a home of its
    own so nothing of the user's is read or written."""

    def __init__(self, server_url=None, extra_environment=None):
        # AGORA_WEB_BINARY: test another build (a release build, a bisected one) than the debug one.
        binary = os.environ.get("AGORA_WEB_BINARY") or os.path.join(bin_path(), "agora-web")
        if not os.access(binary, os.X_OK):
            raise RuntimeError(f"no agora-web at {binary}: build it with `swift build --product agora-web` (Scripts/test-web does)")
        self.home = tempfile.mkdtemp(prefix="agora-web-home-")
        environment = {key: value for key, value in os.environ.items()
                       if not key.startswith(("AGORA_MODE", "AGORA_SERVER_URL", "AGORA_MOCK_", "XDG_"))}
        environment.update(HOME=self.home, AGORA_MODE="live" if server_url else "oss")
        if server_url:
            environment["AGORA_SERVER_URL"] = server_url
            # Its requests fail only by a fault a test makes, never by a busy machine.
            environment["AGORA_REQUEST_TIMEOUT"] = str(WAIT * 1000)
        environment.update(extra_environment or {})
        super().__init__([binary, "--port", "0"], environment, READY_LINE, "agora-web")

    def stop(self):
        super().stop()
        shutil.rmtree(self.home, ignore_errors=True)


class AgoraServer(Process):
    """agora-server with the demo seed on a loopback port (0: a free one), its data in `database`
    so a restart on the same port keeps the accounts and sessions."""

    def __init__(self, database, port=0):
        binary = os.path.join(bin_path(), "agora-server")
        super().__init__([binary, "--port", str(port), "--seed", "demo", "--db", database, "--bcrypt-cost", "4",
                          "--log-level", "warning"], dict(os.environ),
                         re.compile(r"listening on (http://127\.0\.0\.1:\d+)"), "agora-server")
        self.port = int(self.url.rsplit(":", 1)[1])


def chromium(javascript=True):
    """A headless Chromium on a fresh profile (a temporary folder), so no cookie, cache or
    storage is shared with any other browser."""
    profile = tempfile.mkdtemp(prefix="agora-web-profile-")
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for argument in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                     f"--user-data-dir={profile}", "--window-size=1100,900", "--no-first-run",
                     "--disable-background-timer-throttling", "--disable-renderer-backgrounding"]:
        options.add_argument(argument)
    if not javascript:
        options.add_experimental_option("prefs", {"profile.managed_default_content_settings.javascript": 2})
    driver = webdriver.Chrome(options=options, service=Service(CHROMEDRIVER))
    driver.set_page_load_timeout(WAIT)
    return driver, profile


class Page:
    """One browser on agora-web, in the words of the HTML contract (Tests/Web/README.md)."""

    def __init__(self, driver, base_url):
        self.driver = driver
        self.base_url = base_url

    # Reading

    def open(self, path):
        self.driver.get(self.base_url + path)
        return self

    @property
    def path(self):
        """The page's path, as `location.pathname` (and its query) say it: no `#fragment`."""
        url = self.driver.current_url.split("#", 1)[0]
        return url[len(self.base_url):] if url.startswith(self.base_url) else url

    @property
    def fragment(self):
        """The place on the page the address names (`row-20`), or None."""
        parts = self.driver.current_url.split("#", 1)
        return parts[1] if len(parts) == 2 else None

    def is_in_view(self, element_id):
        """Whether the element `element_id` is on screen, scrolled to rather than far below."""
        return self.driver.execute_script(
            "var e = document.getElementById(arguments[0]); if (!e) return false;"
            "var r = e.getBoundingClientRect(); return r.bottom > 0 && r.top < window.innerHeight;", element_id)

    def screen(self):
        return self.driver.find_element(By.CSS_SELECTOR, "main#screen")

    def title(self):
        return self.screen().find_element(By.TAG_NAME, "h1").text

    # The live script swaps <main> in place whenever the page's outputs change, so an element
    # found a moment ago may be gone (stale) or detached mid-keystroke (not interactable): every
    # read and every action is retried then, within the bound of a wait.

    def retrying(self, action, what):
        deadline = time.monotonic() + WAIT
        while True:
            try:
                return action()
            except (StaleElementReferenceException, ElementNotInteractableException):
                if time.monotonic() > deadline:
                    raise AssertionError(f"{what}: the page kept changing under it for {WAIT:.0f} s") from None

    def rows(self):
        return self.driver.find_elements(By.CSS_SELECTOR, "main#screen .rows [data-row]")

    def row_texts(self):
        """Each row's text without its times: "5 minutes ago" moves with the present, so two
        reads of the same rows a minute apart still compare equal."""
        return self.retrying(lambda: [self.driver.execute_script(
            "var row = arguments[0], text = row.innerText;"
            "row.querySelectorAll('time').forEach(function (time) { text = text.replace(time.innerText, ''); });"
            "return text.replace(/\\n{2,}/g, '\\n').trim();", row) for row in self.rows()], "reading the rows")

    def row_indexes(self):
        return self.retrying(lambda: [row.get_attribute("data-row") for row in self.rows()], "reading the rows")

    def find_row(self, text):
        return next((row for row in self.rows() if text in row.text), None)

    def row_with(self, text):
        """The text of the first row whose text holds `text`, or None."""
        return self.retrying(lambda: (row := self.find_row(text)) and row.text, f"reading the row with {text!r}")

    def row_state(self, text):
        """The `data-state` of the first row holding `text`; None without such a row."""
        return self.retrying(lambda: (row := self.find_row(text)) and row.get_attribute("data-state"),
                             f"reading the row with {text!r}")

    def row_elements(self, text, selector):
        """The tags of the elements matching `selector` in the first row holding `text`."""
        return self.retrying(lambda: [element.tag_name for element in self.find_row(text).find_elements(By.CSS_SELECTOR, selector)],
                             f"reading the row with {text!r}")

    def texts(self, selector):
        return self.retrying(lambda: [element.text for element in self.driver.find_elements(By.CSS_SELECTOR, selector)],
                             f"reading {selector}")

    def errors(self):
        return self.texts('p.error[role="alert"]')

    def notices(self):
        return self.texts('p.notice[role="status"]')

    def buttons(self, action):
        return self.texts(f'button[name="action"][value="{action}"]')

    # Acting

    def press(self, action, in_row_with=None):
        """Clicks the `action` button (in the row holding `in_row_with`, when given) and waits
        for the next page."""
        def button():
            scope = self.find_row(in_row_with) if in_row_with is not None else self.driver
            if scope is None:
                raise AssertionError(f"no row holds {in_row_with!r}: {self.row_texts()}")
            return scope.find_element(By.CSS_SELECTOR, f'button[name="action"][value="{action}"]')
        self.submit_by(button, action)

    def log_out(self):
        """Opens the account menu in the header, as a member would, and presses Log out in it."""
        self.retrying(lambda: self.driver.find_element(By.CSS_SELECTOR, "header details.account > summary").click(), "opening the account menu")
        self.press("logout")

    def mark(self):
        """What tells this page from the next: its document, and how many forms it has had
        answered in place (`<html data-sent>`, counted by the page's script)."""
        return self.driver.find_element(By.TAG_NAME, "html"), self.driver.execute_script(
            "return document.documentElement.getAttribute('data-sent')")

    def answered_since(self, mark):
        """Whether the page is another than at `mark`: a new document, or a form answered in place."""
        old, sent = mark
        return self.is_stale(old) or self.driver.execute_script(
            "return document.documentElement.getAttribute('data-sent')") != sent

    def submit_by(self, find, label):
        """Clicks what `find` returns and waits for the answer: with script, the page's parts
        replaced in place; without, or when the answer leads elsewhere, the next page."""
        def click():
            mark = self.mark()
            find().click()
            return mark
        mark = self.retrying(click, f"pressing {label!r}")
        self.wait(lambda _: self.answered_since(mark), f"no answer after pressing {label!r}")
        self.wait(lambda driver: driver.execute_script("return document.readyState") == "complete", "page did not load")

    def fill(self, name, text):
        """Types `text` into the field `name`, as a user would."""
        def type_in():
            field = self.driver.find_element(By.CSS_SELECTOR, f'main#screen [name="{name}"]')
            field.clear()
            field.send_keys(text)
        self.retrying(type_in, f"typing into {name!r}")

    def paste(self, name, text):
        """Sets the field `name` to `text` at once: control characters a keyboard cannot type."""
        def set_value():
            field = self.driver.find_element(By.CSS_SELECTOR, f'main#screen [name="{name}"]')
            self.driver.execute_script("arguments[0].value = arguments[1]; arguments[0].focus()", field, text)
        self.retrying(set_value, f"pasting into {name!r}")

    def follow(self, row_index):
        """Follows the first link of row `row_index` (the REPL's `open <row>`)."""
        self.submit_by(lambda: self.driver.find_element(
            By.CSS_SELECTOR, f'main#screen .rows [data-row="{row_index}"] a[href]'), f"row {row_index}")

    def log_in(self, email, password=PASSWORD, code=None):
        """Fills the login page's form (and the two-factor step when `code` is given)."""
        self.fill("email", email)
        self.fill("password", password)
        self.press("login")
        if code is not None:
            self.fill("code", code)
            self.press("code")

    # Looking, as a phone or a laptop would

    def set_width(self, width, height=800):
        """Shows the page as a screen `width` CSS pixels wide: narrower than a tablet, a phone
        (the viewport meta tag applies, as on a phone)."""
        self.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
            "width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 768})

    def set_dark(self, dark):
        """Shows the page as a browser whose system asks for dark colours would."""
        self.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {
            "features": [{"name": "prefers-color-scheme", "value": "dark" if dark else "light"}]})

    def sideways_overflow(self):
        """How many CSS pixels the page is wider than its window (0: no sideways scroll)."""
        return self.driver.execute_script(
            "return document.documentElement.scrollWidth - document.documentElement.clientWidth")

    def accessibility_violations(self, impacts=("minor", "moderate", "serious", "critical")):
        """axe-core's violations of the page as it is, of the given impacts (any, unless told),
        one line each."""
        self.driver.execute_script(axe_source())
        results = self.driver.execute_async_script(
            "var done = arguments[arguments.length - 1];"
            "axe.run().then(done, function (e) { done({error: String(e)}); });")
        if "error" in results:
            raise AssertionError(f"axe-core could not check the page: {results['error']}")
        return [f"{violation['impact']} {violation['id']}: {violation['help']} at "
                + ", ".join(str(node["target"]) for node in violation["nodes"][:5])
                for violation in results["violations"] if violation["impact"] in impacts]

    def served_html(self):
        """The page's HTML as the server sends it (not the browser's DOM, which the parser
        would already have repaired), fetched again in the page's own session."""
        return self.driver.execute_async_script(
            "var done = arguments[arguments.length - 1];"
            "fetch(location.pathname, {credentials: 'same-origin'}).then(function (r) { return r.text(); })"
            ".then(done, function (e) { done('fetch failed: ' + e); });")

    def focus_by_keyboard(self, presses):
        """Presses Tab `presses` times from the top of the page; for each stop, what has focus
        and whether the focus shows (an outline or a ring from :focus-visible)."""
        from selenium.webdriver.common.action_chains import ActionChains
        from selenium.webdriver.common.keys import Keys
        self.driver.execute_script("document.activeElement && document.activeElement.blur(); window.scrollTo(0, 0)")
        stops = []
        for _ in range(presses):
            ActionChains(self.driver).send_keys(Keys.TAB).perform()
            stops.append(self.driver.execute_script("""
                var e = document.activeElement, s = getComputedStyle(e);
                var shows = (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0) || s.boxShadow !== 'none';
                return {tag: e.tagName.toLowerCase(), text: (e.innerText || e.value || '').trim().slice(0, 40),
                        visible: e.matches(':focus-visible') && shows};"""))
        return stops

    # Waiting

    def wait(self, condition, message, seconds=None):
        try:
            return WebDriverWait(self.driver, seconds or WAIT, poll_frequency=0.05,
                                 ignored_exceptions=[StaleElementReferenceException]).until(condition)
        except TimeoutException:
            raise AssertionError(f"{message} within {seconds or WAIT:.0f} s; at {self.path}:\n{self.body_text()[:1500]}") from None

    def wait_for_text(self, text, message=None):
        return self.wait(lambda _: text in self.body_text(), message or f"no {text!r} on the page")

    def body_text(self):
        try:
            return self.driver.find_element(By.TAG_NAME, "body").text
        except Exception:  # noqa: BLE001 - a page in the middle of loading has no body yet
            return ""

    @staticmethod
    def is_stale(element):
        try:
            element.tag_name
            return False
        except Exception:  # noqa: BLE001 - StaleElementReferenceException, or the page is gone
            return True


class BrowserTest(unittest.TestCase):
    """A test against one agora-web of its class; `self.browser()` opens a fresh browser."""

    server_url = None
    extra_environment = None

    @classmethod
    def setUpClass(cls):
        cls.web = AgoraWeb(server_url=cls.server_url, extra_environment=cls.extra_environment)

    @classmethod
    def tearDownClass(cls):
        cls.web.stop()

    def setUp(self):
        self.browsers = []
        self.addCleanup(self.close_browsers)

    def browser(self, javascript=True, base_url=None):
        driver, profile = chromium(javascript=javascript)
        self.browsers.append((driver, profile))
        return Page(driver, base_url or self.web.url)

    def close_browsers(self):
        for index, (driver, profile) in enumerate(self.browsers):
            if index == 0:
                os.makedirs(SCREENSHOTS, exist_ok=True)
                try:
                    driver.save_screenshot(os.path.join(SCREENSHOTS, f"{self.id().split('.')[-1]}.png"))
                except Exception:  # noqa: BLE001 - a browser that died still gets closed
                    pass
            driver.quit()
            shutil.rmtree(profile, ignore_errors=True)
