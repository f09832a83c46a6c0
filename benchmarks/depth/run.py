#!/usr/bin/env python3
"""What scrolling deep costs the app: a load-more and an image from the cache, after 10
items and after 3,000, through the real program (the API on a synthetic feed, the app with
its cache on disk). The goal: at 3,000 items each costs at most 1.5x what it costs at 10.

    swift build -c release --product essential-feed
    python3 benchmarks/depth/run.py

Environment: ESSENTIAL_FEED_BIN (default .build/release/essential-feed), DEPTH (3000),
SAMPLES (300). Needs only Python's standard library; logs in as an account it adds.
"""

from __future__ import annotations

import html
import http.client
import os
import re
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "browser-tests"))
import harness  # noqa: E402  (the tests' own way of logging in)

BINARY = Path(os.environ.get("ESSENTIAL_FEED_BIN", ROOT / ".build/release/essential-feed"))
DEPTH = int(os.environ.get("DEPTH", "3000"))
SAMPLES = int(os.environ.get("SAMPLES", "300"))
GOAL = 1.5
BENCH_USERNAME, BENCH_PASSWORD = "bench", "depth-benchmark-password"

NEXT_PAGE = re.compile(r'data-next-page="([^"]+)"')
ARTICLE = re.compile(r'data-image-id="([^"]+)"')


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait_until_up(url: str) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            urllib.request.urlopen(url, timeout=2).read()
            return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError(f"{url} did not answer")


class App:
    """One keep-alive connection to the app, as a browser tab of a logged-in person has."""

    def __init__(self, port: int, cookie: str):
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        self.cookie = cookie

    def get(self, path: str) -> tuple[int, bytes]:
        self.connection.request("GET", path, headers={"Cookie": self.cookie})
        response = self.connection.getresponse()
        return response.status, response.read()

    def timed(self, path: str) -> float:
        started = time.perf_counter()
        status, _ = self.get(path)
        elapsed = time.perf_counter() - started
        if status != 200:
            raise RuntimeError(f"{path} answered {status}")
        return elapsed * 1000


def scroll_to(app: App, depth: int) -> tuple[str, list[str]]:
    """Loads pages until `depth` items are shown; returns the next page's path and the ids."""
    status, body = app.get("/fragments/feed")
    page = body.decode()
    ids = ARTICLE.findall(page)
    while len(ids) < depth:
        next_path = html.unescape(NEXT_PAGE.search(page).group(1))
        status, body = app.get(next_path)
        if status != 200:
            raise RuntimeError(f"load-more answered {status}")
        page = body.decode()
        ids += ARTICLE.findall(page)
    return html.unescape(NEXT_PAGE.search(page).group(1)), ids


def median_ms(app: App, path: str) -> float:
    app.timed(path)
    return statistics.median(app.timed(path) for _ in range(SAMPLES))


def measure(app: App, depth: int) -> tuple[float, float]:
    next_path, ids = scroll_to(app, depth)
    load_more = median_ms(app, next_path)
    image = median_ms(app, f"/feed-images/{ids[depth - 5]}")
    return load_more, image


def main() -> int:
    if not BINARY.exists():
        print(f"Build it first: swift build -c release --product essential-feed ({BINARY})", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory(prefix="essential-feed-depth-") as directory:
        database = Path(directory) / "api.sqlite"
        subprocess.run([BINARY, "load-synthetic-feed", "--database", database, "--items", str(DEPTH + 100)],
                       check=True, stdout=subprocess.DEVNULL)
        subprocess.run([BINARY, "accounts", "add", BENCH_USERNAME, "--database", database],
                       input=BENCH_PASSWORD + "\n", text=True, check=True, stdout=subprocess.DEVNULL)
        api_port, app_port = free_port(), free_port()
        api_url = f"http://127.0.0.1:{api_port}/essential-feed"
        logs = open(Path(directory) / "servers.log", "w")
        api = subprocess.Popen([BINARY, "api", "--port", str(api_port), "--database", database],
                               stdout=logs, stderr=logs)
        app = subprocess.Popen([BINARY, "app", "--api-url", api_url, "--port", str(app_port),
                                "--data-dir", Path(directory) / "app"], stdout=logs, stderr=logs)
        try:
            wait_until_up(f"{api_url}/v1/feed?limit=1")
            wait_until_up(f"http://127.0.0.1:{app_port}/")
            app_url = f"http://127.0.0.1:{app_port}"
            harness.register_account(app_url, BENCH_USERNAME, BENCH_PASSWORD)
            cookie = harness.session_cookie(app_url)
            top = measure(App(app_port, cookie), 10)
            deep = measure(App(app_port, cookie), DEPTH)
        finally:
            for process in (app, api):
                process.send_signal(signal.SIGTERM)
                process.wait(timeout=10)

    print(f"{'':28}{'after 10':>12}{f'after {DEPTH:,}':>14}{'ratio':>8}")
    ok = True
    for name, shallow, far in (("load-more (next 10 items)", top[0], deep[0]),
                               ("image from the cache", top[1], deep[1])):
        ratio = far / shallow
        ok = ok and ratio <= GOAL
        print(f"{name:28}{shallow:9.2f} ms{far:11.2f} ms{ratio:7.2f}x")
    print(f"goal: at most {GOAL}x — {'met' if ok else 'NOT met'} (medians of {SAMPLES} requests)")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
