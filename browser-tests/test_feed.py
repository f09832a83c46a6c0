"""The feed screen in a real browser against the real program and its demo API."""

from selenium.webdriver.common.by import By

from browser import block_urls, set_latency
from screens import CommentsScreen, FeedScreen, is_shown, wait


def text_of(element):
    return (element.get_attribute("textContent") or "").strip()


def test_feed_loadsOnOpen_withTitleAndTheFirstItemsInFeedOrder(driver, system, feed_api):
    screen = FeedScreen(driver).open(system.app_url).wait_until_loaded()

    assert screen.title() == "My Feed"
    assert driver.title, "the page has a <title>"
    ids = screen.article_ids()
    expected = [item["id"].lower() for item in feed_api.all_items[:len(ids)]]
    assert [image_id.lower() for image_id in ids] == expected
    assert not is_shown(screen.loading())
    assert not is_shown(screen.error())


def test_feed_describesEachArticleForTheFeedPattern(driver, system, feed_api):
    screen = FeedScreen(driver).open(system.app_url).wait_until_loaded()
    items = {item["id"].lower(): item for item in feed_api.all_items}

    articles = screen.articles()
    for position, article in enumerate(articles, start=1):
        assert article.get_attribute("aria-posinset") == str(position)
        set_size = int(article.get_attribute("aria-setsize"))
        assert set_size in (-1, len(articles), len(items)), f"aria-setsize {set_size}"
        item = items[article.get_attribute("data-image-id").lower()]
        link = article.find_element(By.CSS_SELECTOR, "a.feed-image-link")
        assert link.get_attribute("href").endswith(f"/images/{article.get_attribute('data-image-id')}/comments")
        image = link.find_element(By.CSS_SELECTOR, "img.feed-image")
        assert article.find_elements(By.CSS_SELECTOR, ".feed-image-container img.feed-image") == [image]
        assert image.get_attribute("alt"), "every image has a localized alt text"
        locations = [text_of(e) for e in article.find_elements(By.CSS_SELECTOR, ".feed-image-location")]
        descriptions = [text_of(e) for e in article.find_elements(By.CSS_SELECTOR, ".feed-image-description")]
        assert locations == ([item["location"].strip()] if item.get("location") else [])
        assert descriptions == ([item["description"].strip()] if item.get("description") else [])


def test_feed_showsTheImagesNearTheViewport(driver, system, feed_api):
    screen = FeedScreen(driver).open(system.app_url).wait_until_loaded()
    first = screen.article_ids()[0]

    state = screen.wait_until_image(first, lambda s: s["loaded"] and not s["loading"], "loaded")

    assert not state["failed"] and not state["retryShown"]
    wait(driver).until(lambda d: screen.visible_images_loaded(), "images on screen still loading")


def test_feed_loadsAnImageOnlyWhenItComesNearTheViewport(driver, system, feed_api):
    screen = FeedScreen(driver).open(system.app_url).wait_until_loaded()
    far_away = driver.execute_script("""
        const far = [...document.querySelectorAll('[role=feed] article')]
            .find(a => a.getBoundingClientRect().top > 3 * window.innerHeight);
        return far ? far.dataset.imageId : null;""")
    assert far_away, "the first page is longer than three screens"
    wait(driver).until(lambda d: screen.visible_images_loaded(), "images on screen still loading")

    assert not screen.image_state(far_away)["loaded"], "an image far below the viewport is not loaded yet"
    requested = driver.execute_script(
        "return performance.getEntriesByType('resource').some(e => e.name.includes(arguments[0]))", far_away)
    assert not requested, "an image far below the viewport is not requested yet"

    screen.scroll_into_view(screen.article(far_away))

    screen.wait_until_image(far_away, lambda s: s["loaded"] and not s["loading"], "loaded once near")


def test_feed_loadsMorePagesWhenScrolledToTheEnd_untilTheFeedEnds(driver, system, feed_api):
    screen = FeedScreen(driver).open(system.app_url).wait_until_loaded()
    first_page = len(screen.articles())
    total = len(feed_api.all_items)
    assert first_page < total, "the demo feed has more than one page"

    screen.scroll_to_end()
    wait(driver).until(lambda d: len(screen.articles()) > first_page, "scrolling to the end loaded no more")

    def reached_end(d):
        screen.scroll_to_end()
        return is_shown(screen.feed_end())
    wait(driver, 60).until(reached_end, "the feed end never showed")

    ids = [image_id.lower() for image_id in screen.article_ids()]
    assert ids == [item["id"].lower() for item in feed_api.all_items]
    positions = [a.get_attribute("aria-posinset") for a in screen.articles()]
    assert positions == [str(n) for n in range(1, total + 1)]
    assert screen.feed().get_attribute("aria-busy") == "false"


def test_feed_offersRetryForAFailedImage_andRetryLoadsIt(driver, system, feed_api):
    image_id = feed_api.all_items[0]["id"]
    block_urls(driver, [f"*/feed-images/{variant}*" for variant in {image_id, image_id.lower(), image_id.upper()}])
    screen = FeedScreen(driver).open(system.app_url).wait_until_loaded()
    article_id = screen.article_ids()[0]

    failed = screen.wait_until_image(article_id, lambda s: s["failed"] and s["retryShown"], "failed with retry")
    assert not failed["loaded"]

    block_urls(driver, [])
    screen.article(article_id).find_element(By.CSS_SELECTOR, "button.feed-image-retry").click()

    loaded = screen.wait_until_image(article_id, lambda s: s["loaded"] and not s["failed"], "loaded on retry")
    assert not loaded["retryShown"]


def test_feed_opensTheCommentsOfTheSelectedImage(driver, system, feed_api):
    screen = FeedScreen(driver).open(system.app_url).wait_until_loaded()
    image_id = screen.article_ids()[1]

    screen.article(image_id).find_element(By.CSS_SELECTOR, "a.feed-image-link").click()

    wait(driver).until(lambda d: d.current_url.endswith(f"/images/{image_id}/comments"))
    comments = CommentsScreen(driver).wait_until_loaded()
    assert comments.title() == "Comments"
    assert len(comments.comments()) == len(feed_api.comments(image_id))


def test_feed_refreshControlLoadsTheFeedAgain(driver, system, feed_api):
    screen = FeedScreen(driver).open(system.app_url).wait_until_loaded()
    screen.watch_for_reload()

    refresh = screen.refresh_button()
    assert refresh.accessible_name, "the refresh control has an accessible name"
    refresh.click()

    screen.wait_until_reloaded("clicking refresh loaded nothing")
    screen.wait_until_loaded()
    assert screen.article_ids()[0].lower() == feed_api.all_items[0]["id"].lower()
    assert not is_shown(screen.error())


def test_feed_pullingDownFromTheTopLoadsTheFeedAgain(driver, system, feed_api):
    screen = FeedScreen(driver).open(system.app_url).wait_until_loaded()
    screen.watch_for_reload()

    screen.pull_down()

    screen.wait_until_reloaded("pulling down loaded nothing")
    screen.wait_until_loaded()
    assert screen.article_ids()[0].lower() == feed_api.all_items[0]["id"].lower()


def test_feed_showsLoadingStates_untilTheFeedAndItsImagesArrive(driver, system, feed_api):
    set_latency(driver, 1500)
    screen = FeedScreen(driver).open(system.app_url)

    assert is_shown(screen.loading()), "the loading indicator shows while the feed loads"
    assert screen.feed().get_attribute("aria-busy") == "true"

    screen.wait_until_loaded()
    first = screen.article_ids()[0]
    shimmering = screen.image_state(first)
    assert shimmering["loading"] and not shimmering["loaded"], "the image shimmers while it loads"
    screen.wait_until_image(first, lambda s: s["loaded"] and not s["loading"], "loaded")
