"""The screens as a reader meets them: content in the first response, readable without
scripts, the place kept on coming back, refresh to the top, large text, the 404 page, and
assets that are downloaded once."""

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from screens import CommentsScreen, FeedScreen, is_shown, wait

IN_VIEW = """
    const box = arguments[0].getBoundingClientRect();
    return box.top >= -1 && box.top < window.innerHeight && box.bottom > 0;"""


def scroll_until_article(driver, screen, position: int) -> None:
    """Scrolls down until the feed has the article at `position` (1-based)."""
    def has_article(_):
        if len(screen.articles()) >= position:
            return True
        screen.scroll_to_end()
        return False
    wait(driver).until(has_article, f"the feed never reached item {position}")


def wait_until_in_view(driver, image_id: str, failure: str) -> None:
    """Waits until the feed has the article of `image_id` and it is in the window."""
    wait(driver).until(lambda d: d.execute_script(
        f"const a = document.querySelector('[role=feed] article[data-image-id=\"{image_id}\"]');"
        "if (!a) return false;" + IN_VIEW.replace("arguments[0]", "a")), failure)


def test_feedScreen_readsWithScriptsOff_andPagesThroughLinks(make_browser, system, feed_api):
    driver = make_browser()
    driver.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": True})
    driver.get(system.app_url + "/")

    articles = driver.find_elements(By.CSS_SELECTOR, '[role="feed"] article')
    assert len(articles) == 10
    assert [a.get_attribute("data-image-id").lower() for a in articles] == \
        [item["id"].lower() for item in feed_api.all_items[:10]]
    first_image = articles[0].find_element(By.CSS_SELECTOR, "img.feed-image")
    wait(driver).until(lambda d: d.execute_script(
        "return arguments[0].complete && arguments[0].naturalWidth > 0", first_image), "the first image did not show")
    assert not is_shown(driver.find_element(By.CSS_SELECTOR, '[data-role="loading"]'))

    driver.find_element(By.CSS_SELECTOR, 'a[data-action="load-more"]').click()

    wait(driver).until(lambda d: "after=" in d.current_url, "the load-more link did not open the next page")
    next_articles = driver.find_elements(By.CSS_SELECTOR, '[role="feed"] article')
    assert next_articles[0].get_attribute("aria-posinset") == "11"
    assert next_articles[0].get_attribute("data-image-id").lower() == feed_api.all_items[10]["id"].lower()


def test_commentsScreen_readsWithScriptsOff_withTheImageItIsAbout(make_browser, system, feed_api):
    item, comments = feed_api.first_item_with_comment(lambda comment: True)
    driver = make_browser()
    FeedScreen(driver).open(system.app_url).wait_until_loaded()  # the app has seen the item
    driver.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": True})
    driver.get(f"{system.app_url}/images/{item['id']}/comments")

    subject = driver.find_element(By.CSS_SELECTOR, "figure.comments-subject")
    assert item["location"] in subject.text
    assert item["description"] in subject.text
    image = subject.find_element(By.TAG_NAME, "img")
    wait(driver).until(lambda d: d.execute_script(
        "return arguments[0].complete && arguments[0].naturalWidth > 0", image), "the image did not show")
    assert len(driver.find_elements(By.CSS_SELECTOR, "ol.comments li.comment")) == len(comments)


def test_browserBack_fromTheCommentsOfItem25_returnsToItem25(driver, system):
    screen = FeedScreen(driver).open(system.app_url).wait_until_loaded()
    scroll_until_article(driver, screen, 25)
    article = screen.articles()[24]
    image_id = article.get_attribute("data-image-id")
    screen.scroll_into_view(article)
    wait(driver).until(lambda d: d.execute_script(IN_VIEW, article), "item 25 is not in view")

    driver.execute_script("arguments[0].querySelector('a.feed-comments-link').click()", article)
    CommentsScreen(driver).wait_until_loaded()
    driver.back()

    wait_until_in_view(driver, image_id, "item 25 is not in view after going back")


def test_backControl_fromTheCommentsOfItem25_returnsToItem25(driver, system):
    screen = FeedScreen(driver).open(system.app_url).wait_until_loaded()
    scroll_until_article(driver, screen, 25)
    article = screen.articles()[24]
    image_id = article.get_attribute("data-image-id")
    screen.scroll_into_view(article)

    driver.execute_script("arguments[0].querySelector('a.feed-comments-link').click()", article)
    comments = CommentsScreen(driver).wait_until_loaded()
    comments.back_link().click()

    wait_until_in_view(driver, image_id, "item 25 is not in view after the back control")


def test_refresh_whileScrolledDown_showsTheTopOfTheNewFeed_withoutLoadingItsImagesAgain(driver, system):
    screen = FeedScreen(driver).open(system.app_url).wait_until_loaded()
    wait(driver).until(lambda d: screen.visible_images_loaded(), "the first images did not load")
    first_image = screen.article_ids()[0]
    scroll_until_article(driver, screen, 15)
    screen.scroll_into_view(screen.articles()[12])
    # Downloads, not lookups: a page the app's service worker looks after finds the image in
    # the browser's cache again (an entry of 0 bytes transferred) where others reuse it unseen.
    downloads = ("return performance.getEntriesByType('resource')"
                 ".filter(e => e.name.includes(arguments[0]) && e.transferSize > 0).length")
    requests_before = driver.execute_script(downloads, first_image)

    screen.watch_for_reload()
    screen.refresh_button().click()
    screen.wait_until_reloaded("refresh did not load the feed")
    screen.wait_until_loaded()

    wait(driver).until(lambda d: d.execute_script("return window.scrollY") == 0, "refresh did not go to the top")
    wait(driver).until(lambda d: screen.visible_images_loaded(), "the top images are not shown")
    assert len(screen.articles()) == 10, "refresh shows the first page only"
    requests_after = driver.execute_script(downloads, first_image)
    assert requests_after == requests_before, "the first image was downloaded again"


def test_enterOnAFocusedItem_opensItsComments(driver, system):
    screen = FeedScreen(driver).open(system.app_url).wait_until_loaded()
    article = screen.articles()[1]
    image_id = article.get_attribute("data-image-id")
    driver.execute_script("arguments[0].focus()", article)

    article.send_keys(Keys.ENTER)

    wait(driver).until(lambda d: d.current_url.endswith(f"/images/{image_id}/comments"), "Enter did not open the comments")


def test_everyFeedItem_hasAVisibleCommentsControl(driver, system):
    screen = FeedScreen(driver).open(system.app_url).wait_until_loaded()

    for article in screen.articles()[:3]:
        link = article.find_element(By.CSS_SELECTOR, "a.feed-comments-link")
        assert link.is_displayed() and link.text.strip()
        assert link.get_attribute("href").endswith(f"/images/{article.get_attribute('data-image-id')}/comments")
        assert link.size["height"] >= 44, "a touch target of at least 44 px"


def test_largestText_keepsHeadersCompact_andImagesWithinTheWindow(make_browser, system, feed_api):
    from browser import LARGEST_TEXT_SIZE
    driver = make_browser(font_size=LARGEST_TEXT_SIZE)
    item, _ = feed_api.first_item_with_comment(lambda comment: True)
    CommentsScreen(driver).open(system.app_url, item["id"]).wait_until_loaded(minimum_comments=1)

    header = driver.find_element(By.CSS_SELECTOR, ".screen-header")
    window_height = driver.execute_script("return window.innerHeight")
    # The title wraps rather than being cut, and a word of it that does not fit beside the
    # controls puts them on a row of their own: two rows at most.
    assert header.size["height"] <= window_height * 0.2, f"header {header.size['height']} px of {window_height}"
    for date in driver.find_elements(By.CSS_SELECTOR, "time.comment-date"):
        assert driver.execute_script("return arguments[0].getClientRects().length", date) == 1, "a date wrapped"

    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": 1280, "height": 800, "deviceScaleFactor": 1, "mobile": False})
    screen = FeedScreen(driver).open(system.app_url).wait_until_loaded()
    image = screen.articles()[0].find_element(By.CSS_SELECTOR, ".feed-image-container")
    assert image.size["height"] <= driver.execute_script("return window.innerHeight")


def test_unknownAddress_showsALocalized404PageWithAWayToTheFeed(make_browser, system):
    driver = make_browser(language="pt-BR")
    driver.get(system.app_url + "/no/such/page")

    assert driver.find_element(By.TAG_NAME, "h1").text == "Página não encontrada"
    assert driver.find_element(By.TAG_NAME, "html").get_attribute("lang") == "pt-BR"
    link = driver.find_element(By.CSS_SELECTOR, "a.go-to-feed")
    link.click()
    FeedScreen(driver).wait_until_loaded()


def test_secondScreen_downloadsNoAssetAgain(driver, system):
    screen = FeedScreen(driver).open(system.app_url).wait_until_loaded()
    first_assets = driver.execute_script(
        "return performance.getEntriesByType('resource').filter(e => e.name.includes('/assets/')).map(e => e.name)")
    assert any(name.endswith(".js") for name in first_assets)

    driver.execute_script("document.querySelector('a.feed-comments-link').click()")
    CommentsScreen(driver).wait_until_loaded()

    downloaded = driver.execute_script("""
        return performance.getEntriesByType('resource')
            .filter(e => arguments[0].includes(e.name) && e.transferSize > 0).map(e => e.name)""", first_assets)
    reused = driver.execute_script("""
        return performance.getEntriesByType('resource')
            .filter(e => arguments[0].includes(e.name)).length""", first_assets)
    assert reused > 0, "the comments screen uses the feed screen's stylesheet and modules"
    assert downloaded == [], f"downloaded again: {downloaded}"
