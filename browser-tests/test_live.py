"""Two people in two browsers: one likes, comments on and follows the other, who sees the
bell, the notifications and the Following tab change without a reload."""

import json

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By

import harness
from screens import FeedScreen, wait
from test_hostile_uploads import upload

RITA, SAM = ("rita_live", "rita's long password"), ("sam_live", "sam's long password")


def token_of(api_url: str, username: str, password: str) -> str:
    body = json.dumps({"username": username, "password": password}).encode()
    status, _, answer = harness.http_request(api_url + "/v1/sessions", "POST", body, {"Content-Type": "application/json"}, timeout=60)
    assert status == 201, answer[:300]
    return json.loads(answer)["token"]


def api(api_url: str, method: str, path: str, token: str, body: dict | None = None):
    data = json.dumps(body).encode() if body is not None else None
    headers = {"Authorization": f"Bearer {token}"}
    if data is not None:
        headers["Content-Type"] = "application/json"
    return harness.http_request(api_url + path, method, data, headers, timeout=30)


def signed_in_browser(make_browser, app_url: str, username: str, password: str):
    driver = make_browser(signed_in=False)
    status, cookies, _ = harness.log_in(app_url, username, password)
    assert status == 303
    driver.get(app_url + "/login")
    driver.add_cookie({"name": "ef_session", "value": cookies["ef_session"], "path": "/"})
    return driver


def heart_of(driver, image_id: str, part: str = ".like-button"):
    """The part of the heart of the article showing `image_id`, or None."""
    return driver.execute_script(
        "const a = [...document.querySelectorAll('article[data-image-id]')]"
        ".find(a => a.dataset.imageId.toUpperCase() === arguments[0].toUpperCase());"
        "return a ? a.querySelector(arguments[1]) : null", image_id, part)


def bell_count(driver) -> str:
    return driver.execute_script("const b = document.querySelector('.bell-count'); return b && !b.hidden ? b.textContent : ''")


def test_aLikeACommentAndAFollow_reachTheOtherPersonsOpenTabs_live(make_browser, executable, tmp_path):
    program, running = harness.start_system(executable, tmp_path / "data")
    try:
        database = tmp_path / "data" / "api.sqlite"
        for username, password in (RITA, SAM):
            harness.add_account(executable, database, username, password)
        rita_token, sam_token = token_of(running.api_url, *RITA), token_of(running.api_url, *SAM)
        feed = json.loads(harness.http_request(running.api_url + "/v1/feed?limit=1")[2])
        photo = harness.http_request(feed["items"][0]["urls"]["small"])[2]
        status, _, posted = upload(running.api_url, rita_token, photo)
        assert status == 201, posted[:300]
        rita_photo = json.loads(posted)["id"]

        rita = signed_in_browser(make_browser, running.app_url, *RITA)
        rita.get(running.app_url + "/following")
        FeedScreen(rita).wait_until_loaded(minimum_articles=1)
        second_tab = signed_in_browser(make_browser, running.app_url, *RITA)
        second_tab.get(running.app_url + "/news")
        assert bell_count(rita) == ""

        # Sam likes Rita's photo from the Everyone feed, in place.
        sam = signed_in_browser(make_browser, running.app_url, *SAM)
        sam.get(running.app_url + "/")
        FeedScreen(sam).wait_until_loaded(minimum_articles=1)
        wait(sam).until(lambda d: heart_of(d, rita_photo), "Rita's photo has no heart")
        sam.execute_script("window.__samePage = true")
        heart_of(sam, rita_photo).click()
        wait(sam).until(lambda d: heart_of(d, rita_photo).get_attribute("aria-pressed") == "true", "the heart did not fill")
        assert sam.execute_script("return window.__samePage === true"), "liking left the page"
        assert heart_of(sam, rita_photo, ".like-count").text.startswith("1 ")

        for tab in (rita, second_tab):
            wait(tab, 5).until(lambda d: bell_count(d) == "1", "the like did not reach every tab of Rita's within 5 seconds")

        status, _, _ = api(running.api_url, "POST", f"/v1/image/{rita_photo}/comments", sam_token, {"message": "Lovely, @rita_live!"})
        assert status == 201
        status, _, _ = api(running.api_url, "PUT", "/v1/accounts/rita_live/follow", sam_token)
        assert status == 200
        wait(rita, 5).until(lambda d: bell_count(d) == "3", "the comment and the follow did not reach the bell")

        # Rita follows Sam; Sam posts; Rita's Following tab offers the new photo at the top.
        assert api(running.api_url, "PUT", "/v1/accounts/sam_live/follow", rita_token)[0] == 200
        status, _, posted = upload(running.api_url, sam_token, photo)
        assert status == 201
        sam_photo = json.loads(posted)["id"].upper()
        rita.execute_script("window.__samePage = true")
        control = wait(rita, 5).until(lambda d: [e for e in d.find_elements(By.CSS_SELECTOR, '[data-role="new-photos"]') if e.is_displayed()],
                                      "no new-photos control")[0]
        assert control.text.startswith("1"), control.text
        control.click()
        wait(rita).until(lambda d: FeedScreen(d).article_ids()[0].upper() == sam_photo, "the new photo did not go first")
        assert rita.execute_script("return window.__samePage === true"), "showing the new photo reloaded the page"

        # The notifications screen groups them and marks them read.
        rita.get(running.app_url + "/notifications")
        texts = [e.text for e in rita.find_elements(By.CSS_SELECTOR, ".notification-text")]
        assert len(texts) == 3 and all(text.startswith("sam_live ") for text in texts), texts
        assert [text.split(" ", 1)[1] for text in texts] == ["started following you.", "commented on your photo.", "liked your photo."]
        wait(second_tab, 5).until(lambda d: bell_count(d) == "", "reading in one tab did not clear the other's bell")

        # On the notifications screen, one that arrives is offered, not pushed into the list being read.
        assert not [e for e in rita.find_elements(By.CSS_SELECTOR, '[data-role="show-new-notifications"]') if e.is_displayed()]
        status, _, _ = api(running.api_url, "POST", f"/v1/image/{rita_photo}/comments", sam_token, {"message": "And again."})
        assert status == 201
        offer = wait(rita, 5).until(
            lambda d: [e for e in d.find_elements(By.CSS_SELECTOR, '[data-role="show-new-notifications"]') if e.is_displayed()],
            "the new notification was not offered on the screen")[0]
        assert len(rita.find_elements(By.CSS_SELECTOR, ".notification-text")) == 3, "the list moved while being read"
        offer.click()
        wait(rita).until(lambda d: d.find_elements(By.CSS_SELECTOR, ".notification.unread .notification-text"),
                         "showing them did not bring the new one")
        assert "commented" in rita.find_elements(By.CSS_SELECTOR, ".notification-text")[0].text
    finally:
        program.stop()


def test_aHeartOffline_saysLikingNeedsAConnection_andChangesNothing(make_browser, executable, tmp_path):
    program, running = harness.start_system(executable, tmp_path / "data")
    try:
        harness.add_account(executable, tmp_path / "data" / "api.sqlite", *SAM)
        sam = signed_in_browser(make_browser, running.app_url, *SAM)
        sam.get(running.app_url + "/")
        FeedScreen(sam).wait_until_loaded(minimum_articles=1)
        before = sam.find_element(By.CSS_SELECTOR, ".feed-item .like-count").text
        sam.execute_cdp_cmd("Network.enable", {})
        sam.execute_cdp_cmd("Network.emulateNetworkConditions", {"offline": True, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})
        try:
            sam.find_element(By.CSS_SELECTOR, ".feed-item .like-button").click()
            message = wait(sam).until(lambda d: d.find_elements(By.CSS_SELECTOR, '[data-role="like-error"]'), "no message")[0]
            assert "connection" in message.text
            assert sam.find_element(By.CSS_SELECTOR, ".feed-item .like-count").text == before
            assert sam.find_element(By.CSS_SELECTOR, ".feed-item .like-button").get_attribute("aria-pressed") != "true"
        finally:
            sam.execute_cdp_cmd("Network.emulateNetworkConditions", {"offline": False, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})
        status, _, body = harness.http_request(running.api_url + "/v1/feed?limit=1")
        assert json.loads(body)["items"][0]["like_count"] == int(before.split()[0]), "the like was sent after all"
    finally:
        program.stop()


def test_theEveryoneFeed_learnsTheReadersHearts_andADoubleTapLikes_whileOneTapOpensTheComments(make_browser, executable, tmp_path):
    program, running = harness.start_system(executable, tmp_path / "data")
    try:
        harness.add_account(executable, tmp_path / "data" / "api.sqlite", *SAM)
        sam = signed_in_browser(make_browser, running.app_url, *SAM)
        sam.get(running.app_url + "/?tab=everyone")
        screen = FeedScreen(sam).wait_until_loaded(minimum_articles=2)
        first, second = screen.article_ids()[:2]

        heart_of(sam, first).click()
        wait(sam).until(lambda d: heart_of(d, first).get_attribute("aria-pressed") == "true", "the heart did not fill")
        sam.get(running.app_url + "/?tab=everyone")
        FeedScreen(sam).wait_until_loaded(minimum_articles=2)
        wait(sam).until(lambda d: heart_of(d, first).get_attribute("aria-pressed") == "true",
                        "the shared feed did not learn that the reader likes the photo")
        assert heart_of(sam, second).get_attribute("aria-pressed") == "false"
        heart_of(sam, first).click()
        wait(sam).until(lambda d: heart_of(d, first).get_attribute("aria-pressed") == "false", "a learned heart did not unlike")

        sam.execute_script("window.__samePage = true")
        photo = heart_of(sam, second, ".feed-image-link")
        ActionChains(sam).double_click(photo).perform()
        wait(sam).until(lambda d: heart_of(d, second).get_attribute("aria-pressed") == "true", "a double tap did not like the photo")
        assert sam.execute_script("return window.__samePage === true"), "a double tap left the page"

        heart_of(sam, second, ".feed-image-link").click()
        wait(sam).until(lambda d: d.current_url.endswith("/comments"), "one tap did not open the comments")
    finally:
        program.stop()


def test_screenAfterScreen_eachPageLeftBehindClosesItsStream_soTheNextOneStillLoads(driver, system):
    # A page kept for Back holding its stream held one of the browser's six connections to
    # the app: six screens on, every request waited for one to end.
    screens = ["/", "/?tab=everyone", "/notifications", "/news", "/@demo", "/settings/account", "/settings/profile",
               "/@demo/followers", "/@demo/following", "/notifications"]
    for path in screens:
        driver.get(system.app_url + path)
        wait(driver).until(lambda d: d.execute_script("return document.readyState") == "complete", f"{path} did not load")
    assert driver.execute_script("return document.querySelector('nav[data-events]') !== null"), "the screens listen to the stream"
    driver.back()
    wait(driver).until(lambda d: d.current_url.endswith("/@demo/following"), "Back did not return")
    driver.get(system.app_url + "/@demo")
    wait(driver).until(lambda d: d.find_elements(By.CSS_SELECTOR, ".profile-header"), "the last screen did not load")
