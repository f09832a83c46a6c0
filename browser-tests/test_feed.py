"""The feed screen in a real browser against the real program and its demo API."""

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from browser import PausedRequests, ReplacedResponses, block_urls, set_latency
from screens import CommentsScreen, FeedScreen, fetches, is_shown, record_fetches, wait


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
    wait(driver).until(lambda d: screen.visible_images_loaded(), "images on screen still loading")
    # Not the random photo over the feed, whose image is on screen already.
    far_away = driver.execute_script("""
        const banner = document.querySelector('.feed-banner')?.dataset.imageId;
        const far = [...document.querySelectorAll('[role=feed] article')]
            .find(a => a.getBoundingClientRect().top > 3 * window.innerHeight && a.dataset.imageId !== banner);
        return far ? far.dataset.imageId : null;""")
    assert far_away, "the first page is longer than three screens"

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


def test_feed_arrivesWithTheScreen_andItsImagesShimmerUntilTheyArrive(driver, system, feed_api):
    screen = FeedScreen(driver).open(system.app_url)

    assert not is_shown(screen.loading()), "the first page comes with the screen"
    assert screen.feed().get_attribute("aria-busy") == "false"
    # An image far down the page, not asked for yet, is held until its shimmer is seen, however
    # busy the machine: a slow network alone could let it arrive before anyone looked.
    far_away = driver.execute_script("""
        const far = [...document.querySelectorAll('[role=feed] article')]
            .find(a => a.getBoundingClientRect().top > 3 * window.innerHeight);
        return far ? far.dataset.imageId : null;""")
    assert far_away, "the first page is longer than three screens"
    held = PausedRequests(driver, [f"*/feed-images/{far_away}*"])
    try:
        screen.scroll_into_view(screen.article(far_away))
        screen.wait_until_image(far_away, lambda s: s["loading"] and not s["loaded"], "shimmering while it loads")
    finally:
        held.close()
    screen.wait_until_image(far_away, lambda s: s["loaded"] and not s["loading"], "loaded")


def test_feed_cancelsAnImageRequestScrolledFarAway_andLoadsTheImageWhenScrolledBack(driver, system, feed_api):
    record_fetches(driver)
    screen = FeedScreen(driver).open(system.app_url).wait_until_loaded()
    wait(driver).until(lambda d: screen.visible_images_loaded(), "images on screen still loading")
    far_away = driver.execute_script("""
        const far = [...document.querySelectorAll('[role=feed] article')]
            .find(a => a.getBoundingClientRect().top > 3 * window.innerHeight);
        return far ? far.dataset.imageId : null;""")
    assert far_away, "the first page is longer than three screens"
    assert fetches(driver, f"/feed-images/{far_away}") == [], "not requested while far away"

    # Held until cancelled, however slow the machine: a delayed response could still win the race.
    held = PausedRequests(driver, [f"*/feed-images/{far_away}*"])
    try:
        screen.scroll_into_view(screen.article(far_away))
        wait(driver).until(lambda d: fetches(d, f"/feed-images/{far_away}"), "the image was not requested when near")
        driver.execute_script("window.scrollTo(0, 0)")

        wait(driver).until(lambda d: fetches(d, f"/feed-images/{far_away}")[0]["outcome"] == "aborted",
                           f"the request was not cancelled: {fetches(driver, f'/feed-images/{far_away}')}")
        cancelled = screen.image_state(far_away)
        assert not cancelled["loaded"] and not cancelled["failed"] and not cancelled["retryShown"]
        assert cancelled["src"] == "", "a cancelled image shows nothing yet"
    finally:
        held.close()

    screen.scroll_into_view(screen.article(far_away))

    screen.wait_until_image(far_away, lambda s: s["loaded"] and not s["loading"], "loaded when scrolled back")
    outcomes = [f["outcome"] for f in fetches(driver, f"/feed-images/{far_away}")]
    assert outcomes == ["aborted", "response"]


def test_feed_ignoresRefreshWhileTheFeedIsLoading(driver, system, feed_api):
    record_fetches(driver)
    screen = FeedScreen(driver).open(system.app_url).wait_until_loaded()
    feed_pages = lambda: [f for f in fetches(driver, "/fragments/feed") if "feed-banner" not in f["url"]]
    loads_before = len(feed_pages())
    set_latency(driver, 1500)

    screen.refresh_button().click()
    assert screen.feed().get_attribute("aria-busy") == "true", "the first refresh is still loading"
    screen.refresh_button().click()
    screen.wait_until_loaded()

    feed_loads = feed_pages()[loads_before:]
    assert [f["outcome"] for f in feed_loads] == ["response"], f"feed requests made: {feed_loads}"


def test_feed_pageDownAndPageUpMoveFocusBetweenArticles(driver, system, feed_api):
    screen = FeedScreen(driver).open(system.app_url).wait_until_loaded(minimum_articles=3)
    ids = screen.article_ids()
    focused = lambda: driver.switch_to.active_element.get_attribute("data-image-id")
    driver.execute_script("arguments[0].focus()", screen.article(ids[0]))

    driver.switch_to.active_element.send_keys(Keys.PAGE_DOWN)
    assert focused() == ids[1]
    driver.switch_to.active_element.send_keys(Keys.PAGE_DOWN)
    assert focused() == ids[2]
    driver.switch_to.active_element.send_keys(Keys.PAGE_UP)
    assert focused() == ids[1]

    screen.article(ids[1]).find_element(By.CSS_SELECTOR, "a.feed-image-link").send_keys(Keys.PAGE_DOWN)
    assert focused() == ids[2], "Page Down from inside an article moves to the next article"


def test_feed_offersRetry_whenTheImageDataIsNotAnImage(driver, system, feed_api):
    image_id = feed_api.all_items[0]["id"]
    patterns = [f"*/feed-images/{variant}*" for variant in {image_id, image_id.lower(), image_id.upper()}]
    not_an_image = ReplacedResponses(driver, patterns, b"this is not an image", "text/plain")
    try:
        screen = FeedScreen(driver).open(system.app_url).wait_until_loaded()
        article_id = screen.article_ids()[0]

        failed = screen.wait_until_image(article_id, lambda s: s["failed"] and s["retryShown"], "failed with retry")
        assert not failed["loaded"]
        assert not_an_image.replaced, "the image's data was replaced"
    finally:
        not_an_image.close()

    screen.article(article_id).find_element(By.CSS_SELECTOR, "button.feed-image-retry").click()

    loaded = screen.wait_until_image(article_id, lambda s: s["loaded"] and not s["failed"], "loaded on retry")
    assert not loaded["retryShown"]
