#!/usr/bin/env python3
"""The image bytes the feed's first screen downloads, on a phone and on a desktop: every
`/feed-images/` response of a cold load (a new browser profile, its cache empty) until the photos on the first
screen — the banner's included — have arrived and the page is quiet.

- phone: 412x915 CSS pixels at 2.625 device pixels per CSS pixel (a Pixel 7), touch;
- the same phone at 1 device pixel per CSS pixel;
- desktop: 1440x900 at 1x.

    swift build -c release --product essential-feed
    scripts/python-env && .venv/bin/python benchmarks/gallery/run.py

The demo's photos are small (at most 1,080 pixels wide), so first PHOTOS (default 6) camera-sized
photos (3000x2000 JPEGs made by `essential-feed sample-photos`) are imported at the top of the
feed, as people post them.

Environment: ESSENTIAL_FEED_BIN (default .build/release/essential-feed), PHOTOS, RUNS (3, each
on a new program; the median is printed: the banner's photo is chosen at random). Run it
against two builds to compare them.
"""

from __future__ import annotations

import os
import subprocess
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
PHOTOS = int(os.environ.get("PHOTOS", "6"))
RUNS = int(os.environ.get("RUNS", "3"))

PROFILES = {
    "phone (412x915 @2.625x)": dict(width=412, height=915, deviceScaleFactor=2.625, mobile=True),
    "phone at 1x (412x915)": dict(width=412, height=915, deviceScaleFactor=1, mobile=True),
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


def seeded(directory: Path) -> Path:
    """A data directory with the demo, and camera-sized photos posted on top of it."""
    data = directory / "data"
    program, _ = start_system(BINARY, data)
    program.stop()
    photos = directory / "photos"
    subprocess.run([str(BINARY), "sample-photos", str(photos), "--count", str(PHOTOS), "--width", "3000", "--height", "2000"],
                   check=True, capture_output=True, timeout=600)
    subprocess.run([str(BINARY), "import", str(photos), "--database", str(data / "api.sqlite"), "--author", "maria.silva"],
                   check=True, capture_output=True, timeout=600)
    return data


def main() -> None:
    with tempfile.TemporaryDirectory() as directory:
        data = seeded(Path(directory))
        results: dict[str, list[tuple[int, list[dict]]]] = {name: [] for name in PROFILES}
        for _ in range(RUNS):
            program, system = start_system(BINARY, data)
            try:
                for name, metrics in PROFILES.items():
                    results[name].append(measure(system.app_url, metrics))
            finally:
                program.stop()
        for name, runs in results.items():
            total, images = sorted(runs, key=lambda run: run[0])[len(runs) // 2]
            sizes = sorted({image["name"].split("size=")[-1] if "size=" in image["name"] else "the item's image" for image in images})
            print(f"{name}: {total / 1024:,.0f} KiB in {len(images)} images ({', '.join(sizes)}); "
                  f"runs {', '.join(f'{run[0] / 1024:,.0f}' for run in runs)} KiB")


if __name__ == "__main__":
    main()
