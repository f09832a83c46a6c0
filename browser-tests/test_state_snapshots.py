"""Screenshots of the feed's and the comments' other states (failures, empty), against references.

Each state in light, dark and the largest text size; record with `RECORD_SNAPSHOTS=1`.
"""

import pytest
from selenium.webdriver.common.by import By

from browser import PausedRequests, block_urls, set_color_scheme
from feed_api import FeedAPI
from news_api import NewsAPI
from screen_states import settle, settled_news, settled_story, snapshot_story
from screens import CommentsScreen, FeedScreen, NewsScreen, StoryScreen, is_shown, wait
from snapshots import assert_snapshot
from test_snapshots import STATES, assert_font_size

IDS = [s[0] for s in STATES]


def blocking_image(image_id: str) -> list[str]:
    return [f"*/feed-images/{variant}*" for variant in {image_id, image_id.lower(), image_id.upper()}]


@pytest.mark.parametrize("state, scheme, font_size", STATES, ids=IDS)
def test_feed_failedImage_snapshot(make_browser, system, feed_api, state, scheme, font_size):
    driver = make_browser(font_size=font_size)
    set_color_scheme(driver, scheme)
    block_urls(driver, blocking_image(feed_api.all_items[0]["id"]))

    screen = FeedScreen(driver).open(system.app_url).wait_until_loaded()
    first = screen.article_ids()[0]
    screen.wait_until_image(first, lambda s: s["failed"] and s["retryShown"], "failed with retry")
    wait(driver, 30).until(lambda d: screen.visible_images_settled(), "images on screen still loading")
    settle(driver)

    assert_font_size(driver, font_size)
    assert_snapshot(driver.get_screenshot_as_png(), f"feed-failed-image-{state}")


@pytest.mark.parametrize("state, scheme, font_size", STATES, ids=IDS)
def test_feed_loadingMore_snapshot(make_browser, system, state, scheme, font_size):
    driver = make_browser(font_size=font_size)
    set_color_scheme(driver, scheme)
    screen = FeedScreen(driver).open(system.app_url).wait_until_loaded()
    next_page = PausedRequests(driver, ["*/fragments/feed?after=*"])
    try:
        screen.scroll_to_end()
        loading_more = lambda: any(is_shown(e) for e in driver.find_elements(By.CSS_SELECTOR, '[data-role="loading-more"]'))
        wait(driver).until(lambda d: next_page.paused and loading_more(),
                           "no loading-more indicator while the next page is in flight")
        wait(driver, 30).until(lambda d: screen.visible_images_loaded(), "images at the end still loading")
        screen.scroll_to_end()
        settle(driver, scroll_to_top=False)

        assert_font_size(driver, font_size)
        assert_snapshot(driver.get_screenshot_as_png(), f"feed-loading-more-{state}")
    finally:
        next_page.close()


@pytest.mark.parametrize("state, scheme, font_size", STATES, ids=IDS)
def test_feed_loadMoreError_snapshot(make_browser, separate_parts, state, scheme, font_size):
    driver = make_browser(font_size=font_size)
    set_color_scheme(driver, scheme)
    screen = FeedScreen(driver).open(separate_parts.app_url).wait_until_loaded()
    # The worker takes over first, so what it keeps of this screen is settled before the next page fails.
    wait(driver, 30).until(lambda d: d.execute_script("return !!navigator.serviceWorker.controller"),
                           "the service worker never took over")
    # The next page waits while the images at the end of the first one load from the API.
    block_urls(driver, ["*/fragments/feed?after=*"])
    screen.scroll_to_end()
    load_more_error = driver.find_element(By.CSS_SELECTOR, '[data-role="load-more-error"]')
    wait(driver).until(lambda d: is_shown(load_more_error), "no load-more error with the next page blocked")
    wait(driver, 30).until(lambda d: screen.visible_images_loaded(), "images at the end still loading")

    separate_parts.stop_api()
    block_urls(driver, [])
    requests_before = next_page_requests(driver)
    retry = load_more_error.find_element(By.CSS_SELECTOR, 'button[data-action="retry-load-more"]')
    retry.click()

    # Unblocking reaches the browser's network a moment later: a retry still blocked fails
    # with status 0 and the same error, so it is tried again until one reaches the app.
    def retried_with_the_api_stopped(d) -> bool:
        if next_page_requests(d) > requests_before:
            return is_shown(load_more_error)
        if is_shown(load_more_error):
            retry.click()
        return False

    wait(driver).until(retried_with_the_api_stopped, "retrying with the API stopped did not show the load-more error again")
    screen.scroll_to_end()
    settle(driver, scroll_to_top=False)

    assert_font_size(driver, font_size)
    assert_snapshot(driver.get_screenshot_as_png(), f"feed-load-more-error-{state}")


def next_page_requests(driver) -> int:
    """The requests for a next page that reached the app (a blocked one leaves a timing of status 0)."""
    return driver.execute_script("return performance.getEntriesByType('resource')"
                                 ".filter(e => e.name.includes('/fragments/feed?after=') && e.responseStatus > 0).length")


@pytest.mark.empty_api
@pytest.mark.parametrize("state, scheme, font_size", STATES, ids=IDS)
def test_feed_empty_snapshot(make_browser, separate_parts, state, scheme, font_size):
    driver = make_browser(font_size=font_size)
    set_color_scheme(driver, scheme)

    screen = FeedScreen(driver).open(separate_parts.app_url)
    wait(driver).until(lambda d: screen.feed().get_attribute("aria-busy") == "false"
                       and is_shown(d.find_element(By.CSS_SELECTOR, '[data-role="empty"]')),
                       "the empty state is not shown for an empty feed")
    settle(driver)

    assert_font_size(driver, font_size)
    assert_snapshot(driver.get_screenshot_as_png(), f"feed-empty-{state}")


@pytest.mark.parametrize("state, scheme, font_size", STATES, ids=IDS)
def test_feed_error_snapshot(make_browser, separate_parts, state, scheme, font_size):
    driver = make_browser(font_size=font_size)
    set_color_scheme(driver, scheme)
    separate_parts.stop_api()

    screen = FeedScreen(driver).open(separate_parts.app_url)
    wait(driver).until(lambda d: is_shown(screen.error()) and not is_shown(screen.loading()),
                       "no error shown without API and cache")
    settle(driver)

    assert_font_size(driver, font_size)
    assert_snapshot(driver.get_screenshot_as_png(), f"feed-error-{state}")


@pytest.mark.parametrize("state, scheme, font_size", STATES, ids=IDS)
def test_comments_error_snapshot(make_browser, separate_parts, state, scheme, font_size):
    driver = make_browser(font_size=font_size)
    set_color_scheme(driver, scheme)
    image_id = FeedAPI(separate_parts.api_url).all_items[0]["id"]
    separate_parts.stop_api()

    screen = CommentsScreen(driver).open(separate_parts.app_url, image_id)
    wait(driver).until(lambda d: is_shown(screen.error()) and not is_shown(screen.loading()),
                       "no error shown for comments without the API")
    settle(driver)

    assert_font_size(driver, font_size)
    assert_snapshot(driver.get_screenshot_as_png(), f"comments-error-{state}")


def wait_for_images(driver) -> None:
    wait(driver, 30).until(lambda d: NewsScreen(d).images_settled(), "images on screen still loading")


@pytest.mark.parametrize("screen_name", ["news", "story"])
@pytest.mark.parametrize("state, scheme, font_size", STATES, ids=IDS)
def test_news_loading_snapshot(make_browser, system, state, scheme, font_size, screen_name):
    """A refresh in flight: the content stays, the indicator says it is loading."""
    driver = make_browser(font_size=font_size)
    if screen_name == "news":
        screen = settled_news(driver, system.app_url, scheme)
    else:
        screen = settled_story(driver, system.app_url, snapshot_story(system.api_url), scheme)
    paused = PausedRequests(driver, ["*/fragments/news*"])
    try:
        screen.refresh_button().click()
        wait(driver).until(lambda d: paused.paused and is_shown(screen.loading()), "no loading indicator while refreshing")
        driver.execute_script("document.activeElement?.blur();")
        settle(driver)

        assert_font_size(driver, font_size)
        assert_snapshot(driver.get_screenshot_as_png(), f"{screen_name}-loading-{state}")
    finally:
        paused.close()


@pytest.mark.parametrize("screen_name", ["news", "story"])
@pytest.mark.parametrize("state, scheme, font_size", STATES, ids=IDS)
def test_news_error_snapshot(make_browser, separate_parts, state, scheme, font_size, screen_name):
    """The API stopped and nothing cached: the news says it could not connect; a story, that
    it was not saved for reading offline."""
    driver = make_browser(font_size=font_size)
    set_color_scheme(driver, scheme)
    story_id = NewsAPI(separate_parts.api_url).of_type("story")[0]["id"]
    separate_parts.stop_api()

    screen = NewsScreen(driver).open(separate_parts.app_url) if screen_name == "news" \
        else StoryScreen(driver).open(separate_parts.app_url, story_id)
    screen.wait_until_loaded()
    wait(driver).until(lambda d: is_shown(screen.error()) and not is_shown(screen.loading()), "no error shown")
    settle(driver)

    assert_font_size(driver, font_size)
    assert_snapshot(driver.get_screenshot_as_png(), f"{screen_name}-error-{state}")


@pytest.mark.parametrize("screen_name", ["news", "story"])
@pytest.mark.parametrize("state, scheme, font_size", STATES, ids=IDS)
def test_news_offline_snapshot(make_browser, separate_parts, state, scheme, font_size, screen_name):
    """Read once online, then the API stopped: the cached news or story, saying since when."""
    driver = make_browser(font_size=font_size)
    story_id = snapshot_story(separate_parts.api_url)
    if screen_name == "news":
        settled_news(driver, separate_parts.app_url, scheme)
    else:
        settled_story(driver, separate_parts.app_url, story_id, scheme)
    separate_parts.stop_api()

    driver.refresh()
    screen = NewsScreen(driver) if screen_name == "news" else StoryScreen(driver)
    screen.wait_until_loaded()
    wait(driver).until(lambda d: is_shown(screen.offline_notice()), "no offline notice")
    wait_for_images(driver)
    # The notice says how long ago the cache was saved: seconds here, and they move.
    driver.execute_script("document.querySelector('[data-role=\"offline-message\"]').style.visibility = 'hidden'")
    settle(driver)

    assert_font_size(driver, font_size)
    assert_snapshot(driver.get_screenshot_as_png(), f"{screen_name}-offline-{state}")
