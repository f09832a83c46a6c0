"""One's own photo as its owner meets it: behind the content warning they gave it, then edited
and deleted from its screen, each step through the app's own forms."""

import json
import subprocess
import uuid
from pathlib import Path

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

    driver.get(f"{system.app_url}/images/{image_id}/comments")
    wait(driver).until(lambda d: d.find_elements(By.CSS_SELECTOR, ".comments-subject-frame .content-warning"))
    spill = driver.execute_script(
        "const s = document.querySelector('.comments-subject-frame .content-warning > summary');"
        "return Math.max(s.scrollHeight - s.clientHeight, s.scrollWidth - s.clientWidth)")
    assert spill <= 0, f"the thumbnail's warning spills {spill} px out of it"

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

    # Back through the confirmation to the photo's screen: it says the photo is gone, never
    # shows it as it was (with Edit and Delete) from the browser's back-forward cache.
    for _ in range(2):
        driver.back()
        if driver.current_url.endswith(f"/images/{image_id}"):
            break
    assert driver.current_url.endswith(f"/images/{image_id}"), driver.current_url
    wait(driver).until(lambda d: "Page not found" in d.find_element(By.TAG_NAME, "body").text,
                       "Back showed the deleted photo as if it were still there")
    assert not driver.find_elements(By.CSS_SELECTOR, "a.own-post-delete")


def test_aReport_reachesTheModerators_whoDismissItWithAReason_andTheLogSaysSo(driver, system, executable, feed_api):
    arguments = system.program.arguments
    database = Path(arguments[arguments.index("--data-dir") + 1]) / "api.sqlite"
    reporter, password = f"reporter{uuid.uuid4().hex[:8]}", "a reporter's long password"
    harness.add_account(executable, database, reporter, password)
    status, _, answer = harness.http_request(system.api_url + "/v1/sessions", "POST",
                                             json.dumps({"username": reporter, "password": password}).encode(),
                                             {"Content-Type": "application/json"}, timeout=60)
    assert status == 201, answer[:300]
    token = json.loads(answer)["token"]
    target = json.loads(harness.http_request(system.api_url + "/v1/feed?limit=1")[2])["items"][0]["id"]
    status, _, answer = harness.http_request(system.api_url + "/v1/reports", "POST",
                                             json.dumps({"image_id": target, "reason": "spam", "note": "Looks like an advert"}).encode(),
                                             {"Content-Type": "application/json", "Authorization": f"Bearer {token}"})
    assert status == 201, answer[:300]

    role = subprocess.run([str(executable), "accounts", "role", harness.DEMO_USERNAME, "moderator", "--database", str(database)],
                          capture_output=True, text=True, timeout=60)
    assert role.returncode == 0, role.stderr
    try:
        driver.get(system.app_url + "/settings/account")
        wait(driver).until(lambda d: d.find_elements(By.CSS_SELECTOR, ".moderation-link a"), "no way to the moderation screen").pop().click()
        report = wait(driver).until(lambda d: [r for r in d.find_elements(By.CSS_SELECTOR, ".moderation-report")
                                               if f"@{reporter}" in r.text], "the report is not in the queue")[0]
        assert "Looks like an advert" in report.text and "Spam" in report.text
        dismiss = [f for f in report.find_elements(By.CSS_SELECTOR, "form.moderation-action")
                   if f.find_element(By.CSS_SELECTOR, "input[name=action]").get_attribute("value") == "dismiss"][0]
        dismiss.find_element(By.CSS_SELECTOR, "input[name=reason]").send_keys("An honest shop")
        dismiss.find_element(By.CSS_SELECTOR, "button").click()
        wait(driver).until(lambda d: any("An honest shop" in e.text for e in d.find_elements(By.CSS_SELECTOR, ".moderation-log-entry")),
                           "the log does not show the dismissal")
        assert not [r for r in driver.find_elements(By.CSS_SELECTOR, ".moderation-report") if f"@{reporter}" in r.text]
    finally:
        subprocess.run([str(executable), "accounts", "role", harness.DEMO_USERNAME, "member", "--database", str(database)],
                       capture_output=True, text=True, timeout=60, check=True)
