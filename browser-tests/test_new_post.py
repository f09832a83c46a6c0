"""Posting a photo from the New post screen in a real browser, against the real program."""

from __future__ import annotations

import subprocess

import pytest
from selenium.webdriver.common.by import By

import harness
from screens import is_shown, wait

DESCRIPTION = "Sunset over the bay 🌅"
LOCATION = "Lisbon, Portugal"
ALT = "An orange sky over calm water"


@pytest.fixture
def own_system(executable, tmp_path):
    """An API and an app of the test's own: the test posts to them and stops the API."""
    api, api_url = harness.start_api(executable, tmp_path / "api")
    app, app_url = harness.start_app(executable, api_url, tmp_path / "app")
    parts = {"api": api, "api_url": api_url, "app": app, "app_url": app_url}
    try:
        yield parts
    finally:
        parts["app"].kill()
        parts["api"].kill()


@pytest.fixture
def photo(executable, tmp_path):
    """A real JPEG of 2400 × 1600 made by the program, about 1 MB."""
    folder = tmp_path / "photos"
    subprocess.run([str(executable), "sample-photos", str(folder), "--count", "1", "--width", "2400", "--height", "1600"],
                   check=True, capture_output=True, timeout=120)
    return next(folder.glob("*.jpg"))


def fill_texts(driver, description=DESCRIPTION, location=LOCATION, alt=ALT) -> None:
    driver.find_element(By.ID, "new-post-description").send_keys(description)
    driver.find_element(By.ID, "new-post-location").send_keys(location)
    driver.find_element(By.ID, "new-post-alt").send_keys(alt)


def texts(driver) -> tuple[str, str, str]:
    return tuple(driver.find_element(By.ID, i).get_attribute("value")
                 for i in ("new-post-description", "new-post-location", "new-post-alt"))


def error_text(driver) -> str:
    error = driver.find_element(By.CSS_SELECTOR, '[data-role="post-error"]')
    return error.text if is_shown(error) else ""


def uploads_made(driver) -> int:
    return driver.execute_script(
        "return performance.getEntriesByType('resource').filter(e => e.name.endsWith('/fragments/new')).length")


def test_newPost_fromTheFeedsHeader_showsAPreviewAndProgress_thenTheFeedWithThePostFirst(make_browser, own_system, photo):
    app_url = own_system["app_url"]
    driver = make_browser()
    driver.get(app_url + "/")
    wait(driver).until(lambda d: d.find_elements(By.CSS_SELECTOR, "[role=feed] article"))
    first_before = driver.find_element(By.CSS_SELECTOR, "[role=feed] article").get_attribute("data-image-id")

    driver.find_element(By.CSS_SELECTOR, "a.new-post-link").click()
    wait(driver).until(lambda d: d.current_url == app_url + "/new", "the header's control did not open the New post screen")
    assert driver.title == "New post"

    driver.find_element(By.ID, "new-post-photo").send_keys(str(photo))
    preview = driver.find_element(By.CSS_SELECTOR, '[data-role="preview"]')
    wait(driver).until(lambda d: is_shown(preview) and d.execute_script("return arguments[0].naturalWidth", preview) == 2400,
                       "the chosen photo is not previewed")
    assert preview.get_attribute("src").startswith("blob:")
    fill_texts(driver)

    # A slow uplink, so the progress bar has time to move; every value it shows is noted.
    driver.execute_cdp_cmd("Network.emulateNetworkConditions", {
        "offline": False, "latency": 0, "downloadThroughput": -1, "uploadThroughput": 400 * 1024})
    driver.execute_script("""
        window.progressSeen = [];
        const bar = document.querySelector('[data-role="progress-bar"]');
        new MutationObserver(() => window.progressSeen.push(bar.getAttribute('value')))
          .observe(bar, { attributes: true, attributeFilter: ['value'] });""")
    driver.find_element(By.CSS_SELECTOR, ".new-post-form .send-button").click()

    progress = driver.find_element(By.CSS_SELECTOR, '[data-role="progress"]')
    wait(driver).until(lambda d: is_shown(progress), "no progress bar while uploading")
    assert driver.find_element(By.CSS_SELECTOR, ".new-post-form .send-button").get_attribute("disabled") is not None
    wait(driver).until(lambda d: any(v not in (None, "0") for v in d.execute_script("return window.progressSeen") or []),
                       "the progress bar never moved")
    seen = [int(v) for v in driver.execute_script("return window.progressSeen") if v is not None]
    assert seen == sorted(seen) and 0 < max(seen) <= 100, f"progress should only grow: {seen}"

    wait(driver, 60).until(lambda d: d.current_url.rstrip("/") == app_url, "posting did not lead to the feed")
    driver.execute_cdp_cmd("Network.emulateNetworkConditions", {
        "offline": False, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})
    first = wait(driver).until(lambda d: d.find_element(By.CSS_SELECTOR, "[role=feed] article"))
    assert first.get_attribute("data-image-id") != first_before
    assert first.find_element(By.CSS_SELECTOR, ".feed-image-description").text == DESCRIPTION
    assert first.find_element(By.CSS_SELECTOR, ".feed-image-location").text == LOCATION
    image = first.find_element(By.CSS_SELECTOR, "img.feed-image")
    assert image.get_attribute("alt") == ALT
    wait(driver).until(lambda d: d.execute_script("return arguments[0].complete && arguments[0].naturalWidth > 0", image),
                       "the new post's photo does not load")


def test_newPost_checksTypeAndSizeBeforeUploading_andKeepsWhatWasTyped(make_browser, own_system, tmp_path):
    driver = make_browser()
    driver.get(own_system["app_url"] + "/new")
    fill_texts(driver)
    photo_input = driver.find_element(By.ID, "new-post-photo")

    notes = tmp_path / "notes.txt"
    notes.write_text("not a photo")
    photo_input.send_keys(str(notes))
    wait(driver).until(lambda d: error_text(d).startswith("This file isn't a photo we can take."))
    assert photo_input.get_attribute("aria-invalid") == "true"
    assert not is_shown(driver.find_element(By.CSS_SELECTOR, '[data-role="preview"]'))

    huge = tmp_path / "huge.jpg"
    with huge.open("wb") as file:
        file.truncate(20_000_001)
    photo_input.send_keys(str(huge))
    wait(driver).until(lambda d: error_text(d).startswith("This photo is too large."))
    driver.find_element(By.CSS_SELECTOR, ".new-post-form .send-button").click()
    assert error_text(driver).startswith("This photo is too large.")

    assert uploads_made(driver) == 0, "nothing should be sent that the browser can tell is refused"
    assert texts(driver) == (DESCRIPTION, LOCATION, ALT)


def test_newPost_aFileTheBrowserCannotShowAsAPhoto_isRefusedAtOnce_withoutABrokenPreview(make_browser, own_system, tmp_path):
    driver = make_browser()
    driver.get(own_system["app_url"] + "/new")
    photo_input = driver.find_element(By.ID, "new-post-photo")

    damaged = tmp_path / "damaged.jpg"
    damaged.write_bytes(b"\xff\xd8\xff\xe0 these bytes are not a JPEG at all")
    photo_input.send_keys(str(damaged))

    wait(driver).until(lambda d: error_text(d).startswith("This photo can't be read"), "no message on choosing it")
    assert photo_input.get_attribute("aria-invalid") == "true"
    assert not is_shown(driver.find_element(By.CSS_SELECTOR, '[data-role="preview"]')), "no broken image"
    driver.find_element(By.CSS_SELECTOR, ".new-post-form .send-button").click()
    assert error_text(driver).startswith("This photo can't be read")
    assert uploads_made(driver) == 0


def test_newPost_fileChooser_isStyledLikeTheForm_inLightAndDark(make_browser, own_system):
    from browser import set_color_scheme
    driver = make_browser()
    driver.get(own_system["app_url"] + "/new")
    styles = {}
    for scheme in ("light", "dark"):
        set_color_scheme(driver, scheme)
        styles[scheme] = driver.execute_script("""
            const button = getComputedStyle(document.getElementById('new-post-photo'), '::file-selector-button');
            const send = getComputedStyle(document.querySelector('.new-post-form .send-button'));
            return { radius: button.borderTopLeftRadius, color: button.color, border: button.borderTopColor,
                     font: button.fontFamily, sendFont: send.fontFamily, background: button.backgroundColor };""")
    for style in styles.values():
        assert style["radius"] != "0px" and style["font"] == style["sendFont"]
        assert style["color"] == style["border"], "drawn in the accent colour"
    assert styles["light"]["color"] != styles["dark"]["color"], "follows the colour scheme"


def test_newPost_refusedByTheServer_orWithTheAPIStopped_saysWhy_andKeepsThePhotoAndTexts(make_browser, own_system, photo, tmp_path):
    driver = make_browser()
    driver.get(own_system["app_url"] + "/new")
    fill_texts(driver)
    photo_input = driver.find_element(By.ID, "new-post-photo")

    # A GIF named as a JPEG: the browser offers it as one and can show it; only the server,
    # reading its bytes, tells it is not a photo it takes.
    fake = tmp_path / "fake.jpg"
    fake.write_bytes(bytes.fromhex("47494638396101000100800000000000ffffff21f90401000000002c00000000010001000002024401003b"))
    photo_input.send_keys(str(fake))
    driver.find_element(By.CSS_SELECTOR, ".new-post-form .send-button").click()
    wait(driver).until(lambda d: error_text(d).startswith("This file isn't a photo we can take."),
                       "the API's refusal is not shown")
    assert texts(driver) == (DESCRIPTION, LOCATION, ALT)
    assert driver.current_url.endswith("/new")

    photo_input.send_keys(str(photo))
    wait(driver).until(lambda d: error_text(d) == "", "choosing another photo clears the message")
    own_system["api"].stop_expecting_clean_exit()
    driver.find_element(By.CSS_SELECTOR, ".new-post-form .send-button").click()
    wait(driver, 30).until(lambda d: error_text(d).startswith("Couldn't post your photo:"),
                           "no message when the API cannot be reached")
    assert texts(driver) == (DESCRIPTION, LOCATION, ALT)
    assert driver.execute_script("return document.getElementById('new-post-photo').files.length") == 1
    assert driver.find_element(By.CSS_SELECTOR, ".new-post-form .send-button").get_attribute("disabled") is None


def test_newPostWithoutScripts_postsThePageAndLeadsToTheFeed(make_browser, own_system, photo):
    driver = make_browser()
    driver.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": True})
    app_url = own_system["app_url"]
    driver.get(app_url + "/new")

    driver.find_element(By.CSS_SELECTOR, ".new-post-form .send-button").click()
    assert driver.current_url == app_url + "/new", "a required photo is checked by the browser itself"

    driver.find_element(By.ID, "new-post-photo").send_keys(str(photo))
    fill_texts(driver, description="Posted without scripts")
    driver.find_element(By.CSS_SELECTOR, ".new-post-form .send-button").click()

    wait(driver, 60).until(lambda d: d.current_url.rstrip("/") == app_url, "posting did not lead to the feed")
    first = driver.find_element(By.CSS_SELECTOR, "[role=feed] article .feed-image-description")
    assert first.text == "Posted without scripts"


def test_newPost_cancelKeepsTheDraft_discardForgetsIt(driver, system, tmp_path):
    from test_offline_device import _png
    chosen = tmp_path / "draft.png"
    chosen.write_bytes(_png(64, 48))
    driver.get(system.app_url + "/new")
    discard = driver.find_element(By.CSS_SELECTOR, '[data-action="discard"]')
    assert not is_shown(discard), "nothing to discard yet"
    driver.find_element(By.CSS_SELECTOR, "input[type=file]").send_keys(str(chosen))
    fill_texts(driver)
    wait(driver).until(lambda d: is_shown(discard), "Discard shows beside Cancel once there is a draft")

    driver.find_element(By.CSS_SELECTOR, ".form-actions .cancel-link").click()
    wait(driver).until(lambda d: d.current_url.rstrip("/") == system.app_url)
    driver.get(system.app_url + "/new")
    wait(driver).until(lambda d: texts(d) == (DESCRIPTION, LOCATION, ALT), "Cancel keeps the draft")
    wait(driver).until(lambda d: d.execute_script("return document.querySelector('input[type=file]').files.length") == 1)

    driver.find_element(By.CSS_SELECTOR, '[data-action="discard"]').click()
    wait(driver).until(lambda d: d.current_url.rstrip("/") == system.app_url, "Discard closes the form")
    driver.get(system.app_url + "/new")
    driver.execute_script("return new Promise(r => setTimeout(r, 500))")
    assert texts(driver) == ("", "", "")
    assert driver.execute_script("return document.querySelector('input[type=file]').files.length") == 0
    assert not is_shown(driver.find_element(By.CSS_SELECTOR, '[data-action="discard"]'))
