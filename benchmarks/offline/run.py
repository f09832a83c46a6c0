#!/usr/bin/env python3
"""What reading offline costs the person's device, and how fast the kept feed shows, in
headless Chromium against the real program with its service worker:

- bytes kept on the device (by kind: the shell's assets, the pages and texts, the photos)
  after reading three feed pages and two stories;
- with the whole program then stopped, the time from asking for the feed again to its first
  post on screen with the offline notice (median of RUNS reloads).

    scripts/python-env && .venv/bin/python benchmarks/offline/run.py

Environment: ESSENTIAL_FEED_BIN (default: this checkout's release build, built here), RUNS (5).
Needs the browser tests' packages (selenium) and chromium.
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
sys.path.insert(0, str(ROOT / "benchmarks"))

from harness import start_system  # noqa: E402
from news_api import NewsAPI  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

from browser import make_driver  # noqa: E402
from release_program import release_program  # noqa: E402

RUNS = int(os.environ.get("RUNS", "5"))

FIRST_POST_WITH_NOTICE = """
    const article = document.querySelector('[role=feed] article');
    const notice = document.querySelector('[data-role=offline-notice]');
    return !!article && article.getBoundingClientRect().height > 0 && !!notice && !notice.hidden"""

KEPT_BYTES = """
    const done = arguments[arguments.length - 1];
    (async () => {
      const usage = {};
      for (const name of await caches.keys()) {
        const kind = name.startsWith('shell:') ? 'shell' : name;
        const cache = await caches.open(name);
        for (const request of await cache.keys()) {
          usage[kind] = (usage[kind] || 0) + (await (await cache.match(request)).blob()).size;
        }
      }
      done(usage);
    })();"""


def main() -> None:
    with tempfile.TemporaryDirectory() as directory:
        data_dir = Path(directory) / "data"
        program, system = start_system(release_program(), data_dir)
        driver = make_driver(service_worker=True)
        try:
            wait = WebDriverWait(driver, 30, poll_frequency=0.01)
            driver.get(system.app_url + "/")
            wait.until(lambda d: d.execute_script("return !!navigator.serviceWorker.controller"))
            driver.get(system.app_url + "/")
            wait.until(lambda d: len(d.find_elements("css selector", "[role=feed] article")) > 0)
            page_size = len(driver.find_elements("css selector", "[role=feed] article"))
            for pages in (2, 3):
                driver.execute_script("window.scrollTo(0, document.documentElement.scrollHeight)")
                wait.until(lambda d: len(d.find_elements("css selector", "[role=feed] article")) >= pages * page_size)
            driver.execute_script("return new Promise(r => setTimeout(r, 1000))")  # the last photos arrive
            for story in NewsAPI(system.api_url).of_type("story")[:2]:
                driver.get(f"{system.app_url}/news/stories/{story['id']}")
                wait.until(lambda d, headline=story["headline"]: headline in d.find_element("tag name", "main").text)
                driver.execute_script("return new Promise(r => setTimeout(r, 500))")
            kept = driver.execute_async_script(KEPT_BYTES)

            program.stop_expecting_clean_exit()
            timings = []
            for _ in range(RUNS):
                started = time.perf_counter()
                driver.get(system.app_url + "/")
                wait.until(lambda d: d.execute_script(FIRST_POST_WITH_NOTICE))
                timings.append((time.perf_counter() - started) * 1000)
        finally:
            driver.quit()
            program.kill()

    total = sum(kept.values())
    print("Kept on the device after three feed pages and two stories:")
    for kind, size in sorted(kept.items()):
        print(f"  {kind:8} {size / 1024:8.1f} KiB")
    print(f"  {'total':8} {total / 1024:8.1f} KiB")
    print(f"Offline feed with the program stopped, reload to first post with the notice: "
          f"median {statistics.median(timings):.0f} ms of {RUNS} ({', '.join(f'{t:.0f}' for t in timings)})")


if __name__ == "__main__":
    main()
