"""What every page sends and runs: the CSP header, no inline code, no console error."""

from html.parser import HTMLParser

import pytest

from harness import http_get
from screen_states import comments_item, settled_comments, settled_feed

EXPECTED_DIRECTIVES = {
    "default-src": "'self'", "img-src": "'self'", "script-src": "'self'", "style-src": "'self'",
    "object-src": "'none'", "base-uri": "'none'", "form-action": "'self'", "frame-ancestors": "'none'",
}


class InlineCodeFinder(HTMLParser):
    def __init__(self, own_origin: str):
        super().__init__()
        self.own_origin = own_origin
        self.problems = []
        self._in_script = False

    def handle_starttag(self, tag, attrs):
        names = {name.lower() for name, _ in attrs}
        for name, value in attrs:
            if name in ("src", "href", "action", "srcset") and value and \
                    (value.startswith(("http:", "https:", "//"))) and not value.startswith(self.own_origin):
                self.problems.append(f"<{tag} {name}={value}> loads from another origin")
        if "style" in names:
            self.problems.append(f"<{tag} style=…>")
        if any(name.startswith("on") for name in names):
            self.problems.append(f"<{tag}> with an inline event handler")
        if tag == "style":
            self.problems.append("<style> element")
        if tag == "script" and "src" not in names:
            self._in_script = True

    def handle_data(self, data):
        if self._in_script and data.strip():
            self.problems.append("inline <script>")

    def handle_endtag(self, tag):
        if tag == "script":
            self._in_script = False


def page_paths(feed_api):
    return ["/", f"/images/{feed_api.all_items[0]['id']}/comments"]


@pytest.mark.parametrize("page", ["feed", "comments"])
def test_everyPage_sendsTheContentSecurityPolicy_andHasNoInlineCode(system, feed_api, page):
    path = dict(zip(["feed", "comments"], page_paths(feed_api)))[page]

    status, headers, body = http_get(system.app_url + path)

    assert status == 200
    assert headers.get("Content-Type", "").startswith("text/html")
    policy = headers.get("Content-Security-Policy")
    assert policy, f"{path} has no Content-Security-Policy header"
    directives = dict(part.strip().split(" ", 1) for part in policy.split(";") if part.strip())
    assert {k: v.strip() for k, v in directives.items()} == EXPECTED_DIRECTIVES
    finder = InlineCodeFinder(system.app_url)
    finder.feed(body.decode("utf-8"))
    assert finder.problems == []


def severe_console_entries(driver):
    entries = driver.get_log("browser")
    return [e for e in entries if e.get("level") == "SEVERE"]


def test_screens_logNoConsoleError(driver, system, feed_api):
    settled_feed(driver, system.app_url)
    assert severe_console_entries(driver) == []

    settled_comments(driver, system.app_url, comments_item(feed_api))
    assert severe_console_entries(driver) == []


def test_app_servesTheIconBrowsersAskFor(system):
    status, headers, body = http_get(system.app_url + "/favicon.ico")

    assert status == 200 and headers.get("Content-Type", "").startswith("image/") and body
