"""Offline on the person's own device: the whole program (app and API) stopped after reading,
as a phone on a train sees it. The app's service worker keeps what was read."""

from __future__ import annotations

import json
import shutil
import struct
from pathlib import Path

import pytest
from selenium.common.exceptions import WebDriverException
from selenium.webdriver.common.by import By

import harness
from browser import make_driver, set_color_scheme
from feed_api import FeedAPI
from news_api import NewsAPI
from screen_states import settle
from screens import FeedScreen, is_shown, wait
from snapshots import assert_snapshot
from test_snapshots import STATES, assert_font_size

OFFLINE_FEED = "Offline — showing the feed saved"


class Program:
    """The whole program on fixed ports, so it can be stopped and started again where the
    browser knows it."""

    def __init__(self, executable, data_dir, extra_arguments=None):
        self.executable = executable
        self.data_dir = data_dir
        self.extra_arguments = extra_arguments or []
        self.ports = (harness.free_port(), harness.free_port())
        self.running, self.system = harness.start_system(executable, data_dir, self.extra_arguments, ports=self.ports)

    @property
    def app_url(self) -> str:
        return self.system.app_url

    def stop(self) -> None:
        self.running.stop_expecting_clean_exit()

    def start(self) -> None:
        self.running, self.system = harness.start_system(self.executable, self.data_dir, self.extra_arguments, ports=self.ports)


@pytest.fixture
def program(executable, tmp_path):
    started = Program(executable, tmp_path / "data")
    try:
        yield started
    finally:
        started.running.stop()


@pytest.fixture
def device():
    driver = make_driver(service_worker=True)
    try:
        yield driver
    finally:
        driver.quit()


def controlled(driver, app_url: str) -> None:
    """Opens the feed until the app's service worker looks after the page (the first visit
    installs it; what is read from then on is kept)."""
    driver.get(app_url + "/")
    wait(driver, 30).until(lambda d: d.execute_script("return !!navigator.serviceWorker.controller"),
                           "the service worker never took over the page")
    driver.get(app_url + "/")
    FeedScreen(driver).wait_until_loaded()


def notice(driver) -> str:
    return driver.execute_script(
        "const n = document.querySelector('[data-role=offline-notice]'); return n && !n.hidden ? n.textContent.trim() : ''")


def cached_bytes(driver) -> dict:
    return driver.execute_async_script("""
        const done = arguments[arguments.length - 1];
        (async () => {
          const usage = {};
          for (const name of await caches.keys()) {
            let bytes = 0;
            const cache = await caches.open(name);
            for (const request of await cache.keys()) bytes += (await (await cache.match(request)).blob()).size;
            usage[name.startsWith('shell:') ? 'shell' : name] = (usage[name.startsWith('shell:') ? 'shell' : name] || 0) + bytes;
          }
          done(usage);
        })();""")


def test_readingOffline_theFeedCommentsNewsAndAStoryOpenAsRead_withTheProgramStopped(device, program):
    controlled(device, program.app_url)
    feed = FeedScreen(device)
    page_size = len(feed.articles())
    for pages in (2, 3):
        feed.scroll_to_end()
        feed.wait_until_loaded(minimum_articles=pages * page_size)
    ids = feed.article_ids()
    device.get(f"{program.app_url}/images/{ids[0]}/comments")
    wait(device).until(lambda d: d.find_element(By.CSS_SELECTOR, "ol.comments").get_attribute("aria-busy") == "false")
    comments = device.find_element(By.CSS_SELECTOR, "ol.comments").get_attribute("innerHTML")
    news = NewsAPI(program.system.api_url)
    stories = news.of_type("story")
    device.get(f"{program.app_url}/news")
    wait(device).until(lambda d: d.find_elements(By.CSS_SELECTOR, ".news a"))
    device.get(f"{program.app_url}/news/stories/{stories[0]['id']}")
    wait(device).until(lambda d: stories[0]["headline"] in d.find_element(By.TAG_NAME, "main").text)
    device.get(f"{program.app_url}/images/{ids[1]}")
    wait(device).until(lambda d: d.find_element(By.CSS_SELECTOR, ".photo-screen"))
    kept = cached_bytes(device)

    program.stop()

    device.get(program.app_url + "/")
    feed = FeedScreen(device).wait_until_loaded()
    assert notice(device).startswith(OFFLINE_FEED), notice(device)
    assert feed.article_ids()[:page_size] == ids[:page_size]
    assert not is_shown(feed.error()), "the kept feed is not an error"
    wait(device).until(lambda d: d.execute_script(
        "const i = document.querySelector('[role=feed] article img.feed-image');"
        "return i && i.complete && i.naturalWidth > 0"), "the first post's photo shows from the device")
    device.get(f"{program.app_url}/images/{ids[0]}/comments")
    wait(device).until(lambda d: notice(d).startswith("Offline — showing the comments saved"))
    assert device.find_element(By.CSS_SELECTOR, "ol.comments").get_attribute("innerHTML") == comments
    device.get(f"{program.app_url}/news")
    wait(device).until(lambda d: notice(d).startswith("Offline — showing the news saved"))
    device.get(f"{program.app_url}/news/stories/{stories[0]['id']}")
    wait(device).until(lambda d: notice(d).startswith("Offline — showing this story as saved"))
    assert stories[0]["headline"] in device.find_element(By.TAG_NAME, "main").text
    device.get(f"{program.app_url}/images/{ids[1]}")
    wait(device).until(lambda d: notice(d).startswith("Offline — showing this photo as saved"), "the photo's notice names it")

    device.get(f"{program.app_url}/news/stories/{stories[1]['id']}")
    main = device.find_element(By.TAG_NAME, "main").text
    assert "was not saved for reading offline" in main, main
    assert not device.find_elements(By.CSS_SELECTOR, ".spinner:not([hidden])"), "never a spinner"
    print(f"kept on the device after three feed pages, comments, the news, a story and a photo: {kept}")


def test_theFeedReadRightAfterLoggingIn_opensOfflineAsRead(executable, tmp_path):
    # A new device: nothing installed yet; the person logs in through the form and reads.
    program = Program(executable, tmp_path / "data")
    device = make_driver(service_worker=True, signed_in=False)
    try:
        device.get(program.app_url + "/login")
        device.find_element(By.ID, "username").send_keys(harness.DEMO_USERNAME)
        device.find_element(By.ID, "password").send_keys(harness.DEMO_PASSWORD)
        device.find_element(By.CSS_SELECTOR, ".log-in-button").click()
        feed = FeedScreen(device).wait_until_loaded()
        page_size = len(feed.articles())
        feed.scroll_to_end()
        feed.wait_until_loaded(minimum_articles=2 * page_size)
        ids = feed.article_ids()
        wait(device, 30).until(lambda d: cached_bytes(d).get("pages", 0) > 0, "nothing kept on the device")
        wait(device, 30).until(lambda d: d.execute_script(
            "return caches.open('pages').then(c => c.match('/', {ignoreVary: true})).then(r => !!r)"),
            "the first screen after logging in was never kept")

        program.stop()
        device.refresh()

        feed = FeedScreen(device).wait_until_loaded()
        assert notice(device).startswith(OFFLINE_FEED), notice(device)
        assert feed.article_ids()[:page_size] == ids[:page_size]
        wait(device).until(lambda d: d.execute_script(
            "const i = document.querySelector('[role=feed] article img.feed-image');"
            "return i && i.complete && i.naturalWidth > 0"), "the first photo seen shows from the device")
    finally:
        device.quit()
        program.running.stop()


def test_theFeedNeverKept_offersToTryAgain_notALinkToItself(device, program):
    controlled(device, program.app_url)
    device.get(program.app_url + "/news")
    device.execute_script("return caches.keys().then(ks => Promise.all(ks.map(k => caches.open(k)"
                          ".then(c => c.delete(location.origin + '/', {ignoreVary: true})))))")
    program.stop()

    device.get(program.app_url + "/")
    wait(device).until(lambda d: d.find_elements(By.CSS_SELECTOR, '[data-role="not-saved-offline"]'))
    links = [a for a in device.find_elements(By.CSS_SELECTOR, "main a") if a.is_displayed()]
    assert [a.text for a in links] == ["Retry"], [a.text for a in links]


def test_withOnlyTheAPIDown_commentsAlreadyReadShowAsSaved_andLogInSaysTheServiceCannotBeReached(device, separate_parts):
    controlled(device, separate_parts.app_url)
    image_id = FeedScreen(device).article_ids()[0]
    comments_url = f"{separate_parts.app_url}/images/{image_id}/comments"
    device.get(comments_url)
    wait(device).until(lambda d: d.find_element(By.CSS_SELECTOR, "ol.comments").get_attribute("aria-busy") == "false")
    comments = device.find_element(By.CSS_SELECTOR, "ol.comments").get_attribute("innerHTML")
    assert "comment-message" in comments, "the first post has comments to read"

    separate_parts.stop_api()
    device.get(comments_url)

    wait(device).until(lambda d: notice(d).startswith("Offline — showing the comments saved"), "no saved comments")
    assert device.find_element(By.CSS_SELECTOR, "ol.comments").get_attribute("innerHTML") == comments
    assert not is_shown(device.find_element(By.CSS_SELECTOR, '[data-role="error"]'))

    visitor = make_driver(signed_in=False)
    try:
        visitor.get(separate_parts.app_url + "/login")
        visitor.find_element(By.ID, "username").send_keys(harness.DEMO_USERNAME)
        visitor.find_element(By.ID, "password").send_keys(harness.DEMO_PASSWORD)
        visitor.find_element(By.CSS_SELECTOR, ".log-in-button").click()
        wait(visitor).until(lambda d: "can't be reached" in d.find_element(By.TAG_NAME, "main").text)
        assert "connection" not in visitor.find_element(By.TAG_NAME, "main").text.lower(), \
            "the person's connection is fine: the app answered"
    finally:
        visitor.quit()


def test_loadMorePastTheSavedPages_saysTheyWereNotSaved_andTheNoticeGoesOnItsOwnWhenTheProgramIsBack(device, program):
    controlled(device, program.app_url)
    feed = FeedScreen(device)
    first_page = feed.article_ids()
    program.stop()

    device.get(program.app_url + "/")
    feed = FeedScreen(device).wait_until_loaded()
    assert notice(device).startswith(OFFLINE_FEED)
    feed.scroll_to_end()
    wait(device).until(lambda d: "were not saved for reading offline" in feed.load_more().text,
                       "load-more past the kept pages says they were not saved")
    assert feed.article_ids() == first_page

    program.start()

    wait(device, 30).until(lambda d: notice(d) == "", "the notice never went away on its own")
    assert not is_shown(feed.error())


def test_aScreenNeverOpened_saysItWasNotSaved_andOpensOnItsOwnOnceBack(device, program):
    controlled(device, program.app_url)
    image_id = FeedScreen(device).article_ids()[-1]
    program.stop()

    device.get(f"{program.app_url}/images/{image_id}/comments")
    main = device.find_element(By.TAG_NAME, "main").text
    assert "was not saved for reading offline" in main, main

    program.start()

    wait(device, 30).until(lambda d: d.find_elements(By.CSS_SELECTOR, "ol.comments"),
                           "the comments never opened once the program was back")


def test_writingOffline_theNewPostScreenOpensUnvisited_andKeepsTheTextAndPhoto(device, program, tmp_path):
    controlled(device, program.app_url)
    photo = tmp_path / "photo.png"
    photo.write_bytes(_png(64, 48))
    program.stop()

    device.get(program.app_url + "/new")
    assert "posting needs a connection" in notice(device), "before anything is typed, the screen says so"
    form = device.find_element(By.CSS_SELECTOR, "form.new-post-form")
    form.find_element(By.CSS_SELECTOR, "input[type=file]").send_keys(str(photo))
    description = form.find_element(By.CSS_SELECTOR, "textarea")
    description.send_keys("Written on the train")
    form.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    error = device.find_element(By.CSS_SELECTOR, '[data-role="post-error"]')
    wait(device).until(lambda d: "offline" in error.text.lower(), "posting offline says it needs a connection")
    assert description.get_attribute("value") == "Written on the train"

    device.get(program.app_url + "/new")
    wait(device).until(lambda d: d.find_element(By.CSS_SELECTOR, "form.new-post-form textarea").get_attribute("value")
                       == "Written on the train", "the text is kept when the screen opens again")
    wait(device).until(lambda d: d.execute_script(
        "return document.querySelector('form.new-post-form input[type=file]').files.length") == 1,
        "the chosen photo is kept too")

    program.start()
    wait(device, 30).until(lambda d: notice(d) == "", "the notice goes once the app answers again")
    device.find_element(By.CSS_SELECTOR, "form.new-post-form button[type=submit]").click()
    feed_api = FeedAPI(program.system.api_url)
    wait(device, 30).until(lambda d: any(item.get("description") == "Written on the train"
                                         for item in FeedAPI(program.system.api_url).all_items[:5]),
                           "the kept post was never sent once the program was back")
    posted = [item for item in feed_api.all_items if item.get("description") == "Written on the train"]
    assert len(posted) == 1, "sent once"
    device.get(program.app_url + "/new")
    form = device.find_element(By.CSS_SELECTOR, "form.new-post-form")
    device.execute_script("return new Promise(r => setTimeout(r, 300))")
    assert form.find_element(By.CSS_SELECTOR, "textarea").get_attribute("value") == "", "a sent post is no draft any more"


def test_writingOffline_theCommentFormSaysItNeedsAConnection_keepsTheText_andSendsItOnceWhenBack(device, program):
    controlled(device, program.app_url)
    image_id = FeedScreen(device).article_ids()[0]
    device.get(f"{program.app_url}/images/{image_id}/comments")
    wait(device).until(lambda d: d.find_element(By.CSS_SELECTOR, "ol.comments").get_attribute("aria-busy") == "false")
    program.stop()

    device.get(f"{program.app_url}/images/{image_id}/comments")
    wait(device).until(lambda d: notice(d).startswith("Offline — showing the comments saved"))
    device.find_element(By.CSS_SELECTOR, "form.comment-form textarea").send_keys("Read on the train")
    device.find_element(By.CSS_SELECTOR, "form.comment-form button[type=submit]").click()
    error = device.find_element(By.CSS_SELECTOR, '[data-role="comment-error"]')
    wait(device).until(lambda d: "offline" in error.text.lower(), "sending offline says it needs a connection")
    assert device.find_element(By.CSS_SELECTOR, "form.comment-form textarea").get_attribute("value") == "Read on the train"

    device.get(f"{program.app_url}/images/{image_id}/comments")
    wait(device).until(lambda d: d.find_element(By.CSS_SELECTOR, "form.comment-form textarea").get_attribute("value")
                       == "Read on the train", "the text is kept when the screen opens again")

    program.start()
    device.find_element(By.CSS_SELECTOR, "form.comment-form button[type=submit]").click()
    wait(device, 30).until(lambda d: any(c.text.find("Read on the train") >= 0
                                         for c in d.find_elements(By.CSS_SELECTOR, "ol.comments li")),
                           "the kept comment was never sent once the program was back")
    sent = [c for c in FeedAPI(program.system.api_url).comments(image_id) if c["message"] == "Read on the train"]
    assert len(sent) == 1, "sent once"


def test_logOutThenOffline_leavesNothingReadable(device, program):
    controlled(device, program.app_url)
    assert cached_bytes(device).get("pages", 0) > 0
    device.find_element(By.CSS_SELECTOR, ".account-menu-button").click()
    device.find_element(By.CSS_SELECTOR, ".account-menu-panel .log-out-button").click()
    wait(device).until(lambda d: "/login" in d.current_url)
    wait(device).until(lambda d: d.execute_script("return !navigator.serviceWorker.controller"))
    assert cached_bytes(device) == {}, "caches cleared at log-out"
    program.stop()

    try:
        device.get(program.app_url + "/")
    except WebDriverException as error:
        assert "ERR_CONNECTION_REFUSED" in str(error), "with nothing kept, the browser finds no app at all"
    assert not device.find_elements(By.CSS_SELECTOR, "[role=feed] article"), "nothing of the feed offline"


def test_logOutWithTheProgramDown_clearsTheDevice_andEndsTheSessionOnceBack(device, program):
    controlled(device, program.app_url)
    name = device.find_element(By.CSS_SELECTOR, ".account-menu-button").get_attribute("title").split(" as ", 1)[1]
    session = device.get_cookie("ef_session")["value"]
    device.find_element(By.CSS_SELECTOR, ".account-menu-button").click()
    program.stop()

    device.find_element(By.CSS_SELECTOR, ".account-menu-panel .log-out-button").click()
    wait(device).until(lambda d: "Logged out" in d.find_element(By.TAG_NAME, "body").text)
    kept = cached_bytes(device)
    assert not any(kept.get(name) for name in ("pages", "photos")), f"the person's copies are gone: {kept}"
    for path in ("/", "/new", "/news"):
        device.get(program.app_url + path)
        assert not device.find_elements(By.CSS_SELECTOR, "[role=feed] article"), f"nothing of the feed on {path}"
        assert name not in device.page_source, f"the person's name on {path}"

    program.start()
    device.get(program.app_url + "/")
    wait(device).until(lambda d: "/login" in d.current_url, "the next person was logged in as the last")
    status, _, _ = harness.http_get(program.app_url + "/fragments/feed", headers={"Cookie": f"ef_session={session}"})
    assert status == 401, "the session ended at the server once it could be told"


def test_logOutWithTheProgramDown_thenAFormSentFromAnotherTabOnceBack_doesNotActAsThePerson(device, program):
    controlled(device, program.app_url)
    image_id = FeedScreen(device).article_ids()[0]
    first_tab = device.current_window_handle
    device.switch_to.new_window("tab")
    device.get(f"{program.app_url}/images/{image_id}/comments")
    wait(device).until(lambda d: d.find_element(By.CSS_SELECTOR, "ol.comments").get_attribute("aria-busy") == "false")
    comments_tab = device.current_window_handle
    device.switch_to.window(first_tab)
    device.find_element(By.CSS_SELECTOR, ".account-menu-button").click()
    program.stop()
    device.find_element(By.CSS_SELECTOR, ".account-menu-panel .log-out-button").click()
    wait(device).until(lambda d: "Logged out" in d.find_element(By.TAG_NAME, "body").text)

    program.start()
    device.switch_to.window(comments_tab)
    device.find_element(By.CSS_SELECTOR, "form.comment-form textarea").send_keys("Sent after logging out")
    device.find_element(By.CSS_SELECTOR, "form.comment-form button[type=submit]").click()

    wait(device, 30).until(lambda d: "/login" in d.current_url, "the tab of the person who logged out stayed logged in")
    sent = [c for c in FeedAPI(program.system.api_url).comments(image_id) if c["message"] == "Sent after logging out"]
    assert sent == [], "a form sent after the log-out acted as the person"


def test_aSessionThatEndedWhileOffline_leavesNothingOfThePersonReadable(device, program):
    controlled(device, program.app_url)
    name = device.find_element(By.CSS_SELECTOR, ".account-menu-button").get_attribute("title").split(" as ", 1)[1]
    program.stop()
    # A month on: the session (30 days) and its cookie are over.
    device.execute_script("navigator.serviceWorker.controller.postMessage({ type: 'clock', offset: 31 * 24 * 3600 * 1000 })")

    for path in ("/", "/new", "/news"):
        device.get(program.app_url + path)
        assert name not in device.page_source, f"the person's name on {path}"
        assert not device.find_elements(By.CSS_SELECTOR, "[role=feed] article, textarea, input[type=file]"), path
    kept = cached_bytes(device)
    assert not any(kept.get(name) for name in ("pages", "photos")), f"the person's copies are gone: {kept}"


def test_sevenDayRule_contentSavedMoreThanSevenDaysAgoIsNotShown(device, program):
    controlled(device, program.app_url)
    device.execute_script("navigator.serviceWorker.controller.postMessage({ type: 'clock', offset: 8 * 24 * 3600 * 1000 })")
    program.stop()

    device.get(program.app_url + "/")
    assert not device.find_elements(By.CSS_SELECTOR, "[role=feed] article"), "an eight-day-old feed is not shown"
    assert "was not saved for reading offline" in device.find_element(By.TAG_NAME, "main").text


def test_installable_manifestNamesTheAppAndItsPNGIconsOfTheRightSizes(program):
    status, _, page = harness.http_get(program.app_url + "/")
    manifest_path = page.decode().split('<link rel="manifest" href="')[1].split('"')[0]
    status, _, body = harness.http_get(program.app_url + manifest_path)
    manifest = json.loads(body)
    assert status == 200
    assert manifest["name"] and manifest["short_name"]
    assert manifest["start_url"] == "/" and manifest["display"] == "standalone"
    assert manifest["theme_color"] and manifest["background_color"]
    sizes = set()
    for icon in manifest["icons"]:
        if icon["type"] != "image/png":
            continue
        _, _, response = harness.http_get(program.app_url + icon["src"])
        assert response[:8] == b"\x89PNG\r\n\x1a\n"
        width, height = struct.unpack(">II", response[16:24])
        assert f"{width}x{height}" == icon["sizes"]
        sizes.add((width, icon["purpose"]))
    assert {(192, "any"), (512, "any"), (512, "maskable")} <= sizes


def _png(width: int, height: int) -> bytes:
    import zlib
    raw = b"".join(b"\x00" + bytes([200, 120, 40]) * width for _ in range(height))
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))


def offline_module(driver, app_url: str, script: str):
    """Runs `script` with the rules the worker and the screens share imported as `rules`."""
    return driver.execute_async_script(f"""
        const done = arguments[arguments.length - 1];
        import('{app_url}/assets/offline.js').then((rules) => {{ {script} }});""")


@pytest.mark.parametrize("language, expected", [
    ("en-US", ["Offline — showing the feed saved moments ago", "Offline — showing the feed saved 1 minute ago",
               "Offline — showing the feed saved 10 minutes ago", "Offline — showing the feed saved 3 hours ago",
               "Offline — showing the feed saved 1 day ago", "Offline — showing the feed saved 6 days ago"]),
    ("pt-BR", ["Sem conexão — mostrando o feed salvo há instantes", "Sem conexão — mostrando o feed salvo há 1 minuto",
               "Sem conexão — mostrando o feed salvo há 10 minutos", "Sem conexão — mostrando o feed salvo há 3 horas",
               "Sem conexão — mostrando o feed salvo há 1 dia", "Sem conexão — mostrando o feed salvo há 6 dias"]),
])
def test_deviceNotice_readsAsTheServersNotice_inTheReadersLanguage(make_browser, program, language, expected):
    driver = make_browser(language=language)
    FeedScreen(driver).open(program.app_url).wait_until_loaded()
    ages = [30, 60, 10 * 60, 3 * 3600 + 59, 24 * 3600, 6 * 24 * 3600 + 3600]
    notices = offline_module(driver, program.app_url, f"""
        const texts = JSON.parse(document.documentElement.dataset.offlineTexts);
        const now = Date.UTC(2026, 10, 24, 12);
        done({ages}.map((seconds) => rules.offlineNotice('feed', now - seconds * 1000, now, texts)));""")
    assert notices == expected


def test_photoBound_evictsTheLeastRecentlyShownFirst(driver, program):
    FeedScreen(driver).open(program.app_url).wait_until_loaded()
    evicted = offline_module(driver, program.app_url, """
        const photos = [
          { url: 'a', size: 400, usedAt: 3 }, { url: 'b', size: 400, usedAt: 1 },
          { url: 'c', size: 400, usedAt: 4 }, { url: 'd', size: 400, usedAt: 2 },
        ];
        done([rules.photosToEvict(photos, 1000), rules.photosToEvict(photos, 1600), rules.photosToEvict(photos, 0)]);""")
    assert evicted == [["b", "d"], [], ["b", "d", "a", "c"]]


def test_sevenDayRule_keepsWhatIsWithinTheWeek_andNothingOlder(driver, program):
    FeedScreen(driver).open(program.app_url).wait_until_loaded()
    results = offline_module(driver, program.app_url, """
        const week = 7 * 24 * 3600 * 1000;
        const now = Date.UTC(2026, 10, 24, 12);
        done([rules.isFresh(now - week, now, week), rules.isFresh(now - week - 1, now, week),
              rules.savedAtFromMark('fresh', now) === now, rules.savedAtFromMark('saved=1000', now),
              rules.savedAtFromMark('saved=abc', now), rules.savedAtFromMark(null, now)]);""")
    assert results == [True, False, True, 1000, None, None]


def kept_photo_urls(driver) -> list[str]:
    return driver.execute_async_script("""
        const done = arguments[arguments.length - 1];
        caches.open('photos').then((cache) => cache.keys()).then((keys) => done(keys.map((r) => r.url)));""")


def test_photoBound_onTheDevice_keepsTheMostRecentlyShownWithinTheLimit(device, executable, tmp_path):
    BOUND = int(0.1 * 1024 * 1024)
    program = Program(executable, tmp_path / "data", ["--offline-photos-size", "0.1"])
    try:
        controlled(device, program.app_url)
        wait(device).until(lambda d: kept_photo_urls(d), "the feed's first photos are kept")
        shown_first = kept_photo_urls(device)
        feed = FeedScreen(device)
        page_size = len(feed.articles())
        for pages in (2, 3):
            feed.scroll_to_end()
            feed.wait_until_loaded(minimum_articles=pages * page_size)
        ids = feed.article_ids()
        # Photos shown one after another, more of them than fit in the bound.
        shown = [f"{program.app_url}/feed-images/{image_id}?size=full" for image_id in ids]
        sizes = device.execute_async_script("""
            const [urls, done] = [arguments[0], arguments[arguments.length - 1]];
            (async () => {
              const sizes = [];
              for (const url of urls) {
                sizes.push((await (await fetch(url)).blob()).size);
                await new Promise((resolve) => setTimeout(resolve, 50));
              }
              done(sizes);
            })();""", shown)
        assert sum(sizes) > BOUND, f"the photos shown ({sum(sizes)} bytes) must overflow the bound"

        def settled(driver):
            usage = cached_bytes(driver).get("photos", 0)
            return usage <= BOUND and shown[-1] in kept_photo_urls(driver)
        wait(device).until(settled, "the photos kept never fit in the bound")

        kept = kept_photo_urls(device)
        assert shown[-1] in kept, "the photo shown last is kept"
        assert not set(shown_first) & set(kept), "the photos shown first went first"
        evicted = [url for url in shown if url not in kept]
        assert evicted and shown.index(evicted[-1]) < min(shown.index(url) for url in kept if url in shown), \
            "only photos shown before every kept one went"
    finally:
        program.running.stop()


def asset_urls(driver) -> set[str]:
    return set(driver.execute_script(
        "return [...document.querySelectorAll('link[rel=stylesheet], link[rel=modulepreload], script[src]')]"
        ".map(e => new URL(e.href || e.src).pathname)"))


def loaded_assets(driver) -> set[str]:
    return {path for path in driver.execute_script(
        "return performance.getEntriesByType('resource').map(e => new URL(e.name).pathname)")
        if path.startswith("/assets/") and (path.endswith(".css") or path.endswith(".js"))}


def test_aNewVersion_takesOverCleanly_neverMixingItsAssetsWithTheOldScreens(device, executable, tmp_path):
    assets = tmp_path / "assets"
    shutil.copytree(harness.REPOSITORY / "Sources" / "EssentialFeedWebUI" / "Assets", assets)
    program = Program(executable, tmp_path / "data", ["--assets-directory", str(assets)])
    try:
        controlled(device, program.app_url)
        old_worker = device.execute_script("return navigator.serviceWorker.controller.scriptURL")
        old_assets = asset_urls(device)
        program.stop()
        with open(assets / "app.css", "a") as stylesheet:
            stylesheet.write("\n.offline-notice { outline-offset: 1px; }\n")
        program.start()

        device.get(program.app_url + "/")
        FeedScreen(device).wait_until_loaded()
        new_assets = asset_urls(device)
        assert new_assets != old_assets, "the new version's screens name its new assets"
        new_worker = program.app_url + device.execute_script("return document.documentElement.dataset.serviceWorker")
        wait(device, 30).until(lambda d: d.execute_script("return navigator.serviceWorker.controller?.scriptURL") == new_worker,
                               "the new worker never took over")
        assert new_worker != old_worker
        device.get(program.app_url + "/")
        FeedScreen(device).wait_until_loaded()
        assert loaded_assets(device) <= asset_urls(device), "a screen loads only its own version's assets"
        assert not (loaded_assets(device) & (old_assets - new_assets)), "no old asset under a new screen"

        program.stop()
        device.get(program.app_url + "/")
        FeedScreen(device).wait_until_loaded()
        assert notice(device).startswith(OFFLINE_FEED)
        assert asset_urls(device) == new_assets, "offline, the kept screen opens with the assets it was made for"
        assert device.execute_script("return document.styleSheets[0].cssRules.length") > 0, "and they are there"
    finally:
        program.running.stop()


@pytest.mark.parametrize("state, scheme, font_size", STATES, ids=[s[0] for s in STATES])
def test_deviceOfflineFeed_snapshot(make_browser, program, state, scheme, font_size):
    driver = make_browser(font_size=font_size, service_worker=True)
    set_color_scheme(driver, scheme)
    controlled(driver, program.app_url)
    program.stop()

    driver.get(program.app_url + "/")
    screen = FeedScreen(driver).wait_until_loaded()
    wait(driver).until(lambda d: notice(d).startswith(OFFLINE_FEED))
    wait(driver, 30).until(lambda d: screen.visible_images_loaded(), "the kept photos still loading")
    # The notice says how long ago the feed was saved: seconds here, and they move.
    driver.execute_script("document.querySelector('[data-role=\"offline-message\"]').style.visibility = 'hidden'")
    settle(driver)

    assert_font_size(driver, font_size)
    assert_snapshot(driver.get_screenshot_as_png(), f"feed-device-offline-{state}",
                    docs_name="feed-device-offline-light" if state == "light" else None)


@pytest.mark.parametrize("state, scheme, font_size", STATES, ids=[s[0] for s in STATES])
def test_deviceOfflineNeverSavedStory_snapshot(make_browser, program, state, scheme, font_size):
    driver = make_browser(font_size=font_size, service_worker=True)
    set_color_scheme(driver, scheme)
    controlled(driver, program.app_url)
    story_id = NewsAPI(program.system.api_url).of_type("story")[0]["id"]
    program.stop()

    driver.get(f"{program.app_url}/news/stories/{story_id}")
    wait(driver).until(lambda d: d.find_elements(By.CSS_SELECTOR, '[data-role="not-saved-offline"]'))
    settle(driver)

    assert_font_size(driver, font_size)
    assert_snapshot(driver.get_screenshot_as_png(), f"story-device-not-saved-{state}")


def test_readingOffline_theFollowingTabAndAProfileOpenAsRead_withTheProgramStopped(device, program):
    controlled(device, program.app_url)
    device.get(program.app_url + "/following")
    feed = FeedScreen(device).wait_until_loaded()
    ids = feed.article_ids()
    author = device.find_element(By.CSS_SELECTOR, "[role=feed] article .author-link").get_attribute("href")
    device.get(author)
    wait(device).until(lambda d: d.find_elements(By.CSS_SELECTOR, ".profile-grid .profile-cell"))
    name = device.find_element(By.CSS_SELECTOR, ".profile-name").text
    cells = len(device.find_elements(By.CSS_SELECTOR, ".profile-grid .profile-cell"))

    program.stop()

    device.get(program.app_url + "/following")
    feed = FeedScreen(device).wait_until_loaded()
    assert notice(device).startswith(OFFLINE_FEED), notice(device)
    assert feed.article_ids()[:len(ids)] == ids
    device.get(author)
    wait(device).until(lambda d: notice(d).startswith("Offline — showing this profile as saved"), "the profile's notice names it")
    assert device.find_element(By.CSS_SELECTOR, ".profile-name").text == name
    assert len(device.find_elements(By.CSS_SELECTOR, ".profile-grid .profile-cell")) == cells
