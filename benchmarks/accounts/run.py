#!/usr/bin/env python3
"""Log-in cost at the API, and what sessions cost the app's feed fragment.

1. Log-in latency: the API alone on one core (taskset), the demo account logging in one
   request at a time; the median and the 90th percentile.
2. Log-ins per second on one core: the same API, 8 clients logging in at once for DURATION s.
3. The feed fragment's throughput with a session against the same route of a build from
   before sessions (BEFORE_BIN), each system in turn, twice, `wrk -t2 -c64`, in one run.

Needs wrk (apt-get install -y wrk) and release builds: AFTER_BIN (default: this checkout's
release build) and BEFORE_BIN (a build of a commit before sessions; the comparison is
skipped without it). Not part of the test run.

Usage: BEFORE_BIN=/path/to/old/essential-feed benchmarks/accounts/run.py   (env: DURATION=15)
"""

from __future__ import annotations

import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "benchmarks"))
from release_program import release_program  # noqa: E402  (the build every benchmark measures)
sys.path.insert(0, str(ROOT / "browser-tests"))
import harness  # noqa: E402  (the tests' own way of starting the program and logging in)

DURATION = int(os.environ.get("DURATION", "15"))


def release_binary() -> Path:
    return release_program("AFTER_BIN")


def api_log_in(api_url: str, username: str, password: str) -> int:
    request = urllib.request.Request(
        api_url + "/v1/sessions", method="POST", headers={"Content-Type": "application/json"},
        data=json.dumps({"username": username, "password": password}).encode())
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            response.read()
            return response.status
    except urllib.error.HTTPError as error:
        return error.code


def measure_log_ins(binary: Path) -> None:
    with tempfile.TemporaryDirectory() as directory:
        port = harness.free_port()
        api_url = f"http://127.0.0.1:{port}/essential-feed"
        program = harness.RunningProgram(
            name="api on one core",
            arguments=["taskset", "-c", "0", str(binary), "api", "--port", str(port),
                       "--database", f"{directory}/api.sqlite", "--demo"],
            log_path=Path(directory) / "api.log", ready_urls=[f"{api_url}/v1/feed?limit=1"]).start()
        try:
            assert api_log_in(api_url, harness.DEMO_USERNAME, harness.DEMO_PASSWORD) == 201
            latencies = []
            for _ in range(30):
                started = time.perf_counter()
                assert api_log_in(api_url, harness.DEMO_USERNAME, harness.DEMO_PASSWORD) == 201
                latencies.append((time.perf_counter() - started) * 1000)
            latencies.sort()
            print(f"log-in latency, one at a time: median {statistics.median(latencies):.0f} ms, "
                  f"p90 {latencies[int(len(latencies) * 0.9) - 1]:.0f} ms ({len(latencies)} log-ins)")

            count = 0
            lock = threading.Lock()
            deadline = time.monotonic() + DURATION

            def client() -> None:
                nonlocal count
                while time.monotonic() < deadline:
                    if api_log_in(api_url, harness.DEMO_USERNAME, harness.DEMO_PASSWORD) == 201:
                        with lock:
                            count += 1

            started = time.monotonic()
            clients = [threading.Thread(target=client) for _ in range(8)]
            for thread in clients:
                thread.start()
            for thread in clients:
                thread.join()
            elapsed = time.monotonic() - started
            print(f"log-ins per second on one core, 8 clients: {count / elapsed:.1f} ({count} in {elapsed:.1f} s)")
        finally:
            program.stop()


def fragment_throughput(binary: Path, signed_in: bool) -> float:
    with tempfile.TemporaryDirectory() as directory:
        program, system = harness.start_system(binary, Path(directory) / "data")
        try:
            headers = []
            if signed_in:
                headers = ["-H", f"Cookie: {harness.session_cookie(system.app_url)}"]
            url = system.app_url + "/fragments/feed"
            status, _, _ = harness.http_get(url, headers={"Cookie": headers[1][8:]} if headers else None,
                                            signed_in=signed_in)
            assert status == 200, f"the fragment answered {status}"
            subprocess.run(["wrk", "-t2", "-c64", "-d3s", *headers, url], check=True, capture_output=True)
            output = subprocess.run(["wrk", "-t2", "-c64", f"-d{DURATION}s", *headers, url], check=True,
                                    capture_output=True, text=True).stdout
            if "Non-2xx" in output:
                raise RuntimeError(f"non-2xx answers:\n{output}")
            return float(re.search(r"Requests/sec:\s+([\d.]+)", output).group(1))
        finally:
            program.stop()


def main() -> None:
    after = release_binary()
    measure_log_ins(after)
    before_path = os.environ.get("BEFORE_BIN")
    if not before_path:
        print("BEFORE_BIN not set: skipping the fragment comparison")
        return
    before = Path(before_path)
    results: dict[str, list[float]] = {"before": [], "after": []}
    for _ in range(2):
        results["before"].append(fragment_throughput(before, signed_in=False))
        results["after"].append(fragment_throughput(after, signed_in=True))
    b, a = statistics.median(results["before"]), statistics.median(results["after"])
    print(f"feed fragment, before sessions: {b:,.0f} req/s {results['before']}")
    print(f"feed fragment, with a session:  {a:,.0f} req/s {results['after']} ({a / b:.2f}x)")


if __name__ == "__main__":
    main()
