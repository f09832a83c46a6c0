"""Brings each screen to a settled, repeatable state for audits and screenshots."""

from __future__ import annotations

from browser import set_color_scheme
from selenium.webdriver.common.by import By

from news_api import NewsAPI
from screens import CommentsScreen, FeedScreen, NewsScreen, StoryScreen, wait

# Animations and caret blinking would make two screenshots of the same state differ.
# A constructed style sheet is not an inline style, so the page's CSP allows it.
_FREEZE = """
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(`*, *::before, *::after { animation: none !important; transition: none !important;
                                               caret-color: transparent !important; }`);
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
"""
_SCROLL_TO_TOP = "window.scrollTo(0, 0);"

# Relative dates ("3 minutes ago") move with the clock; their place on screen stays.
_MASK_DATES = ("document.querySelectorAll('time.comment-date, .news-meta time, .story-dates time')"
               ".forEach(t => t.style.visibility = 'hidden');")


def comments_item(feed_api) -> str:
    """The item whose comments the screenshots show: the one with the comment written in markup."""
    item, _ = feed_api.first_item_with_comment(lambda c: "<" in c["message"])
    return item["id"]


def settled_feed(driver, app_url: str, scheme: str = "light") -> FeedScreen:
    set_color_scheme(driver, scheme)
    screen = FeedScreen(driver).open(app_url).wait_until_loaded()
    wait(driver, 30).until(lambda d: screen.visible_images_loaded(), "images on screen still loading")
    settle(driver)
    return screen


def settled_comments(driver, app_url: str, image_id: str, scheme: str = "light") -> CommentsScreen:
    set_color_scheme(driver, scheme)
    screen = CommentsScreen(driver).open(app_url, image_id).wait_until_loaded(minimum_comments=1)
    settle(driver)
    return screen


def settle(driver, scroll_to_top: bool = True) -> None:
    """Freezes animations, hides relative dates and waits for fonts and two frames."""
    driver.execute_script(_FREEZE + _MASK_DATES + (_SCROLL_TO_TOP if scroll_to_top else ""))
    driver.execute_async_script("const done = arguments[arguments.length - 1];"
                                "document.fonts.ready.then(() => requestAnimationFrame(() => "
                                "requestAnimationFrame(() => done())));")


def settled_log_in(driver, app_url: str, scheme: str = "light", with_error: bool = False) -> None:
    """The log-in screen; with the error a wrong password gives (for an account that does not
    exist, so no real account's failed attempts are counted)."""
    set_color_scheme(driver, scheme)
    driver.get(app_url + "/login")
    if with_error:
        driver.find_element(By.ID, "username").send_keys("nobody.here")
        driver.find_element(By.ID, "password").send_keys("not a password at all")
        driver.find_element(By.CSS_SELECTOR, ".log-in-button").click()
        wait(driver).until(lambda d: d.find_elements(By.CSS_SELECTOR, ".form-error[role=alert]"))
    settle(driver)
    # The focused field's ring is part of the state; blur it so both screenshots compare alike.
    driver.execute_script("document.activeElement?.blur();")


def settled_new_post(driver, app_url: str, scheme: str = "light", with_error: bool = False) -> None:
    """The New post screen; with the error Post gives without a photo (checked in the browser,
    so nothing is posted to the system the other tests share)."""
    set_color_scheme(driver, scheme)
    driver.get(app_url + "/new")
    if with_error:
        driver.find_element(By.ID, "new-post-description").send_keys("Our cat, asleep in the sun")
        driver.find_element(By.CSS_SELECTOR, ".new-post-form .send-button").click()
        wait(driver).until(lambda d: d.find_element(By.CSS_SELECTOR, '[data-role="post-error"]').is_displayed())
    settle(driver)
    driver.execute_script("document.activeElement?.blur();")


def snapshot_story(api_url: str) -> str:
    """The story the screenshots show: one with a decorative image among its blocks."""
    return NewsAPI(api_url).story_with_decorative_image()["id"]


def settled_news(driver, app_url: str, scheme: str = "light") -> NewsScreen:
    set_color_scheme(driver, scheme)
    screen = NewsScreen(driver).open(app_url).wait_until_loaded()
    wait(driver, 30).until(lambda d: screen.images_settled(), "images on screen still loading")
    settle(driver)
    return screen


def settled_story(driver, app_url: str, story_id: str, scheme: str = "light") -> StoryScreen:
    set_color_scheme(driver, scheme)
    screen = StoryScreen(driver).open(app_url, story_id).wait_until_loaded()
    wait(driver, 30).until(lambda d: NewsScreen(d).images_settled(), "images on screen still loading")
    settle(driver)
    return screen
