"""The two screens as APP-CONTRACT.md describes their DOM, and waits on their states."""

from __future__ import annotations

from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webelement import WebElement
from selenium.webdriver.support.ui import WebDriverWait

TIMEOUT = 20


def wait(driver, timeout: float = TIMEOUT) -> WebDriverWait:
    return WebDriverWait(driver, timeout, poll_frequency=0.05,
                         ignored_exceptions=(StaleElementReferenceException,))


def is_shown(element: WebElement) -> bool:
    return element.get_attribute("hidden") is None and element.is_displayed()


class Screen:
    def __init__(self, driver):
        self.driver = driver

    def title(self) -> str:
        return self.driver.find_element(By.TAG_NAME, "h1").text

    def html_lang(self) -> str:
        return self.driver.find_element(By.TAG_NAME, "html").get_attribute("lang") or ""

    def refresh_button(self) -> WebElement:
        return self.driver.find_element(By.CSS_SELECTOR, 'button[data-action="refresh"]')

    def error(self) -> WebElement:
        return self.driver.find_element(By.CSS_SELECTOR, '[data-role="error"]')

    def loading(self) -> WebElement:
        return self.driver.find_element(By.CSS_SELECTOR, '[data-role="loading"]')

    def wait_until_loaded(self) -> None:
        wait(self.driver).until(
            lambda d: not is_shown(self.loading()), "the loading indicator is still shown")

    def watch_for_reload(self) -> None:
        """Notes the fragment requests made so far, so `wait_until_reloaded` sees a new load.

        Image requests do not count: they may still arrive from the first load."""
        self.driver.execute_script("""
            window.__reloadProbe = { busy: [], requests: performance.getEntriesByType('resource')
                .filter(e => new URL(e.name).pathname.startsWith('/fragments/')).length };
            new MutationObserver(() => window.__reloadProbe.busy.push(
                document.querySelector('[aria-busy]')?.getAttribute('aria-busy')))
                .observe(document.body, { subtree: true, attributes: true, attributeFilter: ['aria-busy'] });""")

    def wait_until_reloaded(self, failure: str) -> str:
        """'reloaded' when the whole page loaded again, 'requested' when its script loaded again."""
        return wait(self.driver).until(lambda d: d.execute_script("""
            const probe = window.__reloadProbe; if (!probe) return 'reloaded';
            const now = performance.getEntriesByType('resource')
                .filter(e => new URL(e.name).pathname.startsWith('/fragments/')).length;
            return (probe.busy.includes('true') || now > probe.requests) ? 'requested' : null;"""), failure)

    def pull_down(self, distance: int = 200) -> None:
        """A touch that drags down from near the top of the page, as a finger pulls to refresh."""
        self.driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 1})
        x, y = 200, 120
        self.driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
        for step in range(1, 11):
            self.driver.execute_cdp_cmd("Input.dispatchTouchEvent", {
                "type": "touchMove", "touchPoints": [{"x": x, "y": y + distance * step // 10}]})
        self.driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


class FeedScreen(Screen):
    FEED = '[role="feed"]'

    def open(self, app_url: str) -> "FeedScreen":
        self.driver.get(app_url + "/")
        return self

    def feed(self) -> WebElement:
        return self.driver.find_element(By.CSS_SELECTOR, self.FEED)

    def articles(self) -> list[WebElement]:
        return self.driver.find_elements(By.CSS_SELECTOR, f"{self.FEED} article")

    def article_ids(self) -> list[str]:
        return self.driver.execute_script(
            "return [...document.querySelectorAll('[role=feed] article')].map(a => a.dataset.imageId)")

    def article(self, image_id: str) -> WebElement:
        return self.driver.find_element(By.CSS_SELECTOR, f'{self.FEED} article[data-image-id="{image_id}"]')

    def wait_until_loaded(self, minimum_articles: int = 1) -> "FeedScreen":
        wait(self.driver).until(
            lambda d: self.feed().get_attribute("aria-busy") == "false"
            and len(self.articles()) >= minimum_articles,
            f"the feed did not finish loading with at least {minimum_articles} articles")
        return self

    def feed_end(self) -> WebElement:
        return self.driver.find_element(By.CSS_SELECTOR, '[data-role="feed-end"]')

    def load_more(self) -> WebElement:
        return self.driver.find_element(By.CSS_SELECTOR, '[data-role="load-more"]')

    def scroll_to_end(self) -> None:
        self.driver.execute_script("window.scrollTo(0, document.documentElement.scrollHeight)")

    def image_state(self, image_id: str) -> dict:
        """What the browser knows about one item's image: loaded, failed, retry shown."""
        return self.driver.execute_script("""
            const article = document.querySelector(`[role=feed] article[data-image-id="${arguments[0]}"]`);
            if (!article) return null;
            const image = article.querySelector('img.feed-image');
            const container = article.querySelector('.feed-image-container');
            const retry = article.querySelector('button.feed-image-retry');
            const retryShown = !!retry && !retry.hidden && retry.getClientRects().length > 0
                && getComputedStyle(retry).visibility !== 'hidden';
            return {
                loaded: !!image && image.complete && image.naturalWidth > 0,
                loading: !!container && container.classList.contains('is-loading'),
                failed: !!container && container.classList.contains('is-failed'),
                retryShown: retryShown,
                src: image ? image.currentSrc || image.src || '' : '',
            };""", image_id)

    def scroll_into_view(self, element: WebElement) -> None:
        self.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)

    def wait_until_image(self, image_id: str, condition, description: str, timeout: float = TIMEOUT) -> dict:
        def check(_):
            state = self.image_state(image_id)
            return state if state and condition(state) else False
        return wait(self.driver, timeout).until(check, f"image {image_id}: {description}; last state "
                                                f"{self.image_state(image_id)}")

    _LOADED = "!c.classList.contains('is-loading') && i && i.complete && i.naturalWidth > 0"

    def visible_images_loaded(self) -> bool:
        """Every image whose box meets the viewport has loaded (no shimmer left on screen)."""
        return self._every_visible_image(self._LOADED)

    def visible_images_settled(self) -> bool:
        """Every image whose box meets the viewport has either loaded or failed (no shimmer left)."""
        return self._every_visible_image(f"c.classList.contains('is-failed') || ({self._LOADED})")

    def _every_visible_image(self, condition: str) -> bool:
        """`condition` holds for every image container meeting the viewport (`c`, its image `i`)."""
        return self.driver.execute_script(f"""
            const height = window.innerHeight;
            const containers = [...document.querySelectorAll('[role=feed] .feed-image-container')];
            const onScreen = containers.filter(c => {{ const r = c.getBoundingClientRect();
                return r.bottom > 0 && r.top < height; }});
            return onScreen.every(c => {{ const i = c.querySelector('img.feed-image'); return {condition}; }});""")


class CommentsScreen(Screen):
    def open(self, app_url: str, image_id: str) -> "CommentsScreen":
        self.driver.get(f"{app_url}/images/{image_id}/comments")
        return self

    def comments(self) -> list[WebElement]:
        return self.driver.find_elements(By.CSS_SELECTOR, "ol.comments li.comment")

    def comment_contents(self) -> list[dict]:
        return self.driver.execute_script("""
            return [...document.querySelectorAll('ol.comments li.comment')].map(li => {
                const text = s => { const e = li.querySelector(s); return e ? e.textContent.trim() : null; };
                const time = li.querySelector('time.comment-date');
                return { username: text('.comment-username'), date: text('time.comment-date'),
                         datetime: time ? time.getAttribute('datetime') : null,
                         message: text('.comment-message'),
                         markupElements: li.querySelectorAll('.comment-message *').length };
            });""")

    def back_link(self) -> WebElement:
        return self.driver.find_element(By.CSS_SELECTOR, 'a[data-action="back"][href="/"]')

    def wait_until_loaded(self, minimum_comments: int = 0) -> "CommentsScreen":
        wait(self.driver).until(
            lambda d: d.find_element(By.TAG_NAME, "h1")
            and not is_shown(self.loading()) and len(self.comments()) >= minimum_comments,
            f"the comments did not finish loading with at least {minimum_comments} comments")
        return self


# Run by the browser before any page script (CDP's scripts are not subject to the page's CSP):
# notes every fetch the page makes and how it ended, so tests see cancelled and repeated requests.
_RECORD_FETCHES = """
    window.__fetches = [];
    const originalFetch = window.fetch;
    window.fetch = function (resource, options) {
        const record = { url: String(resource instanceof Request ? resource.url : resource), outcome: 'pending' };
        window.__fetches.push(record);
        return originalFetch.apply(this, arguments).then(
            (response) => { record.outcome = 'response'; return response; },
            (error) => { record.outcome = error && error.name === 'AbortError' ? 'aborted' : 'failed'; throw error; });
    };
"""


def record_fetches(driver) -> None:
    """From the next page load on, `fetches(driver)` lists the page's fetches and their outcomes."""
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": _RECORD_FETCHES})


def fetches(driver, path_part: str) -> list[dict]:
    """The recorded fetches whose URL contains `path_part`, in the order they were made."""
    return driver.execute_script(
        "return (window.__fetches || []).filter(f => f.url.includes(arguments[0]))", path_part)


class NewsScreen(Screen):
    def open(self, app_url: str) -> "NewsScreen":
        self.driver.get(app_url + "/news")
        return self

    def content(self) -> WebElement:
        return self.driver.find_element(By.CSS_SELECTOR, "div.news")

    def featured(self) -> WebElement:
        return self.driver.find_element(By.CSS_SELECTOR, ".news-card-featured")

    def rows(self, kind: str | None = None) -> list[WebElement]:
        return self.driver.find_elements(By.CSS_SELECTOR, f".news-row{'-' + kind if kind else ''}")

    def row(self, item_id: str) -> WebElement:
        return self.driver.find_element(By.CSS_SELECTOR, f'[data-item-id="{item_id.upper()}"]')

    def offline_notice(self) -> WebElement:
        return self.driver.find_element(By.CSS_SELECTOR, '[data-role="offline-notice"]')

    def wait_until_loaded(self) -> "NewsScreen":
        wait(self.driver).until(lambda d: self.content().get_attribute("aria-busy") == "false"
                                and (self.rows() or is_shown(self.error())), "the news did not load")
        return self

    def images_settled(self, in_view_only: bool = True) -> bool:
        """Every image (in the window) has loaded or failed, and its placeholder is painted."""
        return self.driver.execute_script("""
            return [...document.querySelectorAll('img.news-image')].filter(image => {
                if (!arguments[0]) return true;
                const box = image.getBoundingClientRect();
                return box.bottom > 0 && box.top < window.innerHeight;
            }).every(image => image.complete && image.closest('[data-placeholder]') !== null);""", in_view_only)


class StoryScreen(Screen):
    def open(self, app_url: str, story_id: str) -> "StoryScreen":
        self.driver.get(f"{app_url}/news/stories/{story_id.upper()}")
        return self

    def story(self) -> WebElement:
        return self.driver.find_element(By.CSS_SELECTOR, "article.story")

    def headline(self) -> str:
        return self.driver.find_element(By.CSS_SELECTOR, ".story-headline").text

    def back_link(self) -> WebElement:
        return self.driver.find_element(By.CSS_SELECTOR, 'a[data-action="back"]')

    def offline_notice(self) -> WebElement:
        return self.driver.find_element(By.CSS_SELECTOR, '[data-role="offline-notice"]')

    def wait_until_loaded(self) -> "StoryScreen":
        wait(self.driver).until(lambda d: self.story().get_attribute("aria-busy") == "false"
                                and (d.find_elements(By.CSS_SELECTOR, ".story-headline") or is_shown(self.error())),
                                "the story did not load")
        return self
