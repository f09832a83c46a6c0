"""Headless Chromium through the chromedriver on PATH (Selenium Manager never runs)."""

from __future__ import annotations

import shutil

from selenium import webdriver
from selenium.webdriver.chrome.service import Service

import harness

WINDOW_WIDTH = 430
WINDOW_HEIGHT = 932
# Chrome's font-size presets end at "Very large" (24 px) and its slider at 72 px; 32 px is
# twice the default 16 px, the "resize text to 200 %" of WCAG 1.4.4.
LARGEST_TEXT_SIZE = 32


def _find(*names: str) -> str:
    for name in names:
        found = shutil.which(name)
        if found:
            return found
    raise RuntimeError(f"none of {names} is on PATH: apt-get install -y chromium chromium-driver")


class SignedInChrome(webdriver.Chrome):
    """Chromium that carries the session of the test account of an app the harness started,
    from the first page it opens there (the log-in screen excepted): most tests are about what
    a logged-in person sees. `signed_in=False` makes one that never does."""

    def __init__(self, *args, signed_in: bool = True, **kwargs):
        super().__init__(*args, **kwargs)
        self._signs_in = signed_in
        self._signed_in_origins: set[str] = set()

    def get(self, url: str) -> None:
        origin = harness.origin_of(url)
        if self._signs_in and origin not in self._signed_in_origins and not url[len(origin):].startswith("/login"):
            cookie = harness.session_cookie(url)
            if cookie:
                name, value = cookie.split("=", 1)
                self.execute_cdp_cmd("Network.setCookie", {
                    "name": name, "value": value, "url": origin, "path": "/", "httpOnly": True, "sameSite": "Lax"})
            self._signed_in_origins.add(origin)
        super().get(url)


def make_driver(language: str = "en-US", font_size: int | None = None, signed_in: bool = True,
                service_worker: bool = False) -> webdriver.Chrome:
    options = webdriver.ChromeOptions()
    options.binary_location = _find("chromium", "chromium-browser", "google-chrome")
    for argument in (
        "--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
        f"--window-size={WINDOW_WIDTH},{WINDOW_HEIGHT}", "--force-device-scale-factor=1",
        "--hide-scrollbars", "--disable-extensions", "--no-first-run",
        "--disable-background-networking", "--disable-component-update",
        "--disable-features=Translate,OptimizationHints,MediaRouter",
        "--font-render-hinting=none", f"--lang={language}",
    ):
        options.add_argument(argument)
    prefs: dict = {"intl.accept_languages": f"{language},{language.split('-')[0]}"}
    if font_size is not None:
        prefs["webkit.webprefs.default_font_size"] = font_size
    options.add_experimental_option("prefs", prefs)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = SignedInChrome(options=options, service=Service(executable_path=_find("chromedriver")), signed_in=signed_in)
    driver.set_page_load_timeout(30)
    driver.set_script_timeout(30)
    # Headless windows have a minimum width; the emulated metrics make the viewport exact.
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": WINDOW_WIDTH, "height": WINDOW_HEIGHT, "deviceScaleFactor": 1, "mobile": False})
    driver.execute_cdp_cmd("Network.enable", {})
    # Tests count requests from resource timings; the browser's default buffer (250 entries)
    # fills on a long feed and then drops the newest, which are the ones a test waits for.
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument",
                           {"source": "performance.setResourceTimingBufferSize(100000);"})
    if not service_worker:
        # The app's service worker would answer the page's requests itself, out of reach of
        # the request blocking and pausing most tests use; the offline tests turn it on.
        driver.execute_cdp_cmd("Network.setBypassServiceWorker", {"bypass": True})
    return driver


def set_color_scheme(driver: webdriver.Chrome, scheme: str) -> None:
    """Emulates the system's light or dark setting (prefers-color-scheme)."""
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {
        "media": "", "features": [{"name": "prefers-color-scheme", "value": scheme}]})


def block_urls(driver: webdriver.Chrome, patterns: list[str]) -> None:
    """Makes requests matching `patterns` fail as if the network dropped them; [] unblocks."""
    driver.execute_cdp_cmd("Network.setBlockedURLs", {"urls": patterns})


def set_cache_disabled(driver: webdriver.Chrome, disabled: bool) -> None:
    driver.execute_cdp_cmd("Network.setCacheDisabled", {"cacheDisabled": disabled})


def set_latency(driver: webdriver.Chrome, milliseconds: int) -> None:
    """Delays every response by `milliseconds`, so a test sees the states shown while loading."""
    driver.execute_cdp_cmd("Network.emulateNetworkConditions", {
        "offline": False, "latency": milliseconds, "downloadThroughput": -1, "uploadThroughput": -1})


class PausedRequests:
    """Pauses requests matching `url_patterns` before they leave the browser, until closed.

    Selenium's CDP commands cannot receive events, and `Fetch.requestPaused` is one, so this
    opens its own DevTools connection to the page and handles each paused request from a thread.
    A paused request stays in flight: the page shows its loading state for as long as needed.
    """

    def __init__(self, driver: webdriver.Chrome, url_patterns: list[str]):
        import json
        import threading
        import urllib.request

        import websocket

        self._json = json
        address = driver.capabilities["goog:chromeOptions"]["debuggerAddress"]
        with urllib.request.urlopen(f"http://{address}/json/list", timeout=10) as response:
            targets = json.loads(response.read())
        page = next(t for t in targets if t["type"] == "page" and t["id"] == driver.current_window_handle)
        # Chrome refuses DevTools connections that send an Origin it was not told to allow.
        self._socket = websocket.create_connection(page["webSocketDebuggerUrl"], suppress_origin=True, timeout=10)
        self._next_id = 0
        self._lock = threading.Lock()
        self.paused: list[str] = []
        self._send("Fetch.enable", {"patterns": [{"urlPattern": p, "requestStage": "Request"} for p in url_patterns]})
        self._thread = threading.Thread(target=self._handle_paused_requests, daemon=True)
        self._thread.start()

    def _send(self, method: str, params: dict) -> None:
        with self._lock:
            self._next_id += 1
            self._socket.send(self._json.dumps({"id": self._next_id, "method": method, "params": params}))

    def _handle_paused_requests(self) -> None:
        import websocket
        self._socket.settimeout(None)
        while True:
            try:
                message = self._json.loads(self._socket.recv())
            except (websocket.WebSocketException, OSError, ValueError):
                return
            if message.get("method") == "Fetch.requestPaused":
                params = message["params"]
                self.paused.append(params["request"]["url"])
                self._request_paused(params["requestId"])

    def _request_paused(self, request_id: str) -> None:
        """Leaves the request paused; subclasses answer it."""

    def close(self) -> None:
        """Stops pausing: closing the connection ends its Fetch interception."""
        self._socket.close()
        self._thread.join(timeout=10)


class ReplacedResponses(PausedRequests):
    """Answers requests matching `url_patterns` with `body` instead of the server, until closed."""

    def __init__(self, driver: webdriver.Chrome, url_patterns: list[str], body: bytes, content_type: str):
        import base64

        self._fulfilment = {"responseCode": 200, "body": base64.b64encode(body).decode("ascii"),
                            "responseHeaders": [{"name": "Content-Type", "value": content_type},
                                                {"name": "Cache-Control", "value": "no-store"}]}
        super().__init__(driver, url_patterns)

    @property
    def replaced(self) -> list[str]:
        return self.paused

    def _request_paused(self, request_id: str) -> None:
        self._send("Fetch.fulfillRequest", {"requestId": request_id, **self._fulfilment})
