#!/usr/bin/env python3
"""How fast the feed screen shows something on a cold load, in headless Chromium against the
real program: when the first article is on screen, the Largest Contentful Paint, and the
bytes transferred until the page is quiet. Two profiles:

- phone, slow 4G: a 412x823 touch screen, 150 ms added round-trip latency, 1.6 Mbit/s down,
  750 kbit/s up, the CPU slowed 4x (the settings of Lighthouse's mobile run);
- desktop: a 1280x800 window, no throttling.

    swift build -c release --product essential-feed
    scripts/python-env && .venv/bin/python benchmarks/web/run.py

Environment: ESSENTIAL_FEED_BIN (default .build/release/essential-feed), RUNS (5 per profile,
the median is printed). Needs the browser tests' packages (selenium) and chromium.
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "browser-tests"))

from harness import session_cookie, start_system  # noqa: E402
from selenium import webdriver  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402

import browser  # noqa: E402

BINARY = Path(os.environ.get("ESSENTIAL_FEED_BIN", ROOT / ".build/release/essential-feed"))
RUNS = int(os.environ.get("RUNS", "5"))

PROFILES = {
    "phone, slow 4G": dict(width=412, height=823, mobile=True, latency=150,
                           down=1_600_000 / 8, up=750_000 / 8, cpu=4),
    "desktop": dict(width=1280, height=800, mobile=False, latency=0, down=-1, up=-1, cpu=1),
}

# Recorded from the first byte of the document on: when the first article is painted (the
# frame after it is inserted), and every Largest Contentful Paint candidate.
PROBE = """
window.__vitals = { firstArticle: null, lcp: null };
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) window.__vitals.lcp = entry.renderTime || entry.loadTime || entry.startTime;
}).observe({ type: 'largest-contentful-paint', buffered: true });
const watcher = new MutationObserver(() => {
  if (window.__vitals.firstArticle !== null || !document.querySelector('article')) return;
  watcher.disconnect();
  requestAnimationFrame(() => setTimeout(() => { window.__vitals.firstArticle = performance.now(); }, 0));
});
watcher.observe(document, { childList: true, subtree: true });
"""

TRANSFERRED = """
const entries = [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')];
return { bytes: entries.reduce((sum, entry) => sum + entry.transferSize, 0), requests: entries.length };
"""


def make_driver(profile: dict, app_url: str) -> webdriver.Chrome:
    options = webdriver.ChromeOptions()
    options.binary_location = browser._find("chromium", "chromium-browser", "google-chrome")
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                     f"--window-size={profile['width']},{profile['height']}", "--no-first-run",
                     "--disable-background-networking", "--disable-component-update", "--lang=en-US"):
        options.add_argument(argument)
    driver = webdriver.Chrome(options=options, service=Service(executable_path=browser._find("chromedriver")))
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": profile["width"], "height": profile["height"], "deviceScaleFactor": 1,
        "mobile": profile["mobile"]})
    driver.execute_cdp_cmd("Network.enable", {})
    driver.execute_cdp_cmd("Network.setCacheDisabled", {"cacheDisabled": True})
    driver.execute_cdp_cmd("Network.emulateNetworkConditions", {
        "offline": False, "latency": profile["latency"],
        "downloadThroughput": profile["down"], "uploadThroughput": profile["up"]})
    driver.execute_cdp_cmd("Emulation.setCPUThrottlingRate", {"rate": profile["cpu"]})
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": PROBE})
    # The feed is behind the log-in: the demo account's session, as a returning person has.
    name, value = session_cookie(app_url).split("=", 1)
    driver.execute_cdp_cmd("Network.setCookie", {
        "name": name, "value": value, "url": app_url, "path": "/", "httpOnly": True, "sameSite": "Lax"})
    return driver


def measure_once(driver: webdriver.Chrome, url: str) -> dict:
    driver.get("about:blank")
    driver.get(url)
    # Quiet: no new request for two seconds, with both figures known (at most 30 s).
    deadline = time.monotonic() + 30
    last_count, quiet_since = -1, time.monotonic()
    while time.monotonic() < deadline:
        transferred = driver.execute_script(TRANSFERRED)
        vitals = driver.execute_script("return window.__vitals")
        if transferred["requests"] != last_count:
            last_count, quiet_since = transferred["requests"], time.monotonic()
        elif time.monotonic() - quiet_since > 2 and vitals["firstArticle"] and vitals["lcp"]:
            return {"first article": vitals["firstArticle"], "LCP": vitals["lcp"],
                    "bytes": transferred["bytes"], "requests": transferred["requests"]}
        time.sleep(0.1)
    raise RuntimeError(f"the page did not settle: {driver.execute_script('return window.__vitals')}")


def main() -> None:
    with tempfile.TemporaryDirectory() as directory:
        program, system = start_system(BINARY, Path(directory) / "data")
        try:
            print(f"{BINARY}, {RUNS} cold loads per profile, medians")
            for name, profile in PROFILES.items():
                driver = make_driver(profile, system.app_url)
                try:
                    measure_once(driver, system.app_url + "/")  # warms the app's cache and the API
                    runs = [measure_once(driver, system.app_url + "/") for _ in range(RUNS)]
                finally:
                    driver.quit()
                median = {key: statistics.median(run[key] for run in runs) for key in runs[0]}
                print(f"{name:16} first article {median['first article']:7.0f} ms   "
                      f"LCP {median['LCP']:7.0f} ms   {median['bytes'] / 1024:6.1f} KB "
                      f"in {median['requests']:.0f} requests")
        finally:
            program.stop()


if __name__ == "__main__":
    main()
