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
# A comment's age grows while the suite runs ("3 minutes ago", then "12 minutes ago"), and its
# width decides where its Report link goes: every one says the same, hidden.
_MASK_DATES = ("document.querySelectorAll('time.comment-date').forEach(t => t.textContent = '2 hours ago');"
               "document.querySelectorAll('time.comment-date, .news-meta time, .story-dates time')"
               ".forEach(t => t.style.visibility = 'hidden');")


def comments_item(feed_api) -> str:
    """The item whose comments the screenshots show: the one with the comment written in markup."""
    item, _ = feed_api.first_item_with_comment(lambda c: "<" in c["message"])
    return item["id"]


# The banner's photo is chosen at random; the screenshots show the first post's photo in it.
_FIX_BANNER = """
    const banner = document.querySelector('a.feed-banner');
    const source = [...document.querySelectorAll('[role=feed] article img.feed-image')].find(i => i.complete && i.naturalWidth > 0);
    if (banner && banner.dataset.fixed !== 'yes') {
        banner.dataset.fixed = 'yes';
        const image = banner.querySelector('img');
        image.removeAttribute('srcset');
        if (source) image.src = source.currentSrc || source.src;
        else image.style.visibility = 'hidden';
        banner.querySelector('canvas')?.remove();
        banner.querySelector('[data-placeholder]')?.style.removeProperty('background-color');
    }
"""


def settled_feed(driver, app_url: str, scheme: str = "light") -> FeedScreen:
    set_color_scheme(driver, scheme)
    screen = FeedScreen(driver).open(app_url).wait_until_loaded()
    wait(driver, 30).until(lambda d: screen.visible_images_loaded(), "images on screen still loading")
    settle(driver)
    return screen


def settled_feed_end(driver, app_url: str, scheme: str = "light") -> FeedScreen:
    """The end of the feed: its label and the way back to the top."""
    set_color_scheme(driver, scheme)
    screen = FeedScreen(driver).open(app_url).wait_until_loaded()

    def reached_end(d):
        screen.scroll_to_end()
        return screen.feed_end().is_displayed()
    wait(driver, 60).until(reached_end, "the feed end never showed")
    screen.scroll_to_end()
    wait(driver, 30).until(lambda d: screen.visible_images_loaded(), "images on screen still loading")
    settle(driver, scroll_to_top=False)
    return screen


def photo_item(feed_api) -> dict:
    """The photo whose screen the screenshots show: a wide one with everything known of it."""
    return next(item for item in feed_api.all_items
                if item.get("description") and item.get("location") and item.get("author") and item["width"] > item["height"])


_MASK_POSTED = "document.querySelectorAll('time.photo-posted').forEach(t => t.style.visibility = 'hidden');"


def settled_photo(driver, app_url: str, image_id: str, scheme: str = "light", held_back: bool = False):
    """A photo's screen with its full size shown, or (`held_back`) still on its way."""
    from browser import PausedRequests
    set_color_scheme(driver, scheme)
    paused = PausedRequests(driver, ["*size=full*"]) if held_back else None
    driver.get(f"{app_url}/images/{image_id}")
    if held_back:
        wait(driver, 30).until(lambda d: paused.paused, "the full size was not asked for")
        wait(driver, 30).until(lambda d: d.execute_script(
            "const i = document.querySelector('img.photo-image'); return i.complete && i.naturalWidth > 0"))
    else:
        wait(driver, 30).until(lambda d: d.execute_script(
            "return document.querySelector('img.photo-image').currentSrc.endsWith('size=full')"
            " && document.querySelector('[data-role=full-loading]').hidden"), "the full size never showed")
    driver.execute_script(_MASK_POSTED)
    settle(driver)
    return paused


def settled_comments(driver, app_url: str, image_id: str, scheme: str = "light") -> CommentsScreen:
    set_color_scheme(driver, scheme)
    screen = CommentsScreen(driver).open(app_url, image_id).wait_until_loaded(minimum_comments=1)
    settle(driver)
    return screen


def settle(driver, scroll_to_top: bool = True) -> None:
    """Freezes animations, hides relative dates, shows a fixed photo in the feed's banner,
    and waits for fonts, images and two frames."""
    driver.execute_script(_FREEZE + _MASK_DATES + _FIX_BANNER + (_SCROLL_TO_TOP if scroll_to_top else ""))
    wait(driver, 30).until(lambda d: d.execute_script(
        "const i = document.querySelector('a.feed-banner img');"
        "return !i || i.style.visibility === 'hidden' || (i.complete && i.naturalWidth > 0)"))
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
