#!/usr/bin/env python3
"""Load and abort the app on every route, and fail on any hang, error or memory growth.

For each of the app's routes in turn: `wrk -t2 -c256` for DURATION seconds while other
clients open connections, send a request and close them mid-request, and a probe times an
ordinary request on another route every half second — all of them logged in as the demo
account, as the app's screens need a session. Then the fragment's throughput against the
API's first page (the page it renders), with the same tool in the same run, and a SIGTERM
under load.

Needs wrk and curl (apt-get install -y wrk curl) and a release build of essential-feed
(built here unless ESSENTIAL_FEED_BIN names one). Not part of the test run.

Usage: benchmarks/load/run.py   (env: DURATION=60 CONNECTIONS=256 ABORTERS=8)
"""

from __future__ import annotations

import json
import os
import re
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "benchmarks"))
from release_program import release_program  # noqa: E402  (the build every benchmark measures)
sys.path.insert(0, str(ROOT / "browser-tests"))
import harness  # noqa: E402  (the tests' own way of logging in)

DURATION = int(os.environ.get("DURATION", "60"))
CONNECTIONS = int(os.environ.get("CONNECTIONS", "256"))
ABORTERS = int(os.environ.get("ABORTERS", "8"))
PROBE_LIMIT = 2.0          # seconds an ordinary request may take while the load runs
MEMORY_GROWTH_LIMIT = 1.5  # resident memory at the end against after warm-up
STOP_LIMIT = 5.0           # seconds from SIGTERM under load to exit

failures: list[str] = []


def fail(message: str) -> None:
    failures.append(message)
    print(f"   FAIL: {message}", flush=True)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def binary() -> Path:
    return release_program("ESSENTIAL_FEED_BIN")


# `ef_session=…` once the program is up: every request below carries it.
session_cookie = ""


def get(url: str, timeout: float = 10.0) -> tuple[int, bytes]:
    request = urllib.request.Request(url, headers={"Cookie": session_cookie} if session_cookie else {})
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            return response.status, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()


def resident_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def wrk(url: str, seconds: int, connections: int = CONNECTIONS) -> dict:
    output = subprocess.run(
        ["wrk", "-t2", f"-c{connections}", f"-d{seconds}s", "--timeout", "5s", "--latency", *cookie_header(), url],
        capture_output=True, text=True, check=True).stdout
    result = {"requests_per_second": float(re.search(r"Requests/sec:\s+([\d.]+)", output).group(1)),
              "requests": int(re.search(r"(\d+) requests in", output).group(1)),
              "socket_errors": 0, "non_2xx_3xx": 0, "p99": "?"}
    errors = re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", output)
    if errors:
        result["socket_errors"] = sum(int(value) for value in errors.groups())
        result["socket_error_detail"] = errors.group(0)
    non_ok = re.search(r"Non-2xx or 3xx responses: (\d+)", output)
    if non_ok:
        result["non_2xx_3xx"] = int(non_ok.group(1))
    p99 = re.search(r"99%\s+([\d.]+\w+)", output)
    if p99:
        result["p99"] = p99.group(1)
    return result


def cookie_header() -> list[str]:
    return ["-H", f"Cookie: {session_cookie}"] if session_cookie else []


def abort_requests(port: int, path: str, stop: threading.Event, counter: list[int]) -> None:
    """Sends a request and closes the connection before (or while) the answer comes."""
    request = f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: {session_cookie}\r\n\r\n".encode()
    while not stop.is_set():
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=5) as connection:
                connection.sendall(request)
                if counter[0] % 2:
                    connection.recv(16)  # close mid-response
            counter[0] += 1
        except OSError:
            counter[0] += 1


def probe(url: str, stop: threading.Event, slowest: list[float], errors: list[str]) -> None:
    while not stop.is_set():
        started = time.monotonic()
        try:
            status, _ = get(url, timeout=10)
            if status >= 500:
                errors.append(f"status {status}")
        except OSError as error:
            errors.append(str(error))
        slowest[0] = max(slowest[0], time.monotonic() - started)
        stop.wait(0.5)


class Program:
    def __init__(self, executable: Path, directory: Path) -> None:
        self.app_port, self.api_port = free_port(), free_port()
        self.log = open(directory / "program.log", "w")
        self.process = subprocess.Popen(
            [str(executable), "--port", str(self.app_port), "--api-port", str(self.api_port),
             "--data-dir", str(directory / "data")], stdout=self.log, stderr=subprocess.STDOUT)
        self.app = f"http://127.0.0.1:{self.app_port}"
        self.api = f"http://127.0.0.1:{self.api_port}/essential-feed"
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                if get(self.app + "/", timeout=1)[0] == 200:
                    return
            except OSError:
                time.sleep(0.1)
        raise RuntimeError("the program did not start")

    def stop(self) -> float:
        started = time.monotonic()
        self.process.send_signal(signal.SIGTERM)
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
            return float("inf")
        return time.monotonic() - started


def main() -> int:
    for tool in ("wrk", "curl"):
        if subprocess.run(["which", tool], capture_output=True).returncode:
            print(f"needs {tool}: apt-get install -y wrk curl", file=sys.stderr)
            return 2
    executable = binary()
    with tempfile.TemporaryDirectory(prefix="essential-feed-load.") as work:
        program = Program(executable, Path(work))
        try:
            return run(program)
        finally:
            if program.process.poll() is None:
                program.stop()


def run(program: Program) -> int:
    global session_cookie
    harness.register_account(program.app)
    session_cookie = harness.session_cookie(program.app) or ""
    if not session_cookie:
        print("could not log in as the demo account", file=sys.stderr)
        return 2
    status, first_page = get(program.app + "/fragments/feed")
    ids = re.findall(r'data-image-id="([0-9A-F-]{36})"', first_page.decode())
    if status != 200 or not ids:
        print("the feed did not load", file=sys.stderr)
        return 2
    status, news = get(program.app + "/news")
    stories = re.findall(r'href="/news/stories/([0-9A-F-]{36})"', news.decode())
    news_images = re.findall(r'src="(/news-images/[0-9a-f]{64}\.[a-z]+)"', news.decode())
    if status != 200 or not stories or not news_images:
        print("the news did not load", file=sys.stderr)
        return 2
    routes = ["/", "/login", "/fragments/feed", f"/fragments/feed?after={ids[-1]}", f"/feed-images/{ids[0]}",
              f"/feed-images/{ids[0]}?size=full", "/fragments/feed-banner", f"/images/{ids[0]}",
              f"/images/{ids[0]}/comments", f"/fragments/images/{ids[0]}/comments", "/assets/app.css",
              "/news", f"/news/stories/{stories[0]}", news_images[0]]
    # People: the reader's timeline, a profile and its grid's next cells.
    status, timeline = get(program.app + "/fragments/following")
    authors = re.findall(r'href="/@([a-z0-9_.]+)"', timeline.decode())
    if status != 200 or not authors:
        print("the timeline did not load", file=sys.stderr)
        return 2
    status, profile = get(program.app + f"/@{authors[0]}")
    grid_next = re.findall(r'data-next-page="(/fragments/@[^"]+)"', profile.decode())
    routes += ["/following", "/fragments/following", f"/@{authors[0]}"] + grid_next[:1] + ["/search?q=an"]
    for route in routes:  # warm every path once
        get(program.app + route)
    baseline = resident_kib(program.process.pid)
    print(f"== app on {program.app}, API on {program.api}; {DURATION} s per route, {CONNECTIONS} connections, "
          f"{ABORTERS} aborting clients; resident memory after warm-up {baseline / 1024:.1f} MiB", flush=True)

    rows = []
    for route in routes:
        stop = threading.Event()
        aborted = [0]
        slowest, probe_errors = [0.0], []
        probe_route = "/fragments/feed" if route != "/fragments/feed" else "/"
        threads = [threading.Thread(target=abort_requests, args=(program.app_port, route, stop, aborted))
                   for _ in range(ABORTERS)]
        threads.append(threading.Thread(target=probe, args=(program.app + probe_route, stop, slowest, probe_errors)))
        for thread in threads:
            thread.start()
        result = wrk(program.app + route, DURATION)
        stop.set()
        for thread in threads:
            thread.join()
        memory = resident_kib(program.process.pid)
        rows.append((route, result, aborted[0], slowest[0], memory))
        print(f"   {route:<60} {result['requests_per_second']:>9.0f} req/s  p99 {result['p99']:>8}  "
              f"errors {result['socket_errors']}  non-2xx {result['non_2xx_3xx']}  aborted {aborted[0]}  "
              f"slowest probe {slowest[0] * 1000:.0f} ms  memory {memory / 1024:.1f} MiB", flush=True)
        if result["socket_errors"]:
            fail(f"{route}: {result['socket_error_detail']}")
        if result["non_2xx_3xx"]:
            fail(f"{route}: {result['non_2xx_3xx']} answers that were not 2xx or 3xx")
        if slowest[0] > PROBE_LIMIT or probe_errors:
            fail(f"{route}: an ordinary request took {slowest[0]:.2f} s ({len(probe_errors)} failed)")

    time.sleep(5)
    settled = resident_kib(program.process.pid)
    print(f"== resident memory: {baseline / 1024:.1f} MiB after warm-up, {settled / 1024:.1f} MiB 5 s after the load",
          flush=True)
    if settled > baseline * MEMORY_GROWTH_LIMIT:
        fail(f"memory grew from {baseline / 1024:.1f} to {settled / 1024:.1f} MiB")
    for route in routes:
        status, _ = get(program.app + route, timeout=5)
        if status != 200:
            fail(f"{route} answers {status} after the load")

    print("== fragment against the API's first page (same tool, same run, 10 s each)", flush=True)
    api = wrk(program.api + "/v1/feed?limit=10", 10)
    fragment = wrk(program.app + "/fragments/feed", 10)
    ratio = fragment["requests_per_second"] / api["requests_per_second"]
    print(f"   API first page {api['requests_per_second']:.0f} req/s (p99 {api['p99']}), "
          f"fragment {fragment['requests_per_second']:.0f} req/s (p99 {fragment['p99']}): {ratio:.2f}×", flush=True)
    if fragment["socket_errors"] or fragment["non_2xx_3xx"]:
        fail(f"fragment throughput run: {fragment}")

    print("== SIGTERM under load", flush=True)
    load = subprocess.Popen(["wrk", "-t2", f"-c{CONNECTIONS}", "-d30s", "--timeout", "5s", *cookie_header(),
                             program.app + "/fragments/feed"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    time.sleep(2)
    stopped_in = program.stop()
    load.terminate()
    load.wait()
    print(f"   stopped {stopped_in:.2f} s after SIGTERM, exit code {program.process.returncode}", flush=True)
    if stopped_in > STOP_LIMIT:
        fail(f"took {stopped_in:.1f} s to stop after SIGTERM")

    summary = {"duration_s": DURATION, "connections": CONNECTIONS, "baseline_mib": round(baseline / 1024, 1),
               "settled_mib": round(settled / 1024, 1), "fragment_vs_api": round(ratio, 3),
               "stop_s": round(stopped_in, 2), "failures": failures}
    print(json.dumps(summary))
    print("PASS" if not failures else f"FAIL ({len(failures)})")
    return 0 if not failures else 1


if __name__ == "__main__":
    sys.exit(main())
