"""Text at 200 % (WCAG 1.4.4) on a phone and a desktop: every screen keeps its layout — no
word broken in two, round controls round, the header on one row, menus on screen, and the
New post form's chosen file named in full."""

import pytest
from selenium.webdriver.common.by import By

from browser import LARGEST_TEXT_SIZE
from screens import FeedScreen, wait
from test_offline_device import _png

WINDOWS = {"phone": (390, 844, True), "narrow": (430, 932, False), "desktop": (1440, 900, False)}

# How many lines each text of `selector` takes, and whether any word in it is split across two.
WORDS = """
const report = [];
for (const element of document.querySelectorAll(arguments[0])) {
  if (!element.offsetParent) continue;
  const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent;
    for (const match of text.matchAll(/\\S+/g)) {
      const word = document.createRange();
      word.setStart(node, match.index);
      word.setEnd(node, match.index + match[0].length);
      const lines = new Set([...word.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
      if (lines.size > 1) report.push(match[0]);
    }
  }
}
return report;
"""


def browser(make_browser, window):
    width, height, mobile = WINDOWS[window]
    driver = make_browser(font_size=LARGEST_TEXT_SIZE)
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile})
    return driver


def box(driver, selector):
    return driver.execute_script(
        "const e = document.querySelector(arguments[0]); if (!e || !e.offsetParent) return null;"
        "const r = e.getBoundingClientRect(); return {top: r.top, bottom: r.bottom, left: r.left, right: r.right,"
        " width: r.width, height: r.height, scrollWidth: e.scrollWidth, clientWidth: e.clientWidth}", selector)


def split_words(driver, selector):
    return driver.execute_script(WORDS, selector)


@pytest.mark.parametrize("window", WINDOWS)
def test_feed_atTwiceTheText_keepsWordsWhole_andTheControlsRound(make_browser, system, window):
    driver = browser(make_browser, window)
    FeedScreen(driver).open(system.app_url).wait_until_loaded()
    wait(driver).until(lambda d: d.find_elements(By.CSS_SELECTOR, ".feed-banner-title"))

    assert split_words(driver, ".feed-banner-title, .screen-header, .feed-image-author") == []
    title = box(driver, ".feed-banner-title")
    banner = box(driver, ".feed-banner")
    assert title["bottom"] <= banner["bottom"] and title["top"] >= banner["top"], "the banner's title stays inside it"
    assert title["left"] >= banner["left"] and title["right"] <= banner["right"]
    new_post = box(driver, ".new-post-link")
    if window != "desktop":
        assert new_post["width"] == pytest.approx(new_post["height"], abs=1), f"the + is round: {new_post}"


@pytest.mark.parametrize("window", WINDOWS)
@pytest.mark.parametrize("screen", ["feed", "comments", "new post", "news"])
def test_header_atTwiceTheText_staysOnOneRow_andTheAccountMenuOpensOnScreen(make_browser, system, feed_api, window, screen):
    driver = browser(make_browser, window)
    image_id = next(i for i in feed_api.all_items if i.get("author") and i.get("location"))["id"]
    path = {"feed": "/", "comments": f"/images/{image_id}/comments", "new post": "/new", "news": "/news"}[screen]
    driver.get(system.app_url + path)

    controls = driver.execute_script(
        "return [...document.querySelector('.screen-header').children].filter(e => e.offsetParent)"
        ".map(e => { const r = e.getBoundingClientRect(); return [e.className, r.top, r.bottom]; })")
    tops = [c[1] for c in controls if c[2] - c[1] > 0]
    bottoms = [c[2] for c in controls if c[2] - c[1] > 0]
    assert min(bottoms) > max(tops), f"the header's parts share one row: {controls}"
    assert split_words(driver, ".screen-header, .comments-subject, .app-nav") == []

    menu = driver.find_elements(By.CSS_SELECTOR, ".account-menu-button")
    if menu and menu[0].is_displayed():
        menu[0].click()
        panel = box(driver, ".account-menu-panel")
        viewport = driver.execute_script("return [innerWidth, innerHeight]")
        assert panel["left"] >= 0 and panel["right"] <= viewport[0], f"the menu opens on screen: {panel}"
        log_out = box(driver, ".account-menu-panel .log-out-button")
        assert log_out["scrollWidth"] <= log_out["clientWidth"] + 1, "Log Out shows whole"
        assert driver.execute_script(
            "const b = document.querySelector('.account-menu-panel .log-out-button').getBoundingClientRect();"
            "return document.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2)?.closest('.account-menu-panel') !== null"), \
            "nothing of the screen covers the open menu"


@pytest.mark.parametrize("window", WINDOWS)
def test_newPost_atTwiceTheText_namesTheChosenFileInFull(make_browser, system, window, tmp_path):
    driver = browser(make_browser, window)
    driver.get(system.app_url + "/new")

    status = driver.find_element(By.CSS_SELECTOR, '[data-role="chosen-file"]')
    assert status.is_displayed() and status.text == "No photo chosen"
    assert box(driver, '[data-role="chosen-file"]')["scrollWidth"] <= box(driver, '[data-role="chosen-file"]')["clientWidth"] + 1
    photo = tmp_path / "a-photo-with-a-rather-long-name.png"
    photo.write_bytes(_png(64, 48))
    driver.find_element(By.CSS_SELECTOR, "input[type=file]").send_keys(str(photo))
    wait(driver).until(lambda d: status.text == photo.name)
