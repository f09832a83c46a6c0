"""A photo's own screen: the whole photo with its details, the placeholder chain up to the
full size, the keys, Back and Esc to the same post, swipes, and fit / actual size."""

import re

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from browser import PausedRequests
from screens import CommentsScreen, FeedScreen, is_shown, wait


class PhotoScreen:
    def __init__(self, driver):
        self.driver = driver

    def open(self, app_url: str, image_id: str) -> "PhotoScreen":
        self.driver.get(f"{app_url}/images/{image_id}")
        return self

    def image(self):
        return self.driver.find_element(By.CSS_SELECTOR, "img.photo-image")

    def shown_source(self) -> str:
        return self.driver.execute_script("return document.querySelector('img.photo-image').currentSrc")

    def photo_id(self) -> str:
        return self.driver.find_element(By.CSS_SELECTOR, "main.photo-screen").get_attribute("data-photo-id")

    def wait_until_full(self) -> None:
        wait(self.driver).until(lambda d: self.shown_source().endswith("size=full") and not is_shown(self.loader()),
                                "the full size never showed")

    def loader(self):
        return self.driver.find_element(By.CSS_SELECTOR, '[data-role="full-loading"]')


def item_with_everything(feed_api) -> dict:
    return next(i for i in feed_api.all_items
                if i.get("description") and i.get("location") and i.get("author") and i.get("alt") and i.get("created_at"))


def open_from_feed(driver, system, position: int = 1) -> tuple[FeedScreen, str]:
    feed = FeedScreen(driver).open(system.app_url).wait_until_loaded(minimum_articles=position + 1)
    article = feed.articles()[position]
    image_id = article.get_attribute("data-image-id")
    feed.scroll_into_view(article)
    feed.wait_until_image(image_id, lambda s: s["loaded"], "loaded in the feed")
    article.find_element(By.CSS_SELECTOR, "a.feed-photo-link").click()
    wait(driver).until(lambda d: d.current_url.endswith(f"/images/{image_id}"))
    return feed, image_id


def test_photoScreen_showsThePhotoWhole_withEverythingKnownOfIt(driver, system, feed_api):
    item = item_with_everything(feed_api)
    screen = PhotoScreen(driver).open(system.app_url, item["id"])
    screen.wait_until_full()

    image = screen.image()
    assert image.get_attribute("alt") == item["alt"]
    box = driver.execute_script("const r = document.querySelector('.photo-frame').getBoundingClientRect(); return [r.width, r.height]")
    assert box[0] / box[1] == pytest.approx(item["width"] / item["height"], rel=0.02)
    assert box[1] <= driver.execute_script("return innerHeight"), "fits the window"
    details = driver.find_element(By.CSS_SELECTOR, ".photo-details")
    assert item["description"].strip() in details.text
    assert item["location"].strip() in details.text
    assert f"@{item['author']['username']}" in details.text and item["author"]["name"] in details.text
    assert re.search(rf"{item['width']:,} × {item['height']:,} pixels", details.text), details.text
    posted = details.find_element(By.CSS_SELECTOR, "time.photo-posted")
    assert posted.text.startswith("Posted ") and posted.get_attribute("title") and posted.get_attribute("datetime")
    comments = details.find_element(By.CSS_SELECTOR, "a.feed-comments-link")
    assert comments.get_attribute("href").endswith(f"/images/{item['id']}/comments")


def test_photoScreen_showsTheFeedsSizeFromTheBrowsersCache_andTheLoader_untilTheFullSizeArrives(driver, system, feed_api):
    _, image_id = open_from_feed(driver, system)
    driver.back()
    paused = PausedRequests(driver, ["*size=full*"])
    try:
        FeedScreen(driver).wait_until_loaded()
        driver.find_element(By.CSS_SELECTOR, f'article[data-image-id="{image_id}"] a.feed-photo-link').click()
        screen = PhotoScreen(driver)
        wait(driver).until(lambda d: paused.paused, "the full size was not asked for")

        assert is_shown(screen.loader())
        assert driver.find_elements(By.CSS_SELECTOR, ".photo-frame canvas.image-placeholder"), "the BlurHash is painted"
        wait(driver).until(lambda d: d.execute_script("const i = document.querySelector('img.photo-image'); return i.complete && i.naturalWidth > 0"))
        assert screen.shown_source().endswith("size=small"), "the size the feed showed"
        smaller = driver.execute_script(
            "return performance.getEntriesByType('resource').filter(e => e.name.includes('size=small')).map(e => e.transferSize)")
        assert smaller and all(size == 0 for size in smaller), f"downloaded again: {smaller}"
    finally:
        paused.close()
    screen.wait_until_full()


def test_photoScreen_arrowsOpenTheNextAndPreviousPhotos_inFeedOrder_stoppingAtTheEnds(driver, system, feed_api):
    ids = [item["id"].lower() for item in feed_api.all_items]
    screen = PhotoScreen(driver).open(system.app_url, feed_api.all_items[0]["id"])
    FeedScreen(driver)  # the feed is cached by the app once seen
    assert not driver.find_elements(By.CSS_SELECTOR, 'a[rel="prev"]'), "nothing before the first photo"

    driver.find_element(By.TAG_NAME, "body").send_keys(Keys.ARROW_RIGHT)
    wait(driver).until(lambda d: screen.photo_id().lower() == ids[1])
    driver.find_element(By.TAG_NAME, "body").send_keys(Keys.ARROW_RIGHT)
    wait(driver).until(lambda d: screen.photo_id().lower() == ids[2])
    driver.find_element(By.TAG_NAME, "body").send_keys(Keys.ARROW_LEFT)
    wait(driver).until(lambda d: screen.photo_id().lower() == ids[1])

    last = PhotoScreen(driver).open(system.app_url, feed_api.all_items[-1]["id"])
    assert not driver.find_elements(By.CSS_SELECTOR, 'a[rel="next"]'), "nothing after the last photo"
    driver.find_element(By.TAG_NAME, "body").send_keys(Keys.ARROW_RIGHT)
    assert last.photo_id().lower() == ids[-1]


def test_photoScreen_escReturnsToTheFeed_withTheFocusOnThatPhotosPost_andBackToTheSamePlace(driver, system, feed_api):
    feed, image_id = open_from_feed(driver, system, position=4)
    offset = None

    driver.find_element(By.TAG_NAME, "body").send_keys(Keys.ESCAPE)

    wait(driver).until(lambda d: d.current_url.rstrip("/") == system.app_url)
    wait(driver).until(lambda d: d.switch_to.active_element.get_attribute("data-image-id") == image_id,
                       "the focus is not on the photo's post")
    assert driver.execute_script("const r = arguments[0].getBoundingClientRect(); return r.bottom > 0 && r.top < innerHeight",
                                 feed.article(image_id))

    feed.article(image_id).find_element(By.CSS_SELECTOR, "a.feed-photo-link").click()
    wait(driver).until(lambda d: d.current_url.endswith(f"/images/{image_id}"))
    driver.back()
    wait(driver).until(lambda d: d.current_url.rstrip("/") == system.app_url)
    wait(driver).until(lambda d: d.execute_script(
        "const r = arguments[0].getBoundingClientRect(); return r.bottom > 0 && r.top < innerHeight", feed.article(image_id)),
        "Back did not return to the same post")


def test_photoScreen_fitOrActualSize_andSwipes(driver, system, feed_api):
    item = max(feed_api.all_items, key=lambda i: i["width"])
    screen = PhotoScreen(driver).open(system.app_url, item["id"])
    screen.wait_until_full()
    zoom = driver.find_element(By.CSS_SELECTOR, '[data-action="zoom"]')
    fitted = driver.execute_script("return document.querySelector('.photo-frame').getBoundingClientRect().width")

    zoom.click()
    assert zoom.get_attribute("aria-pressed") == "true"
    actual = driver.execute_script("return document.querySelector('.photo-frame').getBoundingClientRect().width")
    assert actual == pytest.approx(item["width"], abs=1) and actual > fitted, "one pixel of the photo to one of the screen"
    zoom.click()
    assert driver.execute_script("return document.querySelector('.photo-frame').getBoundingClientRect().width") == pytest.approx(fitted, abs=1)

    ids = [i["id"].lower() for i in feed_api.all_items]
    position = ids.index(item["id"].lower())
    stage = driver.find_element(By.CSS_SELECTOR, '[data-role="stage"]')
    ActionChains(driver).move_to_element(stage).click_and_hold().move_by_offset(-150, 0).release().perform()
    if position + 1 < len(ids):
        wait(driver).until(lambda d: screen.photo_id().lower() == ids[position + 1], "a swipe left did not open the next photo")


def test_photoScreen_ofAPhotoThatDoesNotExist_isTheNotFoundPage(driver, system):
    driver.get(f"{system.app_url}/images/00000000-0000-0000-0000-000000000000")
    assert "not found" in driver.find_element(By.TAG_NAME, "h1").text.lower() or driver.find_elements(By.CSS_SELECTOR, "a.go-to-feed")


def test_photoScreen_withTheAPIStopped_opensAPhotoTheAppHasCached_andSaysSoOfOneItHasNot(driver, separate_parts):
    from feed_api import FeedAPI
    items = FeedAPI(separate_parts.api_url).all_items
    feed, image_id = open_from_feed(driver, separate_parts)
    never_seen = items[-1]["id"]
    separate_parts.stop_api()

    screen = PhotoScreen(driver).open(separate_parts.app_url, image_id)
    wait(driver, 30).until(lambda d: not is_shown(screen.loader()), "the loader stayed: never a spinner forever")
    # The full size shows when the app has it (a demo photo's is its regular size), else a word says so.
    assert screen.shown_source().endswith("size=full") or is_shown(
        driver.find_element(By.CSS_SELECTOR, '[data-role="full-unavailable"]'))
    assert driver.execute_script("const i = document.querySelector('img.photo-image'); return i.complete && i.naturalWidth > 0"), \
        "the size the app has cached shows"
    assert is_shown(driver.find_element(By.CSS_SELECTOR, '[data-role="offline-notice"]'))

    driver.get(f"{separate_parts.app_url}/images/{never_seen}")
    message = driver.find_element(By.CSS_SELECTOR, ".photo-unavailable")
    assert "not saved for offline viewing" in message.text
    assert not driver.find_elements(By.CSS_SELECTOR, ".spinner:not([hidden])") or not is_shown(driver.find_element(By.CSS_SELECTOR, ".spinner"))


def test_photoScreen_whenTheFullSizeFails_keepsTheSmallerOne_andSaysSo(driver, system, feed_api):
    from browser import block_urls
    block_urls(driver, ["*size=full*"])
    screen = PhotoScreen(driver).open(system.app_url, feed_api.all_items[0]["id"])

    wait(driver).until(lambda d: is_shown(d.find_element(By.CSS_SELECTOR, '[data-role="full-unavailable"]')),
                       "no word that the full size could not be loaded")
    assert not is_shown(screen.loader())
    assert not screen.shown_source().endswith("size=full")
    assert driver.execute_script("const i = document.querySelector('img.photo-image'); return i.complete && i.naturalWidth > 0")


PHOTO_LAYOUT = """
const box = (selector) => { const e = document.querySelector(selector); const r = e.getBoundingClientRect();
  return { top: r.top, bottom: r.bottom, left: r.left, right: r.right, height: r.height, width: r.width, shown: !!e.offsetParent }; };
const steps = [...document.querySelectorAll('.photo-controls > *')].filter((e) => e.offsetParent)
  .map((e) => {
    const r = e.getBoundingClientRect();
    const tops = new Set();
    const walker = document.createTreeWalker(e, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.textContent.trim() || getComputedStyle(node.parentElement).clipPath !== 'none') continue;
      const text = document.createRange();
      text.selectNodeContents(node);
      for (const line of text.getClientRects()) tops.add(Math.round(line.top));
    }
    return { top: r.top, bottom: r.bottom, left: r.left, right: r.right, lines: tops.size };
  });
return { header: box('.screen-header'), frame: box('.photo-frame'), author: box('.photo-details .feed-image-author'),
         steps, viewport: { width: innerWidth, height: innerHeight } };
"""


@pytest.mark.parametrize("window", [(390, 844, None, True), (1440, 900, None, False), (390, 844, 32, True),
                                    (430, 932, 32, False), (1440, 900, 32, False)],
                         ids=["phone", "desktop", "phone-200%", "narrow-200%", "desktop-200%"])
@pytest.mark.parametrize("shape", ["wide", "tall"])
def test_photoScreen_showsThePhoto_withTheAuthorAndTheActionsInView(make_browser, system, feed_api, window, shape):
    width, height, font_size, mobile = window
    item = next(i for i in feed_api.all_items if i.get("author")
                and (i["width"] > i["height"] if shape == "wide" else i["width"] < i["height"]))
    driver = make_browser(font_size=font_size)
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile})
    screen = PhotoScreen(driver).open(system.app_url, item["id"])
    screen.wait_until_full()

    layout = driver.execute_script(PHOTO_LAYOUT)

    viewport = layout["viewport"]
    frame = layout["frame"]
    assert frame["top"] >= layout["header"]["bottom"] - 1, layout
    assert layout["author"]["bottom"] <= viewport["height"], f"the author line is below the fold: {layout}"
    steps = layout["steps"]
    assert len(steps) == 3, "Previous, the zoom and Next"
    assert all(s["bottom"] <= viewport["height"] and s["left"] >= 0 and s["right"] <= viewport["width"] for s in steps), layout
    assert max(s["top"] for s in steps) - min(s["top"] for s in steps) < 8, f"the actions share one row: {steps}"
    assert all(s["lines"] <= 1 for s in steps), f"no action wraps: {steps}"
    assert frame["bottom"] <= steps[0]["top"], "the actions are under the photo, not over it"
    gap = steps[0]["top"] - frame["bottom"]
    assert gap < 40, f"no tall empty area between the photo and its actions: {gap}px"


@pytest.mark.parametrize("device_pixel_ratio", [1, 2])
def test_photoScreen_actualSize_isOnePhotoPixelPerDevicePixel(driver, system, feed_api, device_pixel_ratio):
    item = next(i for i in feed_api.all_items if i["width"] < i["height"] and i["width"] <= 600)
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": 1440, "height": 900, "deviceScaleFactor": device_pixel_ratio, "mobile": False})
    screen = PhotoScreen(driver).open(system.app_url, item["id"])
    screen.wait_until_full()

    driver.find_element(By.CSS_SELECTOR, '[data-action="zoom"]').click()

    drawn = driver.execute_script("const r = document.querySelector('img.photo-image').getBoundingClientRect(); return [r.width, r.height]")
    assert drawn == [pytest.approx(item["width"] / device_pixel_ratio, abs=1), pytest.approx(item["height"] / device_pixel_ratio, abs=1)]


def test_anUnknownPhotosPage_keepsTheHeaderAndTabs(driver, system):
    driver.get(f"{system.app_url}/images/00000000-0000-0000-0000-000000000000")

    assert driver.find_element(By.CSS_SELECTOR, ".screen-header h1").text
    assert [a.text for a in driver.find_elements(By.CSS_SELECTOR, ".app-nav a")] == ["Feed", "News", "🔍", "🔔"]
    assert driver.find_elements(By.CSS_SELECTOR, ".screen-header .account-controls, .screen-header .account-menu")
