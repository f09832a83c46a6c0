"""Screenshots of every screen in light, dark and the largest text size, against references.

Record the references (and the README's screenshots) with `RECORD_SNAPSHOTS=1`.
"""

import pytest

from browser import LARGEST_TEXT_SIZE
from screen_states import (comments_item, photo_item, settled_comments, settled_feed, settled_feed_end, settled_log_in,
                           settled_new_post, settled_news, settled_photo, settled_story, snapshot_story)
from snapshots import assert_snapshot, recording, save_docs_screenshot

STATES = [
    ("light", "light", None),
    ("dark", "dark", None),
    ("largest-text", "light", LARGEST_TEXT_SIZE),
]


@pytest.mark.parametrize("state, scheme, font_size", STATES, ids=[s[0] for s in STATES])
def test_feed_snapshot(make_browser, system, feed_api, state, scheme, font_size):
    driver = make_browser(font_size=font_size)

    settled_feed(driver, system.app_url, scheme)

    assert_font_size(driver, font_size)
    assert_snapshot(driver.get_screenshot_as_png(), f"feed-{state}",
                    docs_name=f"feed-{state}" if font_size is None else None)


@pytest.mark.parametrize("state, scheme, font_size", STATES, ids=[s[0] for s in STATES])
def test_feed_end_snapshot(make_browser, system, feed_api, state, scheme, font_size):
    driver = make_browser(font_size=font_size)

    settled_feed_end(driver, system.app_url, scheme)

    assert_font_size(driver, font_size)
    assert_snapshot(driver.get_screenshot_as_png(), f"feed-end-{state}")


@pytest.mark.parametrize("state, scheme, font_size", STATES, ids=[s[0] for s in STATES])
@pytest.mark.parametrize("loading", [False, True], ids=["loaded", "loading"])
def test_photo_snapshot(make_browser, system, feed_api, state, scheme, font_size, loading):
    driver = make_browser(font_size=font_size)

    paused = settled_photo(driver, system.app_url, photo_item(feed_api)["id"], scheme, held_back=loading)
    try:
        assert_font_size(driver, font_size)
        name = f"photo{'-loading' if loading else ''}-{state}"
        assert_snapshot(driver.get_screenshot_as_png(), name, docs_name=name if font_size is None and not loading else None)
    finally:
        if paused:
            paused.close()


@pytest.mark.parametrize("state, scheme, font_size", STATES, ids=[s[0] for s in STATES])
def test_comments_snapshot(make_browser, system, feed_api, state, scheme, font_size):
    driver = make_browser(font_size=font_size)

    settled_comments(driver, system.app_url, comments_item(feed_api), scheme)

    assert_font_size(driver, font_size)
    assert_snapshot(driver.get_screenshot_as_png(), f"comments-{state}")
    if recording() and font_size is None:
        # The README shows the dates the reference hides (they move with the clock).
        driver.execute_script("document.querySelectorAll('time.comment-date').forEach(t => t.style.visibility = '')")
        save_docs_screenshot(driver.get_screenshot_as_png(), f"comments-{state}")


@pytest.mark.parametrize("state, scheme, font_size", STATES, ids=[s[0] for s in STATES])
@pytest.mark.parametrize("with_error", [False, True], ids=["form", "error"])
def test_log_in_snapshot(make_browser, system, state, scheme, font_size, with_error):
    driver = make_browser(font_size=font_size, signed_in=False)

    settled_log_in(driver, system.app_url, scheme, with_error=with_error)

    assert_font_size(driver, font_size)
    name = f"log-in{'-error' if with_error else ''}-{state}"
    assert_snapshot(driver.get_screenshot_as_png(), name, docs_name=name if font_size is None else None)


@pytest.mark.parametrize("state, scheme, font_size", STATES, ids=[s[0] for s in STATES])
@pytest.mark.parametrize("with_error", [False, True], ids=["form", "error"])
def test_new_post_snapshot(make_browser, system, state, scheme, font_size, with_error):
    driver = make_browser(font_size=font_size)

    settled_new_post(driver, system.app_url, scheme, with_error=with_error)

    assert_font_size(driver, font_size)
    name = f"new-post{'-error' if with_error else ''}-{state}"
    assert_snapshot(driver.get_screenshot_as_png(), name, docs_name=name if font_size is None and not with_error else None)


@pytest.mark.parametrize("state, scheme, font_size", STATES, ids=[s[0] for s in STATES])
def test_news_snapshot(make_browser, system, state, scheme, font_size):
    driver = make_browser(font_size=font_size)

    settled_news(driver, system.app_url, scheme)

    assert_font_size(driver, font_size)
    assert_snapshot(driver.get_screenshot_as_png(), f"news-{state}", docs_name=f"news-{state}" if font_size is None else None)


@pytest.mark.parametrize("state, scheme, font_size", STATES, ids=[s[0] for s in STATES])
def test_story_snapshot(make_browser, system, state, scheme, font_size):
    driver = make_browser(font_size=font_size)

    settled_story(driver, system.app_url, snapshot_story(system.api_url), scheme)

    assert_font_size(driver, font_size)
    assert_snapshot(driver.get_screenshot_as_png(), f"story-{state}", docs_name=f"story-{state}" if font_size is None else None)


def assert_font_size(driver, font_size):
    """The browser really uses the text size asked for (the pref took effect)."""
    root = driver.execute_script("return parseFloat(getComputedStyle(document.documentElement).fontSize)")
    assert root == (font_size or 16)
