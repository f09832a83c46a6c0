#!/usr/bin/env python3
"""What the API's defences hold under attack, measured on a release build.

1. Simultaneous guesses: N wrong log-ins for one account sent at once from one client
   address (the API trusts this machine as a proxy, so X-Forwarded-For names the address),
   then N from N different addresses: how many were checked (401) and how many refused (429).
2. Simultaneous uploads: 48 photos of about 8 MB posted at once by 24 accounts (two each,
   the most one account may have in progress); the API's peak resident memory (VmHWM) and
   what each request got.
3. A flood of failed log-ins and the write path: the median and 90th percentile latency of
   posting a comment before, during and after 20 s of failed log-ins from 16 clients (random
   usernames, over-long passwords, many addresses), and how many attempts the API kept.

Needs a release build (ESSENTIAL_FEED_BIN, else built here). Not part of the tests.

Usage: benchmarks/security/run.py   (env: GUESSES=40 UPLOADS=48 FLOOD=20 ONLY=guesses|uploads|flood)
"""

from __future__ import annotations

import json
import os
import random
import sqlite3
import statistics
import string
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "benchmarks"))
from release_program import release_program  # noqa: E402  (the build every benchmark measures)
sys.path.insert(0, str(ROOT / "browser-tests"))
import harness  # noqa: E402  (the tests' own way of starting the program)

GUESSES = int(os.environ.get("GUESSES", "40"))
UPLOADS = int(os.environ.get("UPLOADS", "48"))
FLOOD = int(os.environ.get("FLOOD", "20"))
ONLY = os.environ.get("ONLY", "")
PASSWORD = "security-benchmark-password"


def binary() -> Path:
    return release_program("ESSENTIAL_FEED_BIN")


def request(url: str, body: bytes, headers: dict[str, str], timeout: float = 120) -> tuple[int, bytes]:
    call = urllib.request.Request(url, method="POST", data=body, headers=headers)
    try:
        with urllib.request.urlopen(call, timeout=timeout) as response:
            return response.status, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()


def log_in(api_url: str, username: str, password: str, address: str) -> int:
    body = json.dumps({"username": username, "password": password}).encode()
    return request(api_url + "/v1/sessions", body, {"Content-Type": "application/json", "X-Forwarded-For": address})[0]


def token(api_url: str, username: str = "bench") -> str:
    body = json.dumps({"username": username, "password": PASSWORD}).encode()
    status, answer = request(api_url + "/v1/sessions", body, {"Content-Type": "application/json", "X-Forwarded-For": "10.9.9.9"})
    assert status == 201, f"log-in answered {status}"
    return json.loads(answer)["token"]


def all_at_once(calls: list) -> list:
    """Runs every call on its own thread, released together."""
    results = [None] * len(calls)
    barrier = threading.Barrier(len(calls))

    def run(index: int) -> None:
        barrier.wait()
        results[index] = calls[index]()

    threads = [threading.Thread(target=run, args=(index,)) for index in range(len(calls))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results


class API:
    def __init__(self, program: Path, directory: Path, accounts: int = 1):
        self.database = directory / "api.sqlite"
        for number in range(accounts):
            name = "bench" if number == 0 else f"bench{number}"
            subprocess.run([str(program), "accounts", "add", name, "--database", str(self.database)],
                           input=PASSWORD + "\n", text=True, check=True, capture_output=True)
        port = harness.free_port()
        self.url = f"http://127.0.0.1:{port}/essential-feed"
        self.program = harness.RunningProgram(
            name="api", arguments=[str(program), "api", "--port", str(port), "--database", str(self.database), "--demo",
                                   "--trusted-proxy", "127.0.0.1"],
            log_path=directory / "api.log", ready_urls=[f"{self.url}/v1/feed?limit=1"]).start()

    def status(self, field: str) -> int:
        for line in Path(f"/proc/{self.program.process.pid}/status").read_text().splitlines():
            if line.startswith(field + ":"):
                return int(line.split()[1]) // 1024
        return 0

    def stop(self) -> None:
        self.program.stop()


def measure_guesses(program: Path) -> None:
    with tempfile.TemporaryDirectory() as directory:
        api = API(program, Path(directory))
        try:
            for count in (GUESSES, 5 * GUESSES):
                user = "bench" if count == GUESSES else "demo"
                statuses = all_at_once([lambda: log_in(api.url, user, "a wrong guess!", "192.0.2.1")] * count)
                print(f"{count} simultaneous guesses from one address: "
                      f"{statuses.count(401)} checked (401), {statuses.count(429)} refused (429), other {sorted(set(statuses) - {401, 429})}")
            spread = all_at_once([
                (lambda index=index: log_in(api.url, "demo", "a wrong guess!", f"198.51.{index // 250}.{index % 250 + 1}"))
                for index in range(5 * GUESSES)])
            print(f"{5 * GUESSES} simultaneous guesses from {5 * GUESSES} addresses: "
                  f"{spread.count(401)} checked (401), {spread.count(429)} refused (429)")
            for label, password in (("a wrong password", "a wrong guess!"), ("one of 100 bytes", "x" * 100),
                                    ("one with a NUL", PASSWORD + "\u0000junk")):
                times = []
                for index in range(10):
                    started = time.perf_counter()
                    assert log_in(api.url, "bench", password, f"203.0.113.{index + 1}") == 401
                    times.append((time.perf_counter() - started) * 1000)
                print(f"a failed log-in with {label}: median {statistics.median(times):.0f} ms (10, one at a time)")
            owner = log_in(api.url, "bench", PASSWORD, "203.0.113.50")
            print(f"the owner of the first account, from another address, then: {owner}")
        finally:
            api.stop()


def multipart(photo: bytes) -> tuple[bytes, str]:
    boundary = f"bench-{uuid.uuid4()}"
    body = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"p.jpg\"\r\n"
            f"Content-Type: image/jpeg\r\n\r\n").encode() + photo + f"\r\n--{boundary}--\r\n".encode()
    return body, f"multipart/form-data; boundary={boundary}"


def measure_uploads(program: Path) -> None:
    with tempfile.TemporaryDirectory() as directory:
        folder = Path(directory) / "photos"
        subprocess.run([str(program), "sample-photos", str(folder), "--count", "4", "--width", "5200", "--height", "3500",
                        "--grain", "24", "--quality", "92"], check=True, capture_output=True)
        photos = [path.read_bytes() for path in sorted(folder.glob("*.jpg"))]
        accounts = (UPLOADS + 1) // 2
        api = API(program, Path(directory), accounts=accounts)
        try:
            bearers = [token(api.url, "bench" if number == 0 else f"bench{number}") for number in range(accounts)]
            before = api.status("VmRSS")
            forms = [multipart(photos[index % len(photos)]) for index in range(UPLOADS)]
            started = time.monotonic()
            statuses = all_at_once([
                (lambda index=index, form=form: request(
                    api.url + "/v1/images", form[0],
                    {"Content-Type": form[1], "Authorization": f"Bearer {bearers[index // 2]}"})[0])
                for index, form in enumerate(forms)])
            elapsed = time.monotonic() - started
            sizes = sorted(len(photo) / 1e6 for photo in photos)
            print(f"{UPLOADS} simultaneous uploads of {sizes[0]:.1f}-{sizes[-1]:.1f} MB by {accounts} accounts: "
                  f"{statuses.count(201)} stored (201), {statuses.count(503)} turned away (503), "
                  f"other {sorted(set(statuses) - {201, 503})}, in {elapsed:.1f} s")
            print(f"API resident memory: {before} MiB before, peak {api.status('VmHWM')} MiB, "
                  f"{api.status('VmRSS')} MiB after")
        finally:
            api.stop()


def comment_latencies(api_url: str, bearer: str, image: str, count: int) -> list[float]:
    body = json.dumps({"message": "A comment while the log-in is under attack"}).encode()
    headers = {"Content-Type": "application/json", "Authorization": f"Bearer {bearer}"}
    latencies = []
    for _ in range(count):
        started = time.perf_counter()
        status, _ = request(f"{api_url}/v1/image/{image}/comments", body, headers)
        assert status == 201, f"a comment answered {status}"
        latencies.append((time.perf_counter() - started) * 1000)
    return latencies


def summary(latencies: list[float]) -> str:
    ordered = sorted(latencies)
    return f"median {statistics.median(ordered):.1f} ms, p90 {ordered[int(len(ordered) * 0.9) - 1]:.1f} ms"


def measure_flood(program: Path) -> None:
    with tempfile.TemporaryDirectory() as directory:
        api = API(program, Path(directory))
        try:
            bearer = token(api.url)
            with urllib.request.urlopen(api.url + "/v1/feed?limit=1") as response:
                image = json.loads(response.read())["items"][0]["id"]
            print(f"comment latency before the flood: {summary(comment_latencies(api.url, bearer, image, 200))}")

            failures = 0
            lock = threading.Lock()
            deadline = time.monotonic() + FLOOD

            def guesser(number: int) -> None:
                nonlocal failures
                rng = random.Random(number)
                while time.monotonic() < deadline:
                    name = "".join(rng.choices(string.ascii_lowercase, k=12))
                    status = log_in(api.url, name, "x" * 100, f"10.{number}.{rng.randrange(256)}.{rng.randrange(1, 255)}")
                    with lock:
                        failures += status == 401

            flood = [threading.Thread(target=guesser, args=(number,)) for number in range(16)]
            for thread in flood:
                thread.start()
            during: list[float] = []
            while time.monotonic() < deadline:
                during += comment_latencies(api.url, bearer, image, 1)
                time.sleep(0.02)
            for thread in flood:
                thread.join()
            print(f"comment latency during {FLOOD} s of failed log-ins from 16 clients: {summary(during)}")
            print(f"comment latency after it: {summary(comment_latencies(api.url, bearer, image, 200))}")
            with sqlite3.connect(api.database) as database:
                kept = database.execute("SELECT count(*) FROM log_in_attempt").fetchone()[0]
            print(f"failed log-ins in the flood: {failures} ({failures / FLOOD:.1f}/s), attempts kept afterwards: {kept}")
        finally:
            api.stop()


def main() -> None:
    program = binary()
    if ONLY in ("", "guesses"):
        measure_guesses(program)
    if ONLY in ("", "uploads"):
        measure_uploads(program)
    if ONLY in ("", "flood"):
        measure_flood(program)


if __name__ == "__main__":
    main()
