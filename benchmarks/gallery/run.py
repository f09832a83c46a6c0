#!/usr/bin/env python3
"""The image bytes the feed's first screen downloads, on a phone and on a desktop: every
`/feed-images/` response of a cold load (a new browser profile, its cache empty) until the photos on the first
screen — the banner's included — have arrived and the page is quiet.

- phone: 412x915 CSS pixels at 2.625 device pixels per CSS pixel (a Pixel 7), touch;
- desktop: 1440x900 at 1x.

    swift build -c release --product essential-feed
    scripts/python-env && .venv/bin/python benchmarks/gallery/run.py

Environment: ESSENTIAL_FEED_BIN (default .build/release/essential-feed). Run it against two
builds to compare them; each run starts its own program with the demo data, whose photos are
the same every time (the banner's is chosen at random, so its bytes vary a little).
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "browser-tests"))

from browser import make_driver  # noqa: E402
from harness import start_system  # noqa: E402
from screens import FeedScreen, wait  # noqa: E402

BINARY = Path(os.environ.get("ESSENTIAL_FEED_BIN", ROOT / ".build/release/essential-feed"))

PROFILES = {
    "phone (412x915 @2.625x)": dict(width=412, height=915, deviceScaleFactor=2.625, mobile=True),
    "desktop (1440x900 @1x)": dict(width=1440, height=900, deviceScaleFactor=1, mobile=False),
}

IMAGES = """
return performance.getEntriesByType('resource')
    .filter(e => e.name.includes('/feed-images/'))
    .map(e => ({ name: e.name, bytes: e.encodedBodySize }));
"""


def measure(app_url: str, metrics: dict) -> tuple[int, list[dict]]:
    driver = make_driver()
    try:
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", metrics)
        screen = FeedScreen(driver).open(app_url).wait_until_loaded()
        wait(driver, 60).until(lambda d: screen.visible_images_loaded(), "photos on the first screen still loading")
        wait(driver, 60).until(lambda d: d.execute_script(
            "const i = document.querySelector('a.feed-banner img'); return !i || (i.complete && i.naturalWidth > 0)"))
        seen = -1
        while True:  # quiet: no new image request for a second
            images = driver.execute_script(IMAGES)
            if len(images) == seen:
                return sum(image["bytes"] for image in images), images
            seen = len(images)
            time.sleep(1)
    finally:
        driver.quit()


def main() -> None:
    with tempfile.TemporaryDirectory() as directory:
        program, system = start_system(BINARY, Path(directory) / "data")
        try:
            for name, metrics in PROFILES.items():
                total, images = measure(system.app_url, metrics)
                sizes = sorted({image["name"].split("size=")[-1] if "size=" in image["name"] else "feed's own" for image in images})
                print(f"{name}: {total / 1024:,.0f} KiB in {len(images)} images ({', '.join(sizes)})")
        finally:
            program.stop()


if __name__ == "__main__":
    main()
