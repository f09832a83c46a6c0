"""The app on its own, with the API taken away: the customer keeps seeing the cached feed."""

import pytest
from selenium.webdriver.common.by import By

from feed_api import FeedAPI
from harness import http_get

from screens import CommentsScreen, FeedScreen, is_shown, wait


def test_feed_showsTheCachedFeed_whenTheAPICannotBeReached(driver, separate_parts):
    online = FeedScreen(driver).open(separate_parts.app_url).wait_until_loaded()
    ids_online = online.article_ids()
    first = ids_online[0]
    online.wait_until_image(first, lambda s: s["loaded"], "loaded while online")
    expected_first_page = [item["id"].lower() for item in FeedAPI(separate_parts.api_url).all_items[:len(ids_online)]]
    assert [i.lower() for i in ids_online] == expected_first_page

    separate_parts.stop_api()
    status, _, _ = http_get(separate_parts.app_url + "/")
    assert status == 200, "the app keeps serving with the API gone"
    driver.refresh()

    offline = FeedScreen(driver).wait_until_loaded()
    assert offline.article_ids()[:len(ids_online)] == ids_online
    assert not is_shown(offline.error()), "the cached feed is not an error"
    offline.wait_until_image(first, lambda s: s["loaded"] and not s["failed"],
                             "an image seen online still shows from the cache")


def test_feed_showsAnError_whenNeitherTheAPINorACacheHasTheFeed(driver, separate_parts):
    separate_parts.stop_api()

    screen = FeedScreen(driver).open(separate_parts.app_url)

    wait(driver).until(lambda d: is_shown(screen.error()), "no error shown without API and cache")
    assert screen.error().text.strip(), "the error says what went wrong"
    assert screen.articles() == []
    screen.error().find_element(By.TAG_NAME, "p").click()
    assert is_shown(screen.error()), "with nothing else on screen, tapping keeps the error and its retry"
    assert is_shown(screen.error().find_element(By.CSS_SELECTOR, '[data-action="retry"]'))


@pytest.mark.empty_api
def test_feed_showsTheEmptyState_whenTheFeedHasNoItems(driver, separate_parts):
    screen = FeedScreen(driver).open(separate_parts.app_url)

    wait(driver).until(lambda d: screen.feed().get_attribute("aria-busy") == "false"
                       and is_shown(d.find_element(By.CSS_SELECTOR, '[data-role="empty"]')),
                       "the empty state is not shown for an empty feed")
    assert screen.articles() == []
    assert not is_shown(screen.error())


def test_feed_offersToRetryLoadingMore_whenTheNextPageFails(driver, separate_parts):
    screen = FeedScreen(driver).open(separate_parts.app_url).wait_until_loaded()
    first_page = len(screen.articles())
    total = len(FeedAPI(separate_parts.api_url).all_items)
    assert first_page < total, "the demo feed has more than one page"

    separate_parts.stop_api()
    screen.scroll_to_end()
    load_more_error = driver.find_element(By.CSS_SELECTOR, '[data-role="load-more-error"]')
    wait(driver).until(lambda d: is_shown(load_more_error), "no load-more error with the API gone")
    assert len(screen.articles()) == first_page
    load_more_button = driver.find_element(By.CSS_SELECTOR, '[data-action="load-more"]')
    assert not is_shown(load_more_button), "the error offers its own retry; a second button would only repeat it"

    separate_parts.restart_api()
    load_more_error.find_element(By.CSS_SELECTOR, 'button[data-action="retry-load-more"]').click()

    wait(driver).until(lambda d: len(screen.articles()) > first_page, "retrying loaded no more articles")
    assert not is_shown(load_more_error)


def test_comments_showAnError_whenTheAPICannotBeReached(driver, separate_parts):
    image_id = FeedAPI(separate_parts.api_url).all_items[0]["id"]
    separate_parts.stop_api()

    screen = CommentsScreen(driver).open(separate_parts.app_url, image_id)

    wait(driver).until(lambda d: is_shown(screen.error()), "no error shown for comments without the API")
    assert screen.error().text.strip()
    assert screen.comments() == []
    assert screen.back_link().is_displayed(), "the way back to the feed stays"


def test_feed_clearsTheError_whenTheNextLoadSucceeds(driver, separate_parts):
    separate_parts.stop_api()
    screen = FeedScreen(driver).open(separate_parts.app_url)
    wait(driver).until(lambda d: is_shown(screen.error()), "no error shown without API and cache")

    separate_parts.restart_api()
    screen.refresh_button().click()

    screen.wait_until_loaded()
    assert not is_shown(screen.error()), "a successful load clears the error"


def offline_notice(driver):
    return driver.find_element(By.CSS_SELECTOR, '[data-role="offline-notice"]')


def test_feed_saysItShowsTheSavedFeedAndSinceWhen_andRecoversOnItsOwn(driver, separate_parts):
    screen = FeedScreen(driver).open(separate_parts.app_url).wait_until_loaded()
    ids_online = screen.article_ids()
    assert not is_shown(offline_notice(driver)), "online, there is nothing to say"

    separate_parts.stop_api()
    driver.refresh()
    screen = FeedScreen(driver).wait_until_loaded()
    wait(driver).until(lambda d: is_shown(offline_notice(d)), "no offline notice over the saved feed")
    text = offline_notice(driver).text
    assert "Offline — showing the feed saved" in text, text
    assert is_shown(offline_notice(driver).find_element(By.CSS_SELECTOR, '[data-action="retry"]'))
    assert screen.article_ids() == ids_online
    assert not is_shown(screen.error())

    separate_parts.restart_api()

    wait(driver, 60).until(lambda d: not is_shown(offline_notice(d)), "the screen did not recover once the API answered")
    assert screen.article_ids() == ids_online, "recovering changed nothing the person sees"
    assert not is_shown(screen.error())


def test_feed_errorOffersARetry_thatLoadsTheFeedOnceTheAPIAnswers(driver, separate_parts):
    separate_parts.stop_api()
    screen = FeedScreen(driver).open(separate_parts.app_url)
    wait(driver).until(lambda d: is_shown(screen.error()), "no error shown without API and cache")
    retry = screen.error().find_element(By.CSS_SELECTOR, '[data-action="retry"]')
    assert is_shown(retry)

    separate_parts.restart_api()
    retry.click()

    wait(driver).until(lambda d: len(screen.articles()) > 0, "retrying loaded no feed")
    assert not is_shown(screen.error())


def test_comments_ofAnImageTheAPIDoesNotKnow_sayItIsNotThere_notThatTheServerIsDown(driver, separate_parts):
    screen = CommentsScreen(driver).open(separate_parts.app_url, "9A0B2C4D-6E8F-4A1B-8C3D-5E7F9A1B3C5D")

    wait(driver).until(lambda d: is_shown(screen.error()), "no message for comments of an unknown image")
    assert "no longer available" in screen.error().text
    assert "connect" not in screen.error().text.lower()
    assert not is_shown(screen.error().find_element(By.CSS_SELECTOR, '[data-action="retry"]')), "retrying cannot bring it back"
    assert screen.back_link().is_displayed(), "the way back to the feed stays"
