"""The app's cache on a real file, with the app killed (SIGKILL) at random moments while
it saves: the cache is always the previous feed or the new one, whole, never none."""

from __future__ import annotations

import html
import random
import re
import sqlite3
import threading
import urllib.error
import urllib.request
from pathlib import Path

import harness

NEXT_PAGE = re.compile(r'data-next-page="([^"]+)"')
IMAGE = re.compile(r'data-src="(/feed-images/[^"]+)"')


def scroll_through(app_url: str, cookie: str) -> None:
    """Loads the feed and every next page, and the images, until the app goes away."""
    signed_in = {"Cookie": cookie}
    try:
        path = "/fragments/feed"
        while path:
            with urllib.request.urlopen(urllib.request.Request(app_url + path, headers=signed_in), timeout=5) as response:
                page = response.read().decode()
            for image in IMAGE.findall(page)[:3]:
                urllib.request.urlopen(urllib.request.Request(app_url + image, headers=signed_in), timeout=5).read()
            found = NEXT_PAGE.search(page)
            path = html.unescape(found.group(1)) if found else None
    except (OSError, urllib.error.URLError):
        return


def cached_feed(cache: Path) -> list[str] | None:
    """The ids of the cached feed, after SQLite's own integrity check; None when empty."""
    connection = sqlite3.connect(cache)
    try:
        assert connection.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        if connection.execute("SELECT count(*) FROM feedCache").fetchone()[0] == 0:
            assert connection.execute("SELECT count(*) FROM feedImage").fetchone()[0] == 0
            return None
        rows = connection.execute("SELECT position, id FROM feedImage ORDER BY position").fetchall()
        assert [position for position, _ in rows] == list(range(len(rows))), "the feed has a hole"
        # The next start asks for the whole first page again, so it replaces the feed.
        connection.execute("UPDATE feedCache SET entityTag = NULL")
        connection.commit()
        return [image_id for _, image_id in rows]
    finally:
        connection.close()


def test_cache_isThePreviousOrTheNewFeed_whateverMomentTheAppIsKilled(executable, tmp_path):
    api, api_url = harness.start_api(executable, tmp_path / "api")
    cache_dir = tmp_path / "app"
    seen_a_feed = False
    try:
        # Sessions outlive the app: one log-in serves every run.
        app, app_url = harness.start_app(executable, api_url, cache_dir)
        cookie = harness.session_cookie(app_url)
        app.stop_expecting_clean_exit()
        for run in range(20):
            app, app_url = harness.start_app(executable, api_url, cache_dir)
            try:
                readers = [threading.Thread(target=scroll_through, args=(app_url, cookie)) for _ in range(3)]
                for reader in readers:
                    reader.start()
                threading.Event().wait(random.Random(run).uniform(0.0, 0.15))
            finally:
                app.kill()
            for reader in readers:
                reader.join(timeout=10)

            feed = cached_feed(cache_dir / "app-cache.sqlite")
            if seen_a_feed:
                assert feed, f"run {run}: a kill during a save left no feed"
            seen_a_feed = seen_a_feed or bool(feed)
        assert seen_a_feed, "no run lived long enough to save a feed"
    finally:
        api.stop_expecting_clean_exit()
