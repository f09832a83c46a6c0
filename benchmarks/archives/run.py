#!/usr/bin/env python3
"""A person's data, taken away and brought back: PHOTOS photos of WIDTH x HEIGHT pixels
(`essential-feed sample-photos`, posted with `essential-feed import`) exported through the API
(release build, SQLite), while a reader asks for the feed one request at a time; then the
archive downloaded, and imported into another account on another database.

Measured: the export's time and size, the feed's latency before and during it (and errors),
the API's resident memory during it, and the import's time and report.

    scripts/python-env && .venv/bin/python benchmarks/archives/run.py

Env: ESSENTIAL_FEED_BIN (default: this checkout's release build), PHOTOS (1000), WIDTH (2048),
HEIGHT (1536). Not part of the test run.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "benchmarks"))
sys.path.insert(0, str(ROOT / "browser-tests"))
from release_program import release_program  # noqa: E402
from harness import RunningProgram, free_port, http_request  # noqa: E402

PHOTOS = int(os.environ.get("PHOTOS", "1000"))
WIDTH = int(os.environ.get("WIDTH", "2048"))
HEIGHT = int(os.environ.get("HEIGHT", "1536"))
PASSWORD = "an archive benchmark password"


def run(program: Path, *arguments: str, stdin: str | None = None) -> str:
    return subprocess.run([str(program), *arguments], input=stdin, capture_output=True, text=True, check=True).stdout


def log_in(api: str, username: str) -> str:
    status, _, body = http_request(f"{api}/v1/sessions", "POST", json.dumps({"username": username, "password": PASSWORD}).encode(),
                                   {"Content-Type": "application/json"}, timeout=30)
    assert status == 201, (status, body)
    return json.loads(body)["token"]


def resident_mib(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


class FeedReader(threading.Thread):
    """Asks for the feed's first page one request at a time, keeping each latency."""

    def __init__(self, api: str):
        super().__init__(daemon=True)
        self.api = api
        self.latencies: list[float] = []
        self.errors = 0
        self.running = True

    def run(self) -> None:
        while self.running:
            started = time.monotonic()
            status, _, _ = http_request(f"{self.api}/v1/feed?limit=20", timeout=10)
            self.latencies.append((time.monotonic() - started) * 1000)
            if status != 200:
                self.errors += 1


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * fraction))]


def main() -> None:
    program = release_program()
    work = Path(tempfile.mkdtemp(prefix="archives-benchmark-"))
    database = work / "api.sqlite"
    photos = work / "photos"
    started = time.monotonic()
    run(program, "sample-photos", str(photos), "--count", str(PHOTOS), "--width", str(WIDTH), "--height", str(HEIGHT))
    run(program, "accounts", "add", "ada", "--name", "Ada", "--database", str(database), stdin=PASSWORD + "\n")
    run(program, "import", str(photos), "--author", "ada", "--database", str(database))
    print(f"{PHOTOS} photos of {WIDTH} x {HEIGHT} posted in {time.monotonic() - started:.0f} s")

    port = free_port()
    api = f"http://127.0.0.1:{port}/essential-feed"
    server = RunningProgram("api", [str(program), "api", "--port", str(port), "--database", str(database)], work / "api.log",
                            [f"{api}/v1/feed"]).start()
    try:
        token = log_in(api, "ada")
        auth = {"Authorization": f"Bearer {token}"}
        idle = FeedReader(api)
        idle.start()
        time.sleep(3)
        idle.running = False
        idle.join()

        during = FeedReader(api)
        peak = resident_mib(server.process.pid)
        status, _, body = http_request(f"{api}/v1/me/export", "POST", None, auth, timeout=30)
        assert status == 202, (status, body)
        export_started = time.monotonic()
        during.start()
        while True:
            status, _, body = http_request(f"{api}/v1/me/export", headers=auth, timeout=30)
            peak = max(peak, resident_mib(server.process.pid))
            state = json.loads(body)
            if state["state"] != "running":
                break
            time.sleep(0.2)
        export_seconds = time.monotonic() - export_started
        during.running = False
        during.join()
        assert state["state"] == "ready", state

        archive = work / "export.zip"
        download_started = time.monotonic()
        subprocess.run(["curl", "-sf", "-H", f"Authorization: Bearer {token}", "-o", str(archive), state["url"]], check=True)
        download_seconds = time.monotonic() - download_started
        with zipfile.ZipFile(archive) as opened:
            photo_entries = [name for name in opened.namelist() if name.startswith("photos/") and name.endswith(".jpg")]
            assert opened.testzip() is None
        assert len(photo_entries) == PHOTOS, len(photo_entries)
    finally:
        server.stop_expecting_clean_exit()

    elsewhere = work / "elsewhere.sqlite"
    run(program, "accounts", "add", "ada", "--name", "Ada", "--database", str(elsewhere), stdin=PASSWORD + "\n")
    import_started = time.monotonic()
    report = run(program, "import-archive", str(archive), "--account", "ada", "--database", str(elsewhere))
    import_seconds = time.monotonic() - import_started

    print(f"export: {export_seconds:.1f} s for {PHOTOS} photos, {state['size'] / 1e6:.0f} MB; API resident memory at most {peak:.0f} MiB")
    print(f"feed while idle: {len(idle.latencies)} requests, p50 {statistics.median(idle.latencies):.1f} ms, "
          f"p99 {percentile(idle.latencies, 0.99):.1f} ms, {idle.errors} errors")
    print(f"feed during the export: {len(during.latencies)} requests, p50 {statistics.median(during.latencies):.1f} ms, "
          f"p99 {percentile(during.latencies, 0.99):.1f} ms, {during.errors} errors")
    print(f"download: {download_seconds:.1f} s")
    print(f"import into another database: {import_seconds:.1f} s; {report.strip().splitlines()[-1]}")


if __name__ == "__main__":
    main()
