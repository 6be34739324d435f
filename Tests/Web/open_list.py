"""Opens one list page of agora-web in headless Chromium, as a reader would, and says what it saw.

    python open_list.py PATH TITLE

Starts agora-web in OSS mode (AGORA_WEB_BINARY, or this package's debug build), opens PATH in a
fresh browser, and checks that its heading is TITLE and that it shows rows; then presses `more`
and checks that the first page stays on top of more rows; then follows the first row's link and
checks that it leads to another page of agora-web with a heading and no error. Prints one line
on success; exits 1 with one line naming what was wrong otherwise. A screenshot of the list is
kept in .build/web-screenshots/open_list.png.

ScaffolderTests runs it on a scaffolded feature's page, in the scaffolded copy of the package:
the new feature's web view, opened in a real browser.
"""
import os
import shutil
import sys

from agora_web import SCREENSHOTS, AgoraWeb, Page, chromium


def check(condition, message):
    if not condition:
        raise AssertionError(message)


def open_list(path, title):
    web = AgoraWeb()
    driver, profile = chromium()
    try:
        page = Page(driver, web.url).open(path)
        check(page.path == path, f"{path} led to {page.path}")
        check(page.title() == title, f"the heading of {path} is {page.title()!r}, expected {title!r}")
        first_page = page.wait(lambda _: page.row_texts(), f"no rows on {path}")
        check(page.errors() == [], f"errors on {path}: {page.errors()}")
        os.makedirs(SCREENSHOTS, exist_ok=True)
        driver.save_screenshot(os.path.join(SCREENSHOTS, "open_list.png"))

        page.press("more")
        rows = page.row_texts()
        check(len(rows) > len(first_page), f"`more` on {path} shows {len(rows)} rows, no more than the first {len(first_page)}")
        check(rows[:len(first_page)] == first_page, f"`more` on {path} changed the first page's rows")

        page.follow(0)
        check(page.path != path, f"the first row of {path} links nowhere")
        check(page.title() != "", f"the first row of {path} leads to {page.path}, a page with no heading")
        check(page.errors() == [], f"the first row of {path} leads to {page.path}, with errors: {page.errors()}")
        return f"{path} in Chromium: {title!r}, {len(first_page)} rows, {len(rows)} after more; row 0 opens {page.path} ({page.title()!r})"
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)
        web.stop()


def main(arguments):
    if len(arguments) != 2 or not arguments[0].startswith("/"):
        print("error: expected a page's path and its heading, such as: open_list.py /events 'Upcoming events'", file=sys.stderr)
        return 2
    try:
        print(open_list(*arguments))
    except (AssertionError, RuntimeError) as failure:
        print(f"error: {' '.join(str(failure).split())}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
