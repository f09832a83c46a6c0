"""One's own photo as its owner meets it: behind the content warning they gave it, then edited
and deleted from its screen, each step through the app's own forms."""

import json
import uuid

from selenium.webdriver.common.by import By

import harness
from screens import FeedScreen, wait
from test_hostile_uploads import api_token


def post_with_warning(api_url: str, token: str, photo: bytes, warning: str) -> dict:
    boundary = uuid.uuid4().hex
    body = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"content_warning\"\r\n\r\n{warning}\r\n"
            f"--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"photo.jpg\"\r\n"
            f"Content-Type: image/jpeg\r\n\r\n").encode() + photo + f"\r\n--{boundary}--\r\n".encode()
    status, _, answer = harness.http_request(api_url + "/v1/images", "POST", body, {
        "Content-Type": f"multipart/form-data; boundary={boundary}", "Authorization": f"Bearer {token}"}, timeout=120)
    assert status == 201, answer[:300]
    return json.loads(answer)


def test_myPhoto_showsBehindItsWarningUntilOpened_thenIsEditedAndDeleted(driver, system, feed_api):
    token = api_token(system.api_url)
    first = json.loads(harness.http_request(system.api_url + "/v1/feed?limit=1")[2])["items"][0]
    status, _, photo = harness.http_request(first["urls"]["small"])
    assert status == 200
    image_id = post_with_warning(system.api_url, token, photo, "Spiders")["id"]

    screen = FeedScreen(driver)
    driver.get(system.app_url + "/?tab=everyone")
    screen.wait_until_loaded(minimum_articles=1)
    article = screen.article(image_id)
    warning = article.find_element(By.CSS_SELECTOR, ".content-warning")
    assert warning.is_displayed() and "Spiders" in warning.text
    assert not article.find_element(By.CSS_SELECTOR, "img.feed-image").get_attribute("src"), "loaded before it was asked for"
    warning.find_element(By.CSS_SELECTOR, "summary").click()
    wait(driver).until(lambda d: d.execute_script(
        "const i = document.querySelector(`article[data-image-id='${arguments[0]}'] img.feed-image`);"
        "return i.complete && i.naturalWidth > 0", image_id), "the photo did not load once the warning was opened")
    assert not screen.article(image_id).find_element(By.CSS_SELECTOR, ".content-warning").is_displayed()

    driver.get(f"{system.app_url}/images/{image_id}")
    driver.find_element(By.CSS_SELECTOR, "a.own-post-edit").click()
    description = wait(driver).until(lambda d: d.find_element(By.ID, "edit-post-description"), "the edit form did not open")
    description.clear()
    description.send_keys("Edited in the browser")
    driver.find_element(By.ID, "edit-post-content_warning").clear()
    driver.find_element(By.CSS_SELECTOR, ".edit-post-form button[type=submit]").click()
    wait(driver).until(lambda d: d.find_elements(By.CSS_SELECTOR, ".photo-description")
                       and d.find_element(By.CSS_SELECTOR, ".photo-description").text == "Edited in the browser",
                       "the photo's screen did not show the edit")
    assert driver.find_element(By.CSS_SELECTOR, ".photo-edited").text == "Edited"
    assert not driver.find_elements(By.CSS_SELECTOR, ".content-warning"), "a cleared warning still shows"

    driver.find_element(By.CSS_SELECTOR, "a.own-post-delete").click()
    wait(driver).until(lambda d: d.find_elements(By.CSS_SELECTOR, ".confirm-deletion-form"), "no confirmation").pop()
    driver.find_element(By.CSS_SELECTOR, ".confirm-deletion-form .danger-button").click()
    wait(driver).until(lambda d: d.find_elements(By.CSS_SELECTOR, ".profile-header"), "deleting did not lead to the profile")
    assert harness.http_request(f"{system.api_url}/v1/image/{image_id}")[0] == 404
