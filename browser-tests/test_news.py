"""The news as a reader meets it: the featured story, every kind of row opening the right
thing, a story with its images, the list kept in place on coming back, and reading offline."""

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By

from harness import http_get, start_app
from news_api import NewsAPI
from screens import FeedScreen, NewsScreen, StoryScreen, is_shown, wait

IN_VIEW = """
    const box = arguments[0].getBoundingClientRect();
    return box.top >= 0 && box.bottom <= window.innerHeight;"""


def test_navigation_leadsFromTheFeedToTheNews_andBack(driver, system):
    FeedScreen(driver).open(system.app_url).wait_until_loaded()

    driver.find_element(By.CSS_SELECTOR, '.app-nav a[href="/news"]').click()

    news = NewsScreen(driver).wait_until_loaded()
    assert driver.current_url.endswith("/news")
    assert driver.find_element(By.CSS_SELECTOR, '.app-nav [aria-current="page"]').text == "News"
    assert news.title() == NewsAPI(system.api_url).news["title"]
    driver.find_element(By.CSS_SELECTOR, '.app-nav a[href="/"]').click()
    FeedScreen(driver).wait_until_loaded()


def test_newsScreen_featuresTheFirstStory_thenEveryItemInTheAPIsOrder(driver, system):
    api = NewsAPI(system.api_url)
    news = NewsScreen(driver).open(system.app_url).wait_until_loaded()

    featured = news.featured()
    first_story = api.of_type("story")[0]
    assert featured.get_attribute("data-item-id").lower() == first_story["id"].lower()
    assert first_story["headline"] in featured.text and first_story["teaser"] in featured.text
    assert "Updated" in featured.text
    image = featured.find_element(By.CSS_SELECTOR, "img.news-image")
    wait(driver).until(lambda d: d.execute_script("return arguments[0].complete && arguments[0].naturalWidth > 0", image),
                       "the featured image did not show")
    assert image.get_attribute("alt") == first_story["image"]["alt"]
    rows = [row.get_attribute("data-item-id").lower() for row in news.rows()]
    assert rows == [item["id"].lower() for item in api.items if item["id"] != first_story["id"]]


def test_everyRowKind_opensWhatItShould(driver, system):
    api = NewsAPI(system.api_url)
    news = NewsScreen(driver).open(system.app_url).wait_until_loaded()

    link = news.row(api.of_type("weblink")[0]["id"]).find_element(By.CSS_SELECTOR, "a.news-link")
    assert link.get_attribute("target") == "_blank"
    assert link.get_attribute("rel") == "noopener noreferrer"
    assert "(opens in a new tab)" in link.text
    assert link.get_attribute("href") == api.of_type("weblink")[0]["url"]

    advert_item = api.of_type("advert")[0]
    advert = news.row(advert_item["id"])
    assert "SPONSORED" in advert.text.upper()
    advert_link = advert.find_element(By.CSS_SELECTOR, "a.news-link")
    assert advert_link.get_attribute("rel") == "sponsored noopener"
    assert advert_link.get_attribute("target") == "_blank"
    assert advert_item["advertiser"] in advert_link.text
    for item in api.of_type("advert"):
        assert item.get("offer"), "every demo advert says what it offers"
        assert item["offer"] in news.row(item["id"]).find_element(By.CSS_SELECTOR, ".news-teaser").text

    tabs = len(driver.window_handles)
    driver.execute_script("arguments[0].click()", link)
    wait(driver).until(lambda d: len(d.window_handles) == tabs + 1, "the web link did not open a new tab")
    assert driver.current_url.endswith("/news"), "the news stays open in its own tab"

    story_item = api.of_type("story")[1]
    teaser = news.row(story_item["id"]).find_element(By.CSS_SELECTOR, ".news-teaser")
    # A click on the teaser, as a finger taps it: the row's link covers the whole row.
    ActionChains(driver).move_to_element(teaser).click().perform()
    story = StoryScreen(driver).wait_until_loaded()
    assert story.headline() == story_item["headline"]


def test_everyStorysPhoto_isItsOwn_andShowsTheCatTheStoryIsAbout(driver, system):
    api = NewsAPI(system.api_url)
    NewsScreen(driver).open(system.app_url).wait_until_loaded()

    shown = driver.execute_script("""
        return [...document.querySelectorAll('[data-item-id]')].map(item => {
            const image = item.querySelector('img.news-image');
            return [item.dataset.itemId, image && image.alt, image && image.getAttribute('src')];
        });""")
    photos = {item_id.lower(): (alt, source) for item_id, alt, source in shown}
    stories = api.of_type("story")
    for story in stories[1:]:
        alt, _ = photos[story["id"].lower()]
        assert alt == story["image"]["alt"]
        assert "cat" in alt.lower() or "kitten" in alt.lower(), f"{story['headline']}: its photo shows {alt!r}"
    sources = [photos[item["id"].lower()][1] for item in stories[1:] + api.of_type("advert")]
    assert len(set(sources)) == len(sources), "two stories, or a story and an advert, show the same photo"


def test_story_showsHeroHeadlineDates_andItsBlocksInOrder_withTheirAltTexts(driver, system):
    api = NewsAPI(system.api_url)
    expected = api.story_with_decorative_image()

    story = StoryScreen(driver).open(system.app_url, expected["id"]).wait_until_loaded()

    assert story.headline() == expected["headline"]
    assert driver.title == expected["headline"]
    dates = driver.find_element(By.CSS_SELECTOR, ".story-dates").text
    assert dates.startswith("Published")
    assert ("Updated" in dates) == (expected["updated_at"] != expected["created_at"])
    blocks = driver.find_elements(By.CSS_SELECTOR, ".story-paragraph, .story-figure img")
    shown = [b.text if b.tag_name == "p" else ("image", b.get_attribute("alt")) for b in blocks]
    wanted = [b["text"] if b["type"] == "paragraph" else ("image", b["image"]["alt"]) for b in expected["contents"]]
    assert shown == wanted
    hero = driver.find_element(By.CSS_SELECTOR, ".story-hero img")
    assert hero.get_attribute("alt") == expected["hero_image"]["alt"] != ""
    for image in driver.find_elements(By.CSS_SELECTOR, "img.news-image"):
        driver.execute_script("arguments[0].scrollIntoView()", image)
        wait(driver).until(lambda d: d.execute_script("return arguments[0].complete && arguments[0].naturalWidth > 0", image),
                           "a story image did not show")


def test_imagesArrive_withoutMovingAnything_overAPaintedPlaceholder(driver, system):
    driver.execute_cdp_cmd("Network.emulateNetworkConditions", {
        "offline": False, "latency": 400, "downloadThroughput": 200_000, "uploadThroughput": 200_000})
    driver.execute_cdp_cmd("Network.setCacheDisabled", {"cacheDisabled": True})
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": """
        window.__shift = 0;
        new PerformanceObserver(list => list.getEntries().forEach(e => { if (!e.hadRecentInput) window.__shift += e.value; }))
            .observe({ type: 'layout-shift', buffered: true });"""})
    news = NewsScreen(driver).open(system.app_url).wait_until_loaded()

    frame = news.featured().find_element(By.CSS_SELECTOR, ".news-image-frame")
    wait(driver).until(lambda d: frame.find_elements(By.CSS_SELECTOR, "canvas.image-placeholder"), "no placeholder painted")
    colour = driver.execute_script("return getComputedStyle(arguments[0]).backgroundColor", frame)
    assert colour.startswith("rgb(") and colour != "rgba(0, 0, 0, 0)"
    # The decoded BlurHash averages to about the photo's own average colour, which the API
    # computed from the pixels independently.
    decoded, expected = driver.execute_script("""
        const canvas = arguments[0].querySelector('canvas.image-placeholder');
        const pixels = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
        const sum = [0, 0, 0];
        for (let i = 0; i < pixels.length; i += 4) { sum[0] += pixels[i]; sum[1] += pixels[i + 1]; sum[2] += pixels[i + 2]; }
        const hex = arguments[0].dataset.color;
        return [sum.map(v => v / (pixels.length / 4)), [1, 3, 5].map(i => parseInt(hex.slice(i, i + 2), 16))];""", frame)
    assert all(abs(d - e) < 40 for d, e in zip(decoded, expected)), f"{decoded} against {expected}"
    wait(driver, 60).until(lambda d: news.images_settled(), "the images in view did not arrive")
    assert driver.execute_script("return window.__shift") < 0.01


def test_backControl_fromAStoryFarDown_returnsToItsPlace_withoutLoadingTheNewsAgain(driver, system):
    api = NewsAPI(system.api_url)
    news = NewsScreen(driver).open(system.app_url).wait_until_loaded()
    row = news.rows("story")[12]
    row_id = row.get_attribute("data-item-id")
    driver.execute_script("arguments[0].scrollIntoView({ block: 'center' })", row)
    top_before = driver.execute_script("return arguments[0].getBoundingClientRect().top", row)
    driver.execute_script("window.__stillThisPage = true")

    row.find_element(By.CSS_SELECTOR, "a.news-link").click()
    story = StoryScreen(driver).wait_until_loaded()
    assert story.headline() == api.story(row_id)["headline"]
    story.back_link().click()

    wait(driver).until(lambda d: d.current_url.endswith("/news"), "the back control did not return to the news")
    again = NewsScreen(driver)
    wait(driver).until(lambda d: abs(d.execute_script(
        "return arguments[0].getBoundingClientRect().top", again.row(row_id)) - top_before) < 2,
        "the story's row is not where it was")
    same_page = driver.execute_script("return window.__stillThisPage === true")
    navigation = driver.execute_script("return performance.getEntriesByType('navigation')[0].transferSize")
    assert same_page or navigation == 0, "the news was loaded again from the app"


def test_offline_theNewsAndAStoryOpenedBefore_readFromTheCache_andAnotherSaysItWasNotSaved(driver, separate_parts):
    api = NewsAPI(separate_parts.api_url)
    opened, never_opened = api.of_type("story")[0], api.of_type("story")[1]
    NewsScreen(driver).open(separate_parts.app_url).wait_until_loaded()
    StoryScreen(driver).open(separate_parts.app_url, opened["id"]).wait_until_loaded()

    separate_parts.stop_api()

    news = NewsScreen(driver).open(separate_parts.app_url).wait_until_loaded()
    assert is_shown(news.offline_notice())
    assert news.offline_notice().text.startswith("Offline — showing the news saved")
    assert not is_shown(news.error())
    assert len(news.rows()) == len(api.items) - 1
    story = StoryScreen(driver).open(separate_parts.app_url, opened["id"]).wait_until_loaded()
    assert story.headline() == opened["headline"]
    assert story.offline_notice().text.startswith("Offline — showing this story as saved")
    missing = StoryScreen(driver).open(separate_parts.app_url, never_opened["id"]).wait_until_loaded()
    assert is_shown(missing.error())
    assert "was not saved for reading offline" in missing.error().text
    assert not is_shown(missing.loading()), "never an endless spinner"
    status, _, _ = http_get(f"{separate_parts.app_url}/news/stories/{never_opened['id']}")
    assert status == 502


def test_offlineStory_opensOnItsOwn_whenTheAPIIsBack(driver, separate_parts):
    story_id = NewsAPI(separate_parts.api_url).of_type("story")[2]["id"]
    separate_parts.stop_api()
    missing = StoryScreen(driver).open(separate_parts.app_url, story_id).wait_until_loaded()
    assert is_shown(missing.error())
    assert [h.get_attribute("textContent") for h in driver.find_elements(By.TAG_NAME, "h1")] == ["Story"]

    separate_parts.restart_api()

    wait(driver, 30).until(lambda d: d.find_elements(By.CSS_SELECTOR, ".story-headline"), "the story did not open once back online")
    assert not is_shown(missing.error())
    assert len(driver.find_elements(By.TAG_NAME, "h1")) == 1, "one heading names the screen, the story's own"


def test_refresh_loadsTheNewsAgainInPlace(driver, system):
    news = NewsScreen(driver).open(system.app_url).wait_until_loaded()
    news.watch_for_reload()

    news.refresh_button().click()

    assert news.wait_until_reloaded("refresh did not load the news") == "requested"
    news.wait_until_loaded()
    assert news.rows() and not is_shown(news.error())


def test_unknownStory_saysItIsNoLongerAvailable(driver, system):
    story = StoryScreen(driver).open(system.app_url, "00000000-0000-0000-0000-000000000000").wait_until_loaded()

    assert is_shown(story.error())
    assert "no longer available" in story.error().text
    status, _, _ = http_get(f"{system.app_url}/news/stories/00000000-0000-0000-0000-000000000000")
    assert status == 404


class _BrokenNewsAPI(BaseHTTPRequestHandler):
    """An API whose news list has one broken item (a story without its headline) among good
    ones; it logs anyone in and has no images, so the placeholders stay."""

    def do_POST(self):
        self.rfile.read(int(self.headers.get("Content-Length") or 0))
        if self.path == "/essential-feed/v1/sessions":
            self._send(201, {"token": "a-token", "expires_at": "2099-01-01T00:00:00Z",
                             "user": {"username": "demo", "name": "Demo"}})
        else:
            self._send(404, {})

    def do_GET(self):
        if self.path == "/essential-feed/v1/news":
            self._send(200, {"title": "Cat News", "items": [
                _story("11111111-1111-1111-1111-111111111111", "Whole story"),
                {**_story("22222222-2222-2222-2222-222222222222", "Broken story"), "headline": None},
                {"type": "weblink", "id": "33333333-3333-3333-3333-333333333333", "headline": "A link",
                 "url": "https://example.org/", "created_at": "2026-11-01T10:00:00Z", "updated_at": "2026-11-01T10:00:00Z"},
                {"type": "podcast", "id": "44444444-4444-4444-4444-444444444444"},
                _story("55555555-5555-5555-5555-555555555555", "Another whole story"),
            ]})
        else:
            self._send(404, {})

    def _send(self, status, body):
        data = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, *args):
        pass


def _story(story_id: str, headline: str) -> dict:
    image = {"url": f"http://127.0.0.1/essential-feed/v1/images/{'a' * 64}.jpg", "alt": "A cat", "width": 800,
             "height": 600, "blur_hash": "LEHV6nWB2yk8pyo0adR*.7kCMdnj", "color": "#aa7744"}
    return {"type": "story", "id": story_id, "headline": headline, "teaser": "Teaser", "image": image,
            "created_at": "2026-11-01T10:00:00Z", "updated_at": "2026-11-01T10:00:00Z"}


def test_anAPIListWithBrokenItems_stillShowsEveryOtherItem(driver, executable, tmp_path):
    server = ThreadingHTTPServer(("127.0.0.1", 0), _BrokenNewsAPI)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    app, app_url = start_app(executable, f"http://127.0.0.1:{server.server_port}/essential-feed", tmp_path / "app")
    try:
        news = NewsScreen(driver).open(app_url).wait_until_loaded()

        assert "Whole story" in news.featured().text
        headlines = [row.find_element(By.CSS_SELECTOR, ".news-headline").text for row in news.rows()]
        assert headlines == ["A link (opens in a new tab)", "Another whole story"]
        assert not is_shown(news.error())
        frame = news.featured().find_element(By.CSS_SELECTOR, ".news-image-frame")
        wait(driver).until(lambda d: frame.find_elements(By.CSS_SELECTOR, "canvas.image-placeholder"),
                           "an image the API does not have leaves its placeholder")
    finally:
        app.stop_expecting_clean_exit()
        server.shutdown()


def test_news_onADesktop_spansTheSameColumnAsItsHeaderAndTabs(driver, system):
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": 1440, "height": 900, "deviceScaleFactor": 1, "mobile": False})
    NewsScreen(driver).open(system.app_url).wait_until_loaded()

    edges = driver.execute_script("""
        const inner = (selector) => { const e = document.querySelector(selector); const b = e.getBoundingClientRect();
          const s = getComputedStyle(e); return [b.left + parseFloat(s.paddingLeft), b.right - parseFloat(s.paddingRight)]; };
        return { header: inner('.screen-header'), tabs: inner('.app-nav'), news: inner('main') };""")

    assert edges["header"] == pytest.approx(edges["news"], abs=1), edges
    assert edges["tabs"] == pytest.approx(edges["news"], abs=1), edges
