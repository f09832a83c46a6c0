"""Joining by invitation and running one's own account, in real browsers against the real
program: invite → join → post → change the password (the other browser's session ends) →
two factors → log in with the authenticator's code."""

from __future__ import annotations

import base64
import hashlib
import hmac
import struct
import subprocess
import time

import pytest
from selenium.webdriver.common.by import By

import harness
from screens import is_shown, wait

PASSWORD = "a long unusual phrase"
NEW_PASSWORD = "another long phrase"


@pytest.fixture
def inviting_system(executable, tmp_path):
    """The whole program, with members inviting others."""
    data_dir = tmp_path / "data"
    program, system = harness.start_system(executable, data_dir, extra_arguments=["--member-invites"])
    system.data_dir = data_dir
    try:
        yield system
    finally:
        program.stop_expecting_clean_exit()


@pytest.fixture
def photo(executable, tmp_path):
    folder = tmp_path / "photos"
    subprocess.run([str(executable), "sample-photos", str(folder), "--count", "1", "--width", "800", "--height", "600"],
                   check=True, capture_output=True, timeout=120)
    return next(folder.glob("*.jpg"))


def invitation_link(executable, system, uses: int = 1) -> str:
    created = subprocess.run(
        [str(executable), "invites", "create", "--uses", str(uses), "--database", str(system.data_dir / "api.sqlite"),
         "--app-url", system.app_url], capture_output=True, text=True, timeout=60, check=True)
    return created.stdout.strip()


def totp(secret: str, at: float, steps_ahead: int = 0) -> str:
    """The code an authenticator app shows (RFC 6238: HMAC-SHA1, 30 s, six digits)."""
    key = base64.b32decode(secret.replace(" ", "") + "=" * (-len(secret.replace(" ", "")) % 8))
    digest = hmac.new(key, struct.pack(">Q", int(at // 30) + steps_ahead), hashlib.sha1).digest()
    offset = digest[-1] & 0x0F
    return "%06d" % ((struct.unpack(">I", digest[offset:offset + 4])[0] & 0x7FFFFFFF) % 1_000_000)


def log_in(driver, app_url: str, username: str, password: str, code: str | None = None) -> None:
    driver.get(app_url + "/login")
    driver.find_element(By.ID, "username").clear()
    driver.find_element(By.ID, "username").send_keys(username)
    driver.find_element(By.ID, "password").send_keys(password)
    if code is not None:
        driver.find_element(By.ID, "code").send_keys(code)
    driver.find_element(By.CSS_SELECTOR, ".log-in-button").click()


def test_inviteJoinPostChangePasswordAndTwoFactors(executable, inviting_system, make_browser, photo):
    app_url = inviting_system.app_url
    link = invitation_link(executable, inviting_system)
    assert link.startswith(app_url + "/join/")

    rita = make_browser(signed_in=False)
    rita.get(link)
    assert rita.title == "Join"
    username = rita.find_element(By.ID, "username")
    username.send_keys("admin")
    hint = rita.find_element(By.CSS_SELECTOR, '[data-role="username-hint"]')
    wait(rita).until(lambda d: "kept for the service" in hint.text, "the reserved name was not said as it was typed")
    assert rita.execute_script("return document.querySelector('.join-form').checkValidity()") is False
    username.clear()
    username.send_keys("rita_s")
    rita.find_element(By.ID, "display-name").send_keys("Rita S")
    rita.find_element(By.ID, "password").send_keys(PASSWORD)
    rita.find_element(By.CSS_SELECTOR, ".log-in-button").click()
    wait(rita).until(lambda d: d.current_url == app_url + "/following", "joining did not land in the Following tab")

    # Her first post.
    rita.get(app_url + "/new")
    rita.find_element(By.ID, "new-post-photo").send_keys(str(photo))
    rita.find_element(By.ID, "new-post-description").send_keys("My first photo here")
    rita.find_element(By.CSS_SELECTOR, ".new-post-form .send-button").click()
    # Back to the tab she was reading: her own posts are in her timeline.
    wait(rita, 60).until(lambda d: d.current_url == app_url + "/following", "posting did not lead back to her timeline")
    first = wait(rita).until(lambda d: d.find_element(By.CSS_SELECTOR, "[role=feed] article"))
    assert first.find_element(By.CSS_SELECTOR, ".feed-image-description").text == "My first photo here"

    # Another browser of hers.
    phone = make_browser(signed_in=False)
    log_in(phone, app_url, "rita_s", PASSWORD)
    wait(phone).until(lambda d: "/login" not in d.current_url)
    phone.get(app_url + "/settings/account")
    assert len(phone.find_elements(By.CSS_SELECTOR, ".session")) == 2

    # A new password, from the first browser: the phone's session ends.
    rita.get(app_url + "/settings/account")
    rita.find_element(By.ID, "current-password").send_keys(PASSWORD)
    rita.find_element(By.ID, "new-password").send_keys(NEW_PASSWORD)
    rita.find_element(By.CSS_SELECTOR, 'form[action="/settings/account/password"] .send-button').click()
    wait(rita).until(lambda d: "done=password" in d.current_url)
    assert "other devices are logged out" in rita.find_element(By.CSS_SELECTOR, ".form-notice").text
    phone.get(app_url + "/settings/account")
    wait(phone).until(lambda d: "/login" in d.current_url, "the other browser's session did not end")

    # Two factors: the QR code's secret into an "app", its code to turn them on.
    rita.find_element(By.CSS_SELECTOR, 'form[action="/settings/account/totp"] button').click()
    qr = wait(rita).until(lambda d: d.find_element(By.CSS_SELECTOR, "svg.qr-code"))
    assert qr.get_attribute("data-uri").startswith("otpauth://totp/")
    secret = rita.find_element(By.CSS_SELECTOR, '[data-role="totp-secret"]').text
    rita.find_element(By.ID, "totp-code").send_keys("000000")
    rita.find_element(By.CSS_SELECTOR, 'form[action="/settings/account/totp/confirm"] .send-button').click()
    wait(rita).until(lambda d: d.find_elements(By.ID, "code-error"))
    assert rita.find_element(By.CSS_SELECTOR, '[data-role="totp-secret"]').text == secret, "the same secret after a wrong code"
    now = time.time()
    rita.find_element(By.ID, "totp-code").send_keys(totp(secret, now))
    rita.find_element(By.CSS_SELECTOR, 'form[action="/settings/account/totp/confirm"] .send-button').click()
    codes = wait(rita).until(lambda d: d.find_elements(By.CSS_SELECTOR, '[data-role="recovery-codes"] code'))
    assert len(codes) == 10

    # The phone logs in again: the password alone is not enough.
    log_in(phone, app_url, "rita_s", NEW_PASSWORD)
    wait(phone).until(lambda d: d.find_elements(By.ID, "code"), "the log-in did not ask for the code")
    assert "two-factor" in phone.find_element(By.CSS_SELECTOR, ".form-notice").text, "asked as a step, not as an error"
    phone.find_element(By.ID, "password").send_keys(NEW_PASSWORD)
    phone.find_element(By.ID, "code").send_keys(totp(secret, now, steps_ahead=1))
    phone.find_element(By.CSS_SELECTOR, ".log-in-button").click()
    wait(phone).until(lambda d: "/login" not in d.current_url, "the authenticator's code did not log in")
    phone.get(app_url + "/settings/account")
    assert phone.find_element(By.CSS_SELECTOR, "[data-two-factor]").get_attribute("data-two-factor") == "on"

    # A recovery code logs in once; used again, it is refused.
    recovery = [code.text for code in codes]
    for attempt in ("first", "again"):
        other = make_browser(signed_in=False)
        log_in(other, app_url, "rita_s", NEW_PASSWORD)
        wait(other).until(lambda d: d.find_elements(By.ID, "code"))
        other.find_element(By.ID, "password").send_keys(NEW_PASSWORD)
        other.find_element(By.ID, "code").send_keys(recovery[0])
        other.find_element(By.CSS_SELECTOR, ".log-in-button").click()
        if attempt == "first":
            wait(other).until(lambda d: "/login" not in d.current_url, "a recovery code did not log in")
        else:
            wait(other).until(lambda d: "used already" in d.find_element(By.ID, "log-in-error").text, "a used recovery code was not refused")


def test_aUsedInvitation_andAMembersOwn_inAnotherLanguage(executable, inviting_system, make_browser):
    app_url = inviting_system.app_url
    link = invitation_link(executable, inviting_system)
    first = make_browser(signed_in=False)
    first.get(link)
    # Refused by the API, said on the page, nothing used up: a common password, a taken name.
    for username, password, said in [("sam_k", "password123", "most common"), ("Demo", PASSWORD, "has this username")]:
        first.find_element(By.ID, "username").clear()
        first.find_element(By.ID, "username").send_keys(username)
        first.find_element(By.ID, "password").send_keys(password)
        first.find_element(By.CSS_SELECTOR, ".log-in-button").click()
        # The page before the answer has the same (hidden) element: wait for what the answer says.
        wait(first).until(lambda d: said in d.find_element(By.ID, "join-error").text, f"the refusal of {username} was not said")
        assert is_shown(first.find_element(By.ID, "join-error"))
        assert first.find_element(By.ID, "username").get_attribute("value") == username
    first.find_element(By.ID, "username").clear()
    first.find_element(By.ID, "username").send_keys("sam_k")
    first.find_element(By.ID, "password").send_keys(PASSWORD)
    first.find_element(By.CSS_SELECTOR, ".log-in-button").click()
    wait(first).until(lambda d: d.current_url == app_url + "/following")

    # Sam invites someone from his settings; the link works once more.
    first.get(app_url + "/settings/account")
    first.find_element(By.CSS_SELECTOR, ".invitation-form .send-button").click()
    own_link = wait(first).until(lambda d: d.find_element(By.CSS_SELECTOR, '[data-role="invitation-link"]')).get_attribute("value")
    assert own_link.startswith(app_url + "/join/")

    greek = make_browser(language="el", signed_in=False)
    greek.get(link)
    error = greek.find_element(By.CSS_SELECTOR, "[role=alert]")
    assert is_shown(error) and error.text and not greek.find_elements(By.CSS_SELECTOR, ".join-form")
    assert greek.find_element(By.TAG_NAME, "html").get_attribute("lang") == "el"
    greek.get(own_link)
    assert greek.find_elements(By.CSS_SELECTOR, ".join-form")
