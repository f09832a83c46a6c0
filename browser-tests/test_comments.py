"""The image comments screen in a real browser."""

from selenium.webdriver.common.by import By

from browser import set_latency
from feed_api import parse_iso8601
from screens import CommentsScreen, FeedScreen, fetches, is_shown, record_fetches, wait


def has_markup(comment):
    return "<" in comment["message"] and ">" in comment["message"]


def test_comments_showsEveryCommentInAPIOrder_withUsernameDateAndMessage(driver, system, feed_api):
    item, expected = feed_api.first_item_with_comment(lambda c: True)
    screen = CommentsScreen(driver).open(system.app_url, item["id"]).wait_until_loaded(minimum_comments=1)

    assert screen.title() == "Comments"
    shown = screen.comment_contents()
    assert [(c["username"], c["message"]) for c in shown] == \
        [(c["author"]["username"], c["message"].strip()) for c in expected]
    for comment, api_comment in zip(shown, expected):
        assert comment["datetime"], "each comment's <time> has a datetime attribute"
        assert parse_iso8601(comment["datetime"]) == parse_iso8601(api_comment["created_at"])
        assert comment["date"].endswith(" ago"), f"a relative date, not {comment['date']!r}"
    assert not is_shown(screen.loading())
    assert not is_shown(screen.error())


def test_comments_showsMarkupInAMessageAsText(driver, system, feed_api):
    item, expected = feed_api.first_item_with_comment(has_markup)
    markup = next(c for c in expected if has_markup(c))
    screen = CommentsScreen(driver).open(system.app_url, item["id"]).wait_until_loaded(minimum_comments=1)

    shown = next(c for c in screen.comment_contents() if c["username"] == markup["author"]["username"]
                 and c["message"] == markup["message"].strip())
    assert shown["markupElements"] == 0, "markup in a message must not become elements"
    assert driver.find_elements(By.CSS_SELECTOR, "ol.comments b") == []
    assert "<b>" in driver.find_element(By.CSS_SELECTOR, "ol.comments").text


def test_comments_backLinkReturnsToTheFeed(driver, system, feed_api):
    item, _ = feed_api.first_item_with_comment(lambda c: True)
    screen = CommentsScreen(driver).open(system.app_url, item["id"]).wait_until_loaded()

    back = screen.back_link()
    assert back.accessible_name, "the back control has an accessible name"
    back.click()

    wait(driver).until(lambda d: d.current_url.rstrip("/") == system.app_url)
    feed = FeedScreen(driver).wait_until_loaded()
    assert feed.title() == "My Feed"


def test_comments_browserBackReturnsToTheFeed(driver, system, feed_api):
    feed = FeedScreen(driver).open(system.app_url).wait_until_loaded()
    image_id = feed.article_ids()[0]
    feed.article(image_id).find_element(By.CSS_SELECTOR, "a.feed-image-link").click()
    wait(driver).until(lambda d: d.current_url.endswith(f"/images/{image_id}/comments"))
    CommentsScreen(driver).wait_until_loaded()

    driver.back()

    wait(driver).until(lambda d: d.current_url.rstrip("/") == system.app_url)
    feed.wait_until_loaded()
    assert feed.title() == "My Feed"
    assert feed.article_ids()[0] == image_id


def test_comments_refreshControlLoadsTheCommentsAgain(driver, system, feed_api):
    item, expected = feed_api.first_item_with_comment(lambda c: True)
    screen = CommentsScreen(driver).open(system.app_url, item["id"]).wait_until_loaded(minimum_comments=1)
    screen.watch_for_reload()

    screen.refresh_button().click()

    screen.wait_until_reloaded("clicking refresh loaded nothing")
    screen.wait_until_loaded(minimum_comments=1)
    assert len(screen.comments()) == len(expected)


def test_comments_pullingDownLoadsTheCommentsAgain(driver, system, feed_api):
    item, expected = feed_api.first_item_with_comment(lambda c: True)
    screen = CommentsScreen(driver).open(system.app_url, item["id"]).wait_until_loaded(minimum_comments=1)
    screen.watch_for_reload()

    screen.pull_down()

    screen.wait_until_reloaded("pulling down loaded nothing")
    screen.wait_until_loaded(minimum_comments=1)
    assert len(screen.comments()) == len(expected)


def test_comments_arriveWithTheScreen_withoutAFragmentRequest(driver, system, feed_api):
    item, expected = feed_api.first_item_with_comment(lambda c: True)
    record_fetches(driver)
    set_latency(driver, 500)

    screen = CommentsScreen(driver).open(system.app_url, item["id"])

    assert not is_shown(screen.loading()), "nothing is left loading once the screen arrives"
    assert len(screen.comments()) == len(expected)
    assert fetches(driver, "/fragments/") == []


def refreshing_slowly(driver, app_url, image_id) -> CommentsScreen:
    """The comments screen loading its comments again, with the response still on its way."""
    record_fetches(driver)
    screen = CommentsScreen(driver).open(app_url, image_id).wait_until_loaded(minimum_comments=1)
    set_latency(driver, 3000)
    screen.refresh_button().click()
    assert is_shown(screen.loading()), "the comments are loading again"
    assert [f["outcome"] for f in fetches(driver, "/comments")] == ["pending"], "the first comments came with the screen"
    return screen


# The browser cancels a document's requests itself when it navigates away, so these dispatch the
# `pagehide` event a navigation fires and look at what the screen does with its own request.
PAGEHIDE = "window.dispatchEvent(new PageTransitionEvent('pagehide', { persisted: arguments[0] }))"


def test_comments_cancelTheRequest_whenThePageIsLeftForGood(driver, system, feed_api):
    item, _ = feed_api.first_item_with_comment(lambda c: True)
    screen = refreshing_slowly(driver, system.app_url, item["id"])

    driver.execute_script(PAGEHIDE, False)

    wait(driver).until(lambda d: fetches(d, "/comments")[-1]["outcome"] == "aborted",
                       f"the request was not cancelled: {fetches(driver, '/comments')}")
    wait(driver).until(lambda d: not is_shown(screen.loading()), "still loading after the cancel")
    assert not is_shown(screen.error()), "a cancelled request is no error"


def test_comments_keepLoading_whenThePageIsOnlyHidden(driver, system, feed_api):
    item, expected = feed_api.first_item_with_comment(lambda c: True)
    screen = refreshing_slowly(driver, system.app_url, item["id"])

    driver.execute_script(PAGEHIDE, True)

    wait(driver).until(lambda d: fetches(d, "/comments")[-1]["outcome"] != "pending", "the request never ended")
    assert fetches(driver, "/comments")[-1]["outcome"] == "response"
    screen.wait_until_loaded(minimum_comments=1)
    assert len(screen.comments()) == len(expected)


def test_comments_sayHowManyThereAre_andSoAfterARefresh(driver, system, feed_api):
    item, expected = feed_api.first_item_with_comment(lambda c: True)
    screen = CommentsScreen(driver).open(system.app_url, item["id"]).wait_until_loaded(minimum_comments=1)
    count = driver.find_element(By.CSS_SELECTOR, '[data-role="comments-count"]')
    label = f"{len(expected)} comment" + ("" if len(expected) == 1 else "s")

    assert is_shown(count) and count.text == label

    screen.refresh_button().click()
    screen.wait_until_loaded(minimum_comments=1)
    assert is_shown(count) and count.text == label
