"""The feed as a gallery: whole photos in boxes of their own shape, the right size for the
screen, the random photo over the feed, and the end of the feed."""

import pytest
from selenium.webdriver.common.by import By

from browser import block_urls
from screens import CommentsScreen, FeedScreen, fetches, is_shown, record_fetches, wait

BOX_BOUNDS = (0.5, 3.0)


def box_ratio(item: dict) -> float:
    return min(max(item["width"] / item["height"], BOX_BOUNDS[0]), BOX_BOUNDS[1])


def emulate_screen(driver, width: int, height: int, density: float, mobile: bool) -> None:
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": width, "height": height, "deviceScaleFactor": density, "mobile": mobile})


def downloaded_images(driver) -> list[str]:
    return driver.execute_script(
        "return performance.getEntriesByType('resource').map(e => e.name).filter(n => n.includes('/feed-images/'))")


def test_feed_showsEveryPhotoWhole_inABoxOfItsOwnShape_beforeItArrives(driver, system, feed_api):
    items = {item["id"].lower(): item for item in feed_api.all_items}
    block_urls(driver, ["*/feed-images/*"])
    screen = FeedScreen(driver).open(system.app_url).wait_until_loaded(minimum_articles=5)

    boxes = driver.execute_script("""
        return [...document.querySelectorAll('[role=feed] article')].map(a => {
            const box = a.querySelector('.feed-image-container');
            const image = box.querySelector('img.feed-image');
            return { id: a.dataset.imageId, width: box.getBoundingClientRect().width,
                     height: box.getBoundingClientRect().height, fit: getComputedStyle(image).objectFit };
        });""")
    shapes = set()
    for box in boxes:
        item = items[box["id"].lower()]
        shapes.add(round(box_ratio(item), 2))
        assert box["width"] / box["height"] == pytest.approx(box_ratio(item), rel=0.02), f"box of {item['width']}×{item['height']}: {box}"
        assert box["fit"] == "contain", "the photo is never cropped"
    assert len(shapes) >= 3, f"the demo feed has photos of several shapes: {shapes}"

    block_urls(driver, [])
    screen.article(boxes[0]["id"]).find_element(By.CSS_SELECTOR, "button.feed-image-retry").click()
    screen.wait_until_image(boxes[0]["id"], lambda s: s["loaded"], "loaded")
    after = driver.execute_script("return arguments[0].querySelector('.feed-image-container').getBoundingClientRect().height",
                                  screen.article(boxes[0]["id"]))
    assert after == pytest.approx(boxes[0]["height"], abs=0.5), "the box did not change when the photo arrived"


@pytest.mark.parametrize("width, height, density, mobile, expected", [
    (412, 915, 2, True, "regular"),
    (412, 915, 3, True, "regular"),
    (412, 915, 1, True, "small"),
    (1440, 900, 1, False, "regular"),
])
def test_feed_downloadsTheSmallestSharpSize_neverTheFullOne(driver, system, feed_api, width, height, density, mobile, expected):
    emulate_screen(driver, width, height, density, mobile)
    screen = FeedScreen(driver).open(system.app_url).wait_until_loaded(minimum_articles=3)
    wait(driver).until(lambda d: screen.visible_images_loaded(), "images on screen still loading")
    third = screen.article_ids()[2]  # loaded by the script, unlike the first two
    screen.scroll_into_view(screen.article(third))
    screen.wait_until_image(third, lambda s: s["loaded"], "loaded")

    downloads = downloaded_images(driver)
    feed_images = [url for url in downloads if any(image_id in url for image_id in screen.article_ids()[:3])]
    assert len(feed_images) >= 3, downloads
    assert all(url.endswith(f"size={expected}") for url in feed_images), f"{width}px at {density}×: {feed_images}"
    assert not any("size=full" in url for url in downloads)


def settle(driver, screen) -> None:
    try:
        wait(driver).until(lambda d: screen.visible_images_settled())
    except Exception as error:
        unsettled = driver.execute_script("""
            return [...document.querySelectorAll('[role=feed] .feed-image-container')]
              .filter(c => { const r = c.getBoundingClientRect(); return r.bottom > 0 && r.top < innerHeight; })
              .map(c => [c.className, c.querySelector('img.feed-image')?.outerHTML.slice(0, 200)])""")
        raise AssertionError(f"images on screen still loading: {unsettled}") from error


def test_feed_layoutShiftStaysBelowOneHundredth_whileScrollingThroughThreePages(driver, system, feed_api):
    screen = FeedScreen(driver).open(system.app_url).wait_until_loaded()
    driver.execute_script("""
        // Cumulative Layout Shift as browsers report it: the largest session window of
        // shifts (each less than 1 s after the previous one, at most 5 s long).
        window.layoutShift = 0;
        window.layoutShifts = [];
        let session = { value: 0, start: 0, last: -Infinity };
        new PerformanceObserver(list => {
            for (const entry of list.getEntries()) {
                if (entry.hadRecentInput) continue;
                if (entry.startTime - session.last > 1000 || entry.startTime - session.start > 5000) {
                    session = { value: 0, start: entry.startTime, last: entry.startTime };
                }
                session.value += entry.value;
                session.last = entry.startTime;
                window.layoutShift = Math.max(window.layoutShift, session.value);
                window.layoutShifts.push([entry.value, (entry.sources || []).map(s =>
                    [s.node?.className || s.node?.nodeName, JSON.stringify(s.previousRect), JSON.stringify(s.currentRect)])]);
            }
        }).observe({ type: 'layout-shift', buffered: true });""")

    page_size = len(screen.articles())
    for step in range(60):
        driver.execute_script("window.scrollBy(0, window.innerHeight * 0.8)")
        settle(driver, screen)
        if len(screen.articles()) >= 3 * page_size and driver.execute_script(
                "return window.scrollY + innerHeight >= document.documentElement.scrollHeight - 2"):
            break
    assert len(screen.articles()) >= 3 * page_size, "three pages were scrolled through"
    shift = driver.execute_script("return window.layoutShift")
    assert shift < 0.01, f"cumulative layout shift {shift}: {driver.execute_script('return window.layoutShifts')}"


def test_banner_showsARandomPhotoUnderTheAppsName_linkingToItsScreen_andANewOneOnRefresh(driver, system, feed_api):
    ids = {item["id"].lower() for item in feed_api.all_items}
    record_fetches(driver)
    screen = FeedScreen(driver).open(system.app_url).wait_until_loaded()

    banner = driver.find_element(By.CSS_SELECTOR, "a.feed-banner")
    image_id = banner.get_attribute("data-image-id")
    assert image_id.lower() in ids
    assert banner.get_attribute("href").endswith(f"/images/{image_id}")
    assert banner.text.strip() == "Essential Feed"
    assert banner.accessible_name
    feed_top = screen.articles()[0].location["y"]
    assert banner.location["y"] < feed_top, "the banner is above the first post"

    screen.refresh_button().click()
    wait(driver).until(lambda d: [f for f in fetches(d, "/fragments/feed-banner") if f["outcome"] == "response"],
                       "refresh asked for no new banner")
    wait(driver).until(lambda d: d.find_elements(By.CSS_SELECTOR, "a.feed-banner"), "the banner is back after refresh")


def test_banner_thatFails_isSimplyAbsent_andTheFeedUnaffected(driver, system, feed_api):
    screen = FeedScreen(driver).open(system.app_url).wait_until_loaded()
    block_urls(driver, ["*/fragments/feed-banner*"])

    screen.refresh_button().click()

    wait(driver).until(lambda d: not d.find_elements(By.CSS_SELECTOR, "a.feed-banner"), "the banner stayed after it failed")
    screen.wait_until_loaded()
    assert not is_shown(screen.error())
    assert screen.article_ids()[0].lower() == feed_api.all_items[0]["id"].lower()


def test_feedEnd_saysSo_andLeadsBackToTheTop(driver, system, feed_api):
    screen = FeedScreen(driver).open(system.app_url).wait_until_loaded()

    def reached_end(d):
        screen.scroll_to_end()
        return is_shown(screen.feed_end())
    wait(driver, 60).until(reached_end, "the feed end never showed")

    assert "end of your feed" in screen.feed_end().text
    screen.feed_end().find_element(By.CSS_SELECTOR, "[data-action=scroll-to-top]").click()
    wait(driver).until(lambda d: d.execute_script("return window.scrollY") == 0, "not back at the top")
    first = screen.article_ids()[0]
    assert driver.switch_to.active_element.get_attribute("data-image-id") == first


def test_eachPost_opensItsPhotosScreen_fromAVisibleControl_andItsCommentsFromThePhoto(driver, system, feed_api):
    screen = FeedScreen(driver).open(system.app_url).wait_until_loaded()
    article = screen.articles()[0]
    image_id = article.get_attribute("data-image-id")

    control = article.find_element(By.CSS_SELECTOR, "a.feed-photo-link")
    assert control.is_displayed() and control.text.strip().endswith("Open photo")
    assert control.get_attribute("href").endswith(f"/images/{image_id}")
    assert article.find_element(By.CSS_SELECTOR, "a.feed-image-link").get_attribute("href").endswith(f"/images/{image_id}/comments")


def comment_count(article) -> int:
    text = article.find_element(By.CSS_SELECTOR, ".feed-comments-label").text
    return int(text.split()[0].replace(",", ""))


def write_comment(driver, message: str) -> None:
    screen = CommentsScreen(driver).wait_until_loaded()
    before = len(screen.comments())
    driver.find_element(By.CSS_SELECTOR, "form.comment-form textarea").send_keys(message)
    driver.find_element(By.CSS_SELECTOR, "form.comment-form button[type=submit]").click()
    wait(driver).until(lambda d: len(screen.comments()) == before + 1, "the comment did not appear")


@pytest.mark.parametrize("way_back", ["back control", "browser back"])
def test_commentCount_keepsUp_afterCommentingAndGoingBack(driver, system, feed_api, way_back):
    screen = FeedScreen(driver).open(system.app_url).wait_until_loaded(minimum_articles=3)
    article = screen.articles()[2]
    image_id = article.get_attribute("data-image-id")
    count = comment_count(article)
    screen.scroll_into_view(article)

    article.find_element(By.CSS_SELECTOR, "a.feed-comments-link").click()
    write_comment(driver, f"Count me in ({way_back})")
    if way_back == "back control":
        CommentsScreen(driver).back_link().click()
    else:
        driver.back()

    wait(driver).until(lambda d: d.current_url.rstrip("/") == system.app_url)
    FeedScreen(driver).wait_until_loaded()
    wait(driver).until(lambda d: comment_count(screen.article(image_id)) == count + 1,
                       f"the post still says {comment_count(screen.article(image_id))} comments")


def test_commentsScreen_namesWhosePhotoItIs_andShowsItInItsOwnShape_linkingToItsScreen(driver, system, feed_api):
    item = next(i for i in feed_api.all_items if i.get("author") and i["width"] != i["height"])
    FeedScreen(driver).open(system.app_url).wait_until_loaded()
    CommentsScreen(driver).open(system.app_url, item["id"]).wait_until_loaded()

    subject = driver.find_element(By.CSS_SELECTOR, ".comments-subject")
    assert f"{item['author']['name']} @{item['author']['username']}" in subject.text
    frame = subject.find_element(By.CSS_SELECTOR, ".comments-subject-frame")
    assert frame.size["width"] / frame.size["height"] == pytest.approx(box_ratio(item), rel=0.03)
    link = subject.find_element(By.CSS_SELECTOR, "a.comments-subject-link")
    assert link.get_attribute("href").endswith(f"/images/{item['id']}")


def test_largeText_cutsNoTitleShort_andNoControlCoversTheContent(make_browser, system, feed_api):
    from browser import LARGEST_TEXT_SIZE
    driver = make_browser(font_size=LARGEST_TEXT_SIZE)
    item = feed_api.all_items[0]
    for path in ["/", f"/images/{item['id']}/comments", "/news", f"/images/{item['id']}"]:
        driver.get(system.app_url + path)
        wait(driver).until(lambda d: d.find_elements(By.CSS_SELECTOR, ".screen-header h1"))
        title = driver.find_element(By.CSS_SELECTOR, ".screen-header h1")
        whole = driver.execute_script("""
            const h = arguments[0];
            return h.scrollWidth <= h.clientWidth + 1 && getComputedStyle(h).textOverflow !== 'ellipsis'""", title)
        assert whole, f"{path}: the title {title.text!r} is cut short"
        controls = driver.execute_script("""
            return [...document.querySelectorAll('.screen-header a, .screen-header button')]
                .filter(e => e.checkVisibility({ visibilityProperty: true }))
                .map(e => { const r = e.getBoundingClientRect(); return [e.className, r.left, r.right, r.top, r.bottom, e.scrollWidth <= e.clientWidth + 1]; });""")
        width = driver.execute_script("return document.documentElement.clientWidth")
        for name, left, right, top, bottom, fits in controls:
            assert left >= 0 and right <= width + 0.5 and fits, f"{path}: {name} is cut: {left}–{right} of {width}"
        fixed = driver.execute_script("""
            return [...document.querySelectorAll('body *')].filter(e => getComputedStyle(e).position === 'fixed'
                && e.getClientRects().length > 0).map(e => e.className)""")
        assert fixed == [], f"{path}: {fixed} stay over the content"


def test_landscapePhone_headerTucksAwayOnScroll_soAWholePhotoFits(driver, system, feed_api):
    emulate_screen(driver, 915, 412, 2.625, True)
    screen = FeedScreen(driver).open(system.app_url).wait_until_loaded()
    header = driver.find_element(By.CSS_SELECTOR, ".screen-header")
    assert header.size["height"] < 0.2 * 412

    article = screen.articles()[1]
    for _ in range(3):
        driver.execute_script("window.scrollBy(0, 120)")
    driver.execute_script("arguments[0].querySelector('.feed-image-container').scrollIntoView({block: 'center'})", article)
    driver.execute_script("window.scrollBy(0, 30)")
    wait(driver).until(lambda d: d.execute_script("return arguments[0].getBoundingClientRect().bottom <= 0", header),
                       "the header stayed while scrolling down")
    box = driver.execute_script("const r = arguments[0].querySelector('.feed-image-container').getBoundingClientRect(); return [r.top, r.bottom]", article)
    assert box[0] >= 0 and box[1] <= 412, f"the photo does not fit whole: {box}"

    driver.execute_script("window.scrollBy(0, -60)")
    wait(driver).until(lambda d: d.execute_script("return arguments[0].getBoundingClientRect().top >= 0", header),
                       "the header did not come back when scrolling up")


def test_desktop_headerLinesUpWithTheContentColumn(driver, system, feed_api):
    emulate_screen(driver, 1440, 900, 1, False)
    screen = FeedScreen(driver).open(system.app_url).wait_until_loaded()
    title = driver.find_element(By.CSS_SELECTOR, ".screen-header h1").location["x"]
    content = screen.articles()[0].find_element(By.CSS_SELECTOR, ".feed-image-container").location["x"]
    tab = driver.find_element(By.CSS_SELECTOR, ".app-nav-link[aria-current=page] ").location["x"]
    assert abs(title - content) <= 1, f"title at {title}, content at {content}"
    assert abs(tab + driver.execute_script("return parseFloat(getComputedStyle(document.querySelector('.app-nav-link')).paddingLeft)") - content) <= 1
