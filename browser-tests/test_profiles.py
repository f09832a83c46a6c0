"""Profiles and following as a person uses them: from an author's name to their page, Follow
in place, the Following tab, and a long grid of photos that loads as it scrolls."""

import json
import subprocess

import pytest
from selenium.webdriver.common.by import By

import harness
from feed_api import FeedAPI
from screens import FeedScreen, wait
from test_hostile_uploads import api_token, upload


def followers_text(driver) -> str:
    return driver.find_element(By.CSS_SELECTOR, '[data-count="followers"]').text


def test_anAuthorsName_opensTheirProfile_whereFollowWorksInPlace_andCounts(driver, system, feed_api):
    screen = FeedScreen(driver).open(system.app_url).wait_until_loaded(minimum_articles=1)
    link = screen.articles()[0].find_element(By.CSS_SELECTOR, "a.author-link")
    username = link.get_attribute("href").rsplit("/@", 1)[1]
    link.click()

    wait(driver).until(lambda d: d.find_elements(By.CSS_SELECTOR, ".profile-header"), "the profile did not open")
    profile = FeedAPI(system.api_url)._get_json(f"/v1/accounts/{username}")
    assert driver.find_element(By.CSS_SELECTOR, ".profile-name").text == profile["display_name"]
    cells = driver.find_elements(By.CSS_SELECTOR, ".profile-grid .profile-cell")
    assert len(cells) == min(profile["posts_count"], 24) and cells
    wait(driver).until(lambda d: d.execute_script(
        "return [...document.querySelectorAll('.profile-photo')].every(i => i.complete && i.naturalWidth > 0)"),
        "the grid's photos did not load")
    square = driver.execute_script("const r = document.querySelector('.profile-cell').getBoundingClientRect(); return r.width / r.height")
    assert square == pytest.approx(1, abs=0.02)

    driver.execute_script("window.__samePage = true")
    button = driver.find_element(By.CSS_SELECTOR, ".follow-form button")
    was_following = "following" in button.get_attribute("class").split()
    before = followers_text(driver)
    button.click()
    wait(driver).until(lambda d: ("following" in d.find_element(By.CSS_SELECTOR, ".follow-form button").get_attribute("class").split())
                       != was_following, "the button did not change")
    assert driver.switch_to.active_element.get_attribute("class").startswith("follow-button"), "focus left the button"
    assert driver.execute_script("return window.__samePage === true"), "following left the page"
    count = int(before.split()[0])
    assert followers_text(driver).split()[0] == str(count - 1 if was_following else count + 1)

    driver.find_element(By.CSS_SELECTOR, ".follow-form button").click()
    wait(driver).until(lambda d: followers_text(d) == before, "undoing did not restore the count")

    # Each square carries its heart: liked in place, the count over the photo, the heart still the grid's.
    def first_heart(d):
        return d.find_element(By.CSS_SELECTOR, ".profile-cell .cell-like")
    likes_before = int(first_heart(driver).find_element(By.CSS_SELECTOR, ".like-count [aria-hidden]").text)
    pressed = first_heart(driver).find_element(By.CSS_SELECTOR, "button").get_attribute("aria-pressed")
    first_heart(driver).find_element(By.CSS_SELECTOR, "button").click()
    wait(driver).until(lambda d: first_heart(d).find_element(By.CSS_SELECTOR, "button").get_attribute("aria-pressed") != pressed,
                       "the grid's heart did not change")
    expected = likes_before - 1 if pressed == "true" else likes_before + 1
    assert int(first_heart(driver).find_element(By.CSS_SELECTOR, ".like-count [aria-hidden]").text) == expected
    assert driver.execute_script(
        "const cell = document.querySelector('.profile-cell').getBoundingClientRect();"
        "const heart = document.querySelector('.profile-cell .cell-like').getBoundingClientRect();"
        "return heart.left >= cell.left && heart.right <= cell.right && heart.bottom <= cell.bottom && heart.top >= cell.top"), \
        "the heart left its square"
    assert driver.execute_script("return window.__samePage === true"), "liking left the page"
    first_heart(driver).find_element(By.CSS_SELECTOR, "button").click()
    wait(driver).until(lambda d: first_heart(d).find_element(By.CSS_SELECTOR, "button").get_attribute("aria-pressed") == pressed,
                       "undoing the like did not restore the heart")


def test_followingTab_showsOnlyThePeopleFollowed_andEveryoneTheWholeFeed(driver, system, feed_api):
    FeedScreen(driver).open(system.app_url).wait_until_loaded(minimum_articles=1)
    driver.find_element(By.CSS_SELECTOR, '.feed-tab[data-tab="following"]').click()
    screen = FeedScreen(driver).wait_until_loaded(minimum_articles=1)

    token = api_token(system.api_url)
    status, _, body = harness.http_request(system.api_url + "/v1/timeline?limit=10", headers={"Authorization": f"Bearer {token}"})
    assert status == 200
    expected = [item["id"].upper() for item in json.loads(body)["items"]]
    assert [identifier.upper() for identifier in screen.article_ids()][:len(expected)] == expected
    assert driver.find_element(By.CSS_SELECTOR, '.feed-tab[aria-current="page"]').get_attribute("data-tab") == "following"
    wait(driver).until(lambda d: screen.visible_images_loaded(), "the timeline's photos did not load")

    # The feed now opens on Following, until Everyone is chosen again.
    driver.get(system.app_url + "/")
    wait(driver).until(lambda d: d.current_url.endswith("/following"), "the feed did not open on the tab chosen last")
    driver.find_element(By.CSS_SELECTOR, '.feed-tab[data-tab="everyone"]').click()
    FeedScreen(driver).wait_until_loaded(minimum_articles=1)
    driver.get(system.app_url + "/")
    FeedScreen(driver).wait_until_loaded(minimum_articles=1)
    assert driver.find_element(By.CSS_SELECTOR, '.feed-tab[aria-current="page"]').get_attribute("data-tab") == "everyone"


def test_aLongProfile_loadsMorePhotosAsTheGridScrolls(driver, executable, tmp_path):
    program, running = harness.start_system(executable, tmp_path / "data")
    try:
        token = api_token(running.api_url)
        feed = json.loads(harness.http_request(running.api_url + "/v1/feed?limit=1")[2])
        _, _, photo = harness.http_request(feed["items"][0]["urls"]["small"])
        for _ in range(30):
            status, _, answer = upload(running.api_url, token, photo)
            assert status == 201, answer[:300]

        driver.get(running.app_url + "/@" + harness.DEMO_USERNAME)
        cells = lambda d: len(d.find_elements(By.CSS_SELECTOR, ".profile-cell"))
        try:
            # 24 in the HTML; the script may already be fetching the rest when the grid's end is in view.
            wait(driver).until(lambda d: cells(d) >= 24)
        except Exception:
            main = driver.find_element(By.TAG_NAME, "main").get_attribute("outerHTML")
            raise AssertionError(f"{cells(driver)} photos at first: {main[:1500]}\n{program.log()[-3000:]}")
        driver.execute_script("document.querySelector('[data-role=more-photos]').scrollIntoView()")
        wait(driver).until(lambda d: len(d.find_elements(By.CSS_SELECTOR, ".profile-cell")) == 30, "the grid did not grow")
        wait(driver).until(lambda d: not d.find_element(By.CSS_SELECTOR, "[data-role=more-photos]").is_displayed(),
                           "the end of the photos still offers more")
    finally:
        program.stop()


def test_someoneWhoFollowsNobody_followsSeveralSuggestedPeopleInPlace(make_browser, executable, tmp_path):
    program, running = harness.start_system(executable, tmp_path / "data")
    driver = make_browser(signed_in=False)
    try:
        harness.add_account(executable, tmp_path / "data" / "api.sqlite", "newcomer", "a newcomer's long password")
        status, cookies, _ = harness.log_in(running.app_url, "newcomer", "a newcomer's long password")
        assert status == 303
        driver.get(running.app_url + "/login")
        driver.add_cookie({"name": "ef_session", "value": cookies["ef_session"], "path": "/"})
        driver.get(running.app_url + "/following")

        suggestions = driver.find_elements(By.CSS_SELECTOR, ".suggestion .follow-form button")
        assert len(suggestions) >= 3
        driver.execute_script("window.__samePage = true")
        for index in range(2):
            driver.find_elements(By.CSS_SELECTOR, ".suggestion .follow-form button")[index].click()
            wait(driver).until(lambda d: "following" in d.find_elements(By.CSS_SELECTOR, ".suggestion .follow-form button")[index]
                               .get_attribute("class").split(), f"suggestion {index} was not followed in place")
        assert driver.execute_script("return window.__samePage === true"), "following reloaded the page"
        assert len(driver.find_elements(By.CSS_SELECTOR, ".suggestion")) == len(suggestions), "the suggestions went away"

        driver.refresh()
        FeedScreen(driver).wait_until_loaded(minimum_articles=2)
    finally:
        program.stop()


def test_aPicture_isPreviewedBeforeItIsSent_andShownOnTheProfile_whileAFileTooLargeIsToldAtOnce(make_browser, executable, tmp_path):
    program, running = harness.start_system(executable, tmp_path / "data")
    driver = make_browser(signed_in=False)
    folder = tmp_path / "photos"
    subprocess.run([str(executable), "sample-photos", str(folder), "--count", "1", "--width", "900", "--height", "600"],
                   check=True, capture_output=True, timeout=120)
    picture = next(folder.glob("*.jpg"))
    too_large = tmp_path / "huge.jpg"
    too_large.write_bytes(b"\xff\xd8\xff" + bytes(21_000_000))
    try:
        harness.add_account(executable, tmp_path / "data" / "api.sqlite", "painter", "a painter's long password")
        status, cookies, _ = harness.log_in(running.app_url, "painter", "a painter's long password")
        assert status == 303
        driver.get(running.app_url + "/login")
        driver.add_cookie({"name": "ef_session", "value": cookies["ef_session"], "path": "/"})
        driver.get(running.app_url + "/settings/profile")
        error = driver.find_element(By.ID, "avatar-error")

        driver.find_element(By.ID, "avatar-file").send_keys(str(too_large))
        wait(driver).until(lambda d: error.is_displayed(), "a file over the limit is not told at once")
        assert "20" in error.text
        assert not driver.find_elements(By.CSS_SELECTOR, '[data-role="avatar-preview"]')
        driver.find_element(By.CSS_SELECTOR, ".avatar-form button[type=submit]").click()
        assert driver.current_url.endswith("/settings/profile"), "a file too large is not sent"

        driver.find_element(By.ID, "avatar-file").send_keys(str(picture))
        wait(driver).until(lambda d: d.execute_script(
            "const p = document.querySelector('[data-role=avatar-preview]'); return !!p && p.src.startsWith('blob:') && p.naturalWidth > 0"),
            "the chosen picture is not previewed")
        assert not error.is_displayed()
        driver.find_element(By.CSS_SELECTOR, ".avatar-form button[type=submit]").click()
        wait(driver).until(lambda d: d.find_elements(By.CSS_SELECTOR, '[data-role="avatar-current"] img.avatar-picture'),
                           "the saved picture is not shown in the settings")

        driver.get(running.app_url + "/@painter")
        wait(driver).until(lambda d: d.execute_script(
            "const p = document.querySelector('.profile-header img.avatar-picture'); return !!p && p.complete && p.naturalWidth === 400"),
            "the profile does not show the picture's larger square")
    finally:
        program.stop()


def test_savingTheNameWithAPictureChosen_savesThePictureToo(make_browser, executable, tmp_path):
    program, running = harness.start_system(executable, tmp_path / "data")
    driver = make_browser(signed_in=False)
    folder = tmp_path / "photos"
    subprocess.run([str(executable), "sample-photos", str(folder), "--count", "1", "--width", "600", "--height", "600"],
                   check=True, capture_output=True, timeout=120)
    try:
        harness.add_account(executable, tmp_path / "data" / "api.sqlite", "sculptor", "a sculptor's long password")
        status, cookies, _ = harness.log_in(running.app_url, "sculptor", "a sculptor's long password")
        assert status == 303
        driver.get(running.app_url + "/login")
        driver.add_cookie({"name": "ef_session", "value": cookies["ef_session"], "path": "/"})
        driver.get(running.app_url + "/settings/profile")
        driver.find_element(By.ID, "avatar-file").send_keys(str(next(folder.glob("*.jpg"))))
        wait(driver).until(lambda d: d.find_elements(By.CSS_SELECTOR, '[data-role="avatar-preview"]'))
        name = driver.find_element(By.CSS_SELECTOR, '.profile-settings-form input[name="display_name"]')
        name.clear()
        name.send_keys("Auguste")
        driver.find_element(By.CSS_SELECTOR, ".profile-settings-form button[type=submit]").click()

        wait(driver).until(lambda d: d.current_url.endswith("/@sculptor"), "the name was not saved")
        assert driver.find_element(By.CSS_SELECTOR, ".profile-name").text == "Auguste"
        assert driver.find_elements(By.CSS_SELECTOR, ".profile-header img.avatar-picture"), "the chosen picture was lost"
    finally:
        program.stop()


def test_followWithTheAPIDown_saysItCouldNotInPlace_andTheProfileStays(driver, separate_parts):
    driver.get(separate_parts.app_url + "/?tab=everyone")
    FeedScreen(driver).wait_until_loaded(minimum_articles=1)
    profile = driver.find_element(By.CSS_SELECTOR, "[role=feed] article a.author-link").get_attribute("href")
    driver.get(profile)
    wait(driver).until(lambda d: d.find_elements(By.CSS_SELECTOR, ".profile-header .follow-form button"))
    driver.execute_script("window.__samePage = true")

    separate_parts.stop_api()
    driver.find_element(By.CSS_SELECTOR, ".follow-form button").click()

    wait(driver).until(lambda d: d.find_elements(By.CSS_SELECTOR, '[data-role="follow-error"]'), "no word of the failure")
    assert "did not work" in driver.find_element(By.CSS_SELECTOR, '[data-role="follow-error"]').text
    assert driver.execute_script("return window.__samePage === true"), "the profile was left"
    assert driver.current_url == profile
    assert driver.find_element(By.CSS_SELECTOR, ".follow-form button").is_enabled()


def test_aNameOfOneLongWord_breaks_ratherThanWideningThePhonesPage(make_browser, executable, tmp_path):
    program, running = harness.start_system(executable, tmp_path / "data")
    long_name = "Bruno" + "W" * 45
    try:
        for username in ("wordy", "quiet"):
            harness.add_account(executable, tmp_path / "data" / "api.sqlite", username, f"{username}'s long password")
        drivers = {}
        for username in ("wordy", "quiet"):
            status, cookies, _ = harness.log_in(running.app_url, username, f"{username}'s long password")
            assert status == 303
            driver = make_browser(signed_in=False)
            driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                   {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True})
            driver.get(running.app_url + "/login")
            driver.add_cookie({"name": "ef_session", "value": cookies["ef_session"], "path": "/"})
            drivers[username] = driver
        wordy, quiet = drivers["wordy"], drivers["quiet"]
        wordy.get(running.app_url + "/settings/profile")
        name = wordy.find_element(By.CSS_SELECTOR, '.profile-settings-form input[name="display_name"]')
        name.clear()
        name.send_keys(long_name)
        wordy.find_element(By.CSS_SELECTOR, ".profile-settings-form button[type=submit]").click()
        wait(wordy).until(lambda d: d.current_url.endswith("/@wordy"), "the name was not saved")
        wordy.get(running.app_url + "/@quiet")
        wordy.find_element(By.CSS_SELECTOR, ".follow-form button").click()
        wait(wordy).until(lambda d: "following" in d.find_element(By.CSS_SELECTOR, ".follow-form button").get_attribute("class"))

        for path in ("/@quiet/followers", "/notifications", "/@wordy"):
            quiet.get(running.app_url + path)
            wait(quiet).until(lambda d: long_name in d.find_element(By.TAG_NAME, "main").text.replace("\n", ""))
            width = quiet.execute_script("return document.documentElement.scrollWidth")
            assert width <= 390, f"{path} is {width} px wide on a 390 px phone"
    finally:
        program.stop()


def test_theSearchTab_findsSomeoneByPartOfTheirName_andOpensTheirProfile(driver, system):
    FeedScreen(driver).open(system.app_url).wait_until_loaded(minimum_articles=1)
    driver.find_element(By.CSS_SELECTOR, "a.app-nav-search").click()
    wait(driver).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#people-search"), "the search screen did not open")
    box = driver.find_element(By.ID, "people-search")
    assert driver.switch_to.active_element == box, "the box is ready to type in"

    box.send_keys("@Silv\n")
    wait(driver).until(lambda d: d.find_elements(By.CSS_SELECTOR, ".people .person"), "no one was found")
    assert "q=%40Silv" in driver.current_url, "the search is an address, for Back and to share"
    first = driver.find_element(By.CSS_SELECTOR, ".people .person a")
    assert first.find_element(By.CSS_SELECTOR, ".author-handle").text == "@maria.silva"
    first.click()
    wait(driver).until(lambda d: d.find_elements(By.CSS_SELECTOR, ".profile-header"), "the profile did not open")
    assert driver.find_element(By.CSS_SELECTOR, ".profile-name").text == "Maria Silva"
