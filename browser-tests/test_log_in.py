"""Logging in, commenting and logging out in a real browser, against the real program."""

from __future__ import annotations

import http.server
import json
import threading

import pytest
from selenium.common.exceptions import WebDriverException
from selenium.webdriver.common.by import By

import harness
from screens import is_shown, wait


@pytest.fixture
def own_system(executable, tmp_path):
    """An API and an app of the test's own: it writes comments and stops and restarts them."""
    api, api_url = harness.start_api(executable, tmp_path / "api")
    app, app_url = harness.start_app(executable, api_url, tmp_path / "app")
    parts = {"api": api, "api_url": api_url, "app": app, "app_url": app_url, "app_dir": tmp_path / "app"}
    try:
        yield parts
    finally:
        parts["app"].kill()
        parts["api"].kill()


def log_in_through_the_form(driver, app_url: str, username: str, password: str) -> None:
    driver.get(app_url + "/login")
    fill_log_in_form(driver, username, password)


def fill_log_in_form(driver, username: str, password: str) -> None:
    field = driver.find_element(By.ID, "username")
    field.clear()
    field.send_keys(username)
    driver.find_element(By.ID, "password").send_keys(password)
    driver.find_element(By.CSS_SELECTOR, ".log-in-button").click()


def first_comment_message(driver) -> str:
    try:
        messages = driver.find_elements(By.CSS_SELECTOR, "ol.comments .comment-message")
        return messages[0].text if messages else ""
    except WebDriverException as error:
        # Read while the form's post replaces the page: the node found is of the old document.
        if "does not belong to the document" in str(error):
            return ""
        raise


def test_logIn_comment_offline_andLogOut(make_browser, own_system):
    app_url = own_system["app_url"]
    driver = make_browser(signed_in=False)

    driver.get(app_url + "/")
    wait(driver).until(lambda d: "/login" in d.current_url, "a screen without session did not lead to log in")
    assert driver.find_element(By.ID, "username").get_attribute("autocomplete") == "username"
    assert driver.find_element(By.ID, "password").get_attribute("autocomplete") == "current-password"

    fill_log_in_form(driver, harness.DEMO_USERNAME, "not the password")
    error = wait(driver).until(lambda d: d.find_element(By.CSS_SELECTOR, ".form-error[role=alert]"))
    assert error.text == "Wrong username or password."
    assert driver.find_element(By.ID, "username").get_attribute("value") == harness.DEMO_USERNAME
    assert driver.find_element(By.ID, "password").get_attribute("value") == ""

    driver.find_element(By.ID, "password").send_keys(harness.DEMO_PASSWORD)
    driver.find_element(By.CSS_SELECTOR, ".log-in-button").click()
    wait(driver).until(lambda d: d.current_url.rstrip("/") == app_url, "logging in did not lead to the feed")
    wait(driver).until(lambda d: d.find_elements(By.CSS_SELECTOR, "[role=feed] article .feed-image-author"))
    assert "Demo Reader" in driver.page_source
    author = driver.find_element(By.CSS_SELECTOR, "[role=feed] article .feed-image-author").text
    assert "@" in author
    session_cookie = next(c for c in driver.get_cookies() if c["name"] == "ef_session")
    assert session_cookie["httpOnly"] and session_cookie["sameSite"] == "Lax"

    comments_url = driver.find_element(By.CSS_SELECTOR, "[role=feed] article .feed-comments-link").get_attribute("href")
    driver.get(comments_url)
    wait(driver).until(lambda d: d.find_elements(By.CSS_SELECTOR, "form.comment-form"))
    driver.execute_script("window.stillTheSamePage = true;")
    box = driver.find_element(By.ID, "comment-message")
    box.send_keys("Written in a real browser ✍️")
    driver.find_element(By.CSS_SELECTOR, ".send-button").click()

    wait(driver).until(lambda d: first_comment_message(d) == "Written in a real browser ✍️", "the new comment is not first")
    assert driver.execute_script("return window.stillTheSamePage === true"), "the page reloaded"
    assert box.get_attribute("value") == ""
    assert driver.find_element(By.CSS_SELECTOR, '[data-role="comment-status"]').get_attribute("textContent") == "Comment added."

    own_system["api"].stop_expecting_clean_exit()
    box.send_keys("Sent while the API is down")
    driver.find_element(By.CSS_SELECTOR, ".send-button").click()
    comment_error = driver.find_element(By.CSS_SELECTOR, '[data-role="comment-error"]')
    wait(driver).until(lambda d: is_shown(comment_error), "no error when the comment could not be sent")
    assert "Couldn't send your comment" in comment_error.text
    assert box.get_attribute("value") == "Sent while the API is down"

    driver.get(app_url + "/")
    wait(driver).until(lambda d: is_shown(d.find_element(By.CSS_SELECTOR, '[data-role="offline-notice"]')),
                       "offline, a person logged in should see the cached feed")
    assert driver.find_elements(By.CSS_SELECTOR, "[role=feed] article")

    driver.find_element(By.CSS_SELECTOR, ".account-menu-button").click()
    driver.find_element(By.CSS_SELECTOR, ".account-menu-panel .log-out-button").click()
    wait(driver).until(lambda d: "/login" in d.current_url, "logging out did not lead to the log-in screen")
    status, _, _ = harness.http_request(app_url + "/", headers={"Cookie": f"ef_session={session_cookie['value']}"})
    assert status == 303, "the old session cookie still works after logging out"
    driver.get(app_url + "/")
    wait(driver).until(lambda d: "/login" in d.current_url)


def test_backAfterLoggingOut_showsNothingPrivate(make_browser, own_system):
    app_url = own_system["app_url"]
    driver = make_browser(signed_in=False)
    log_in_through_the_form(driver, app_url, harness.DEMO_USERNAME, harness.DEMO_PASSWORD)
    wait(driver).until(lambda d: d.find_elements(By.CSS_SELECTOR, "[role=feed] article"), "the feed did not load")
    account_name = driver.find_element(By.CSS_SELECTOR, ".account-menu-button").text

    driver.find_element(By.CSS_SELECTOR, ".account-menu-button").click()
    driver.find_element(By.CSS_SELECTOR, ".account-menu-panel .log-out-button").click()
    wait(driver).until(lambda d: "/login" in d.current_url, "logging out did not lead to the log-in screen")

    driver.back()
    wait(driver).until(lambda d: "/login" in d.current_url, "Back after logging out stayed on a private page")
    assert not driver.find_elements(By.CSS_SELECTOR, "[role=feed] article")
    assert account_name not in driver.find_element(By.TAG_NAME, "body").text


def test_aRestartOfTheApp_keepsThePersonLoggedIn(make_browser, executable, own_system):
    driver = make_browser(signed_in=False)
    log_in_through_the_form(driver, own_system["app_url"], harness.DEMO_USERNAME, harness.DEMO_PASSWORD)
    wait(driver).until(lambda d: d.current_url.rstrip("/") == own_system["app_url"])

    own_system["app"].stop_expecting_clean_exit()
    own_system["app"], app_url = harness.start_app(executable, own_system["api_url"], own_system["app_dir"])

    # Cookies belong to the host, not the port: the browser sends the same session to the new process.
    driver.get(app_url + "/")
    wait(driver).until(lambda d: d.find_elements(By.CSS_SELECTOR, "[role=feed] article"), "the feed did not show")
    assert "/login" not in driver.current_url
    assert "Demo Reader" in driver.page_source


def test_commentWithoutScripts_postsThePageAndComesBackToTheList(make_browser, own_system):
    driver = make_browser(signed_in=False)
    driver.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": True})
    log_in_through_the_form(driver, own_system["app_url"], harness.DEMO_USERNAME, harness.DEMO_PASSWORD)
    wait(driver).until(lambda d: d.current_url.rstrip("/") == own_system["app_url"])
    comments_url = driver.find_element(By.CSS_SELECTOR, "[role=feed] article .feed-comments-link").get_attribute("href")
    driver.get(comments_url)

    driver.find_element(By.ID, "comment-message").send_keys("Sent without scripts")
    driver.find_element(By.CSS_SELECTOR, ".send-button").click()

    wait(driver).until(lambda d: first_comment_message(d) == "Sent without scripts", "the new comment is not first")
    assert driver.current_url == comments_url
    assert driver.find_element(By.ID, "comment-message").get_attribute("value") == ""


def test_aFormOnAnotherSite_isRefused(make_browser, system):
    """`localhost` and `127.0.0.1` are different sites to the browser."""
    port = harness.free_port()
    page = f"""<!doctype html><title>Elsewhere</title>
        <form method="post" action="{system.app_url}/login">
        <input name="username" value="{harness.DEMO_USERNAME}"><input name="password" value="{harness.DEMO_PASSWORD}">
        <input name="csrf_token" value="guessed"><button id="go">Go</button></form>""".encode()

    class Elsewhere(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            self.end_headers()
            self.wfile.write(page)

        def log_message(self, *args):
            pass

    server = http.server.HTTPServer(("127.0.0.1", port), Elsewhere)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        driver = make_browser(signed_in=False)
        driver.get(f"http://localhost:{port}/")
        driver.find_element(By.ID, "go").click()
        wait(driver).until(lambda d: "Request refused" in d.title, "a post from another site was not refused")
    finally:
        server.shutdown()


def test_logIn_namesTheApp(make_browser, system):
    driver = make_browser(signed_in=False)
    driver.get(system.app_url + "/login")

    brand = driver.find_element(By.CSS_SELECTOR, "main .log-in-brand")
    assert brand.text == "Essential Feed"
    assert driver.execute_script("const i = document.querySelector('.log-in-brand img'); return i.complete && i.naturalWidth > 0")


def test_leaving_deletesTheAccount_andLandsOnGoodbye_withNothingKept(make_browser, own_system):
    app_url = own_system["app_url"]
    driver = make_browser(signed_in=False)
    log_in_through_the_form(driver, app_url, harness.DEMO_USERNAME, harness.DEMO_PASSWORD)
    wait(driver).until(lambda d: d.find_elements(By.CSS_SELECTOR, "[role=feed] article"), "the feed did not load")
    wait(driver).until(lambda d: d.execute_script("return !!navigator.serviceWorker.controller"), "no service worker took the page")

    driver.get(app_url + "/settings/leave")
    driver.find_element(By.ID, "leave-password").send_keys("not the password")
    driver.find_element(By.CSS_SELECTOR, 'input[name="confirm"]').click()
    driver.find_element(By.CSS_SELECTOR, ".confirm-deletion-form .danger-button").click()
    wait(driver).until(lambda d: d.find_elements(By.ID, "leave-error") and d.find_element(By.ID, "leave-error").is_displayed(),
                       "a wrong password was not said")
    assert driver.find_element(By.CSS_SELECTOR, 'input[name="confirm"]').is_selected(), "the box stays ticked"

    driver.find_element(By.ID, "leave-password").send_keys(harness.DEMO_PASSWORD)
    driver.find_element(By.CSS_SELECTOR, ".confirm-deletion-form .danger-button").click()
    wait(driver).until(lambda d: "/goodbye" in d.current_url, "leaving did not end on the goodbye page")
    wait(driver).until(lambda d: d.find_elements(By.CSS_SELECTOR, "a.go-to-feed"), "the goodbye page did not show")
    assert driver.find_element(By.CSS_SELECTOR, "a.go-to-feed").get_attribute("href").endswith("/login")
    driver.get(app_url + "/")
    wait(driver).until(lambda d: "/login" in d.current_url, "the session outlived the account")
    status, _, _ = harness.http_request(own_system["api_url"] + "/v1/sessions", method="POST",
                                        data=json.dumps({"username": harness.DEMO_USERNAME, "password": harness.DEMO_PASSWORD}).encode(),
                                        headers={"Content-Type": "application/json"})
    assert status == 401, "the account is gone from the API"
