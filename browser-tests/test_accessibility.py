"""An axe-core audit of each screen, in light and dark mode: no serious or critical violation."""

import pytest
from axe_selenium_python import Axe
from selenium.webdriver.common.keys import Keys

from screen_states import (comments_item, photo_item, settled_comments, settled_feed, settled_log_in, settled_new_post,
                           settled_news, settled_photo, settled_story, snapshot_story)
from browser import set_color_scheme
from screens import wait

BLOCKING_IMPACTS = ("serious", "critical")


def audit(driver):
    axe = Axe(driver)
    axe.inject()
    results = axe.run()
    blocking = [v for v in results["violations"] if v.get("impact") in BLOCKING_IMPACTS]
    assert blocking == [], axe.report(blocking)
    assert results["passes"], "axe ran its rules"


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_feed_hasNoSeriousAccessibilityViolation(driver, system, feed_api, scheme):
    settled_feed(driver, system.app_url, scheme)

    audit(driver)


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("loading", [False, True], ids=["loaded", "loading"])
def test_photo_hasNoSeriousAccessibilityViolation(driver, system, feed_api, scheme, loading):
    paused = settled_photo(driver, system.app_url, photo_item(feed_api)["id"], scheme, held_back=loading)
    try:
        audit(driver)
    finally:
        if paused:
            paused.close()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_comments_hasNoSeriousAccessibilityViolation(driver, system, feed_api, scheme):
    settled_comments(driver, system.app_url, comments_item(feed_api), scheme)

    audit(driver)


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("with_error", [False, True], ids=["form", "error"])
def test_logIn_hasNoSeriousAccessibilityViolation(make_browser, system, scheme, with_error):
    driver = make_browser(signed_in=False)
    settled_log_in(driver, system.app_url, scheme, with_error=with_error)

    audit(driver)


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("with_error", [False, True], ids=["form", "error"])
def test_newPost_hasNoSeriousAccessibilityViolation(driver, system, scheme, with_error):
    settled_new_post(driver, system.app_url, scheme, with_error=with_error)

    audit(driver)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_news_hasNoSeriousAccessibilityViolation(driver, system, scheme):
    settled_news(driver, system.app_url, scheme)

    audit(driver)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_story_hasNoSeriousAccessibilityViolation(driver, system, scheme):
    settled_story(driver, system.app_url, snapshot_story(system.api_url), scheme)

    audit(driver)


def test_feed_isUsableWithTheKeyboard(driver, system, feed_api):
    screen = settled_feed(driver, system.app_url)
    first = screen.article_ids()[0]
    link = f"/images/{first}/comments"

    reached_link = False
    for _ in range(15):
        driver.switch_to.active_element.send_keys(Keys.TAB)
        if (driver.switch_to.active_element.get_attribute("href") or "").endswith(link):
            reached_link = True
            break
    assert reached_link, "Tab reaches the first image's link"

    driver.switch_to.active_element.send_keys(Keys.ENTER)

    wait(driver).until(lambda d: d.current_url.endswith(f"/images/{first}/comments"))


# WCAG's contrast of a notice's text (and its Retry) against what it sits on, shown as it is
# shown offline; the page's script is not needed to show it.
NOTICE_CONTRAST = """
const luminance = (rgb) => {
  const [r, g, b] = rgb.map((c) => { c /= 255; return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};
const channels = (colour) => colour.match(/[\\d.]+/g).map(Number);
const background = (element) => {
  for (let e = element; e; e = e.parentElement) {
    const c = channels(getComputedStyle(e).backgroundColor);
    if (c.length < 4 || c[3] > 0) return c.slice(0, 3);
  }
  return channels(getComputedStyle(document.body).backgroundColor).slice(0, 3);
};
const notice = document.querySelector('[data-role=offline-notice]');
notice.hidden = false;
return [...notice.querySelectorAll('p, a')].map((e) => {
  const [l1, l2] = [luminance(channels(getComputedStyle(e).color).slice(0, 3)), luminance(background(e))].sort((a, b) => b - a);
  return (l1 + 0.05) / (l2 + 0.05);
});
"""


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("screen", ["feed", "photo", "comments", "news", "story", "new post"])
def test_offlineNotice_meetsAAContrast(driver, system, feed_api, scheme, screen):
    path = {
        "feed": "/", "photo": f"/images/{photo_item(feed_api)['id']}",
        "comments": f"/images/{comments_item(feed_api)}/comments", "news": "/news",
        "story": f"/news/stories/{snapshot_story(system.api_url)}", "new post": "/new",
    }[screen]
    set_color_scheme(driver, scheme)
    driver.get(system.app_url + path)

    ratios = driver.execute_script(NOTICE_CONTRAST)

    assert ratios and min(ratios) >= 4.5, f"{screen}, {scheme}: {ratios}"


@pytest.mark.parametrize("window", [(1440, 900), (390, 844)], ids=["desktop", "phone"])
def test_feed_pageDown_bringsTheNextPostWithItsAuthorBelowTheHeader(driver, system, feed_api, window):
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": window[0], "height": window[1], "deviceScaleFactor": 1, "mobile": False})
    screen = settled_feed(driver, system.app_url)
    driver.execute_script("document.querySelector('[role=feed] article').focus()")

    for position in (1, 2, 3):
        driver.switch_to.active_element.send_keys(Keys.PAGE_DOWN)
        wait(driver).until(lambda d: d.switch_to.active_element.get_attribute("data-image-id") == screen.article_ids()[position])
        author, header = driver.execute_script(
            "const a = document.activeElement.querySelector('.feed-image-author').getBoundingClientRect();"
            "const h = document.querySelector('.screen-header').getBoundingClientRect(); return [a.top, h.bottom]")
        assert author >= header, f"post {position + 1}'s author is under the header ({author} < {header})"
