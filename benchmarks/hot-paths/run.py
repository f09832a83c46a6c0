#!/usr/bin/env python3
"""The busiest pages, measured against each other in one run, with their goals.

Starts the release program as it is deployed — `essential-feed api --demo` and
`essential-feed app` as two processes — and nginx serving the API's first page as a static
file, logs in as the demo account, then runs `wrk -t2` for DURATION seconds at 64 and at
256 connections on each target in turn, ROUNDS times:

- nginx serving the API's first-page bytes (the ceiling for the API);
- the API's first page, `GET /v1/feed`;
- the app's feed fragment (`/fragments/feed`), feed screen (`/`) and news screen (`/news`).

Every figure is read as a ratio against the same round's API or nginx figure, since the
machine is shared, and the median of the rounds is reported: the goals are the fragment ≥ 0.40× the API's first page, the feed screen
≥ 0.35×, the news screen ≥ 0.25×, the API ≥ 0.80× nginx, a p99 under 50 ms at 256
connections for the fragment and the feed screen, and each process at most 120 MiB resident
after the runs. Prints a table and PASS or FAIL; exits 1 when a goal is missed.

Needs wrk, nginx and curl (apt-get install -y wrk nginx-light curl) and the release build
(built here unless ESSENTIAL_FEED_BIN names one). Not part of the test run.

Usage: benchmarks/hot-paths/run.py   (env: DURATION=8, ROUNDS=3)
"""

from __future__ import annotations

import json
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
sys.path.insert(0, str(ROOT / "benchmarks"))
from release_program import release_program  # noqa: E402
sys.path.insert(0, str(ROOT / "browser-tests"))
import harness  # noqa: E402  (the tests' own way of logging in)

DURATION = int(os.environ.get("DURATION", "8"))
ROUNDS = int(os.environ.get("ROUNDS", "3"))
CONNECTION_COUNTS = (64, 256)
RATIO_GOALS = {"fragment": 0.40, "feed screen": 0.35, "news screen": 0.25}
API_VS_NGINX_GOAL = 0.80
P99_GOAL_MS = 50.0
P99_GOAL_TARGETS = ("fragment", "feed screen")
MEMORY_GOAL_MIB = 120.0


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait_for(url: str, timeout: float = 90.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(url, timeout=1) as response:
                if response.status == 200:
                    return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError(f"nothing answers at {url}")


def resident_mib(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def milliseconds(text: str) -> float:
    number, unit = re.fullmatch(r"([\d.]+)(us|ms|s)", text).groups()
    return float(number) * {"us": 0.001, "ms": 1.0, "s": 1000.0}[unit]


def wrk(url: str, connections: int, cookie: str | None) -> dict:
    headers = ["-H", f"Cookie: {cookie}"] if cookie else []
    subprocess.run(["wrk", "-t2", f"-c{connections}", "-d2s", *headers, url],
                   capture_output=True, check=True)  # warm-up
    output = subprocess.run(["wrk", "-t2", f"-c{connections}", f"-d{DURATION}s", "--timeout", "5s", "--latency",
                             *headers, url], capture_output=True, text=True, check=True).stdout
    errors = re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", output)
    non_ok = re.search(r"Non-2xx or 3xx responses: (\d+)", output)
    return {"rps": float(re.search(r"Requests/sec:\s+([\d.]+)", output).group(1)),
            "p99_ms": milliseconds(re.search(r"99%\s+([\d.]+\w+)", output).group(1)),
            "errors": sum(int(value) for value in errors.groups()) if errors else 0,
            "non_2xx": int(non_ok.group(1)) if non_ok else 0}


def nginx_config(work: Path, port: int) -> Path:
    config = work / "nginx.conf"
    config.write_text(f"""daemon off;
worker_processes auto;
pid {work}/nginx.pid;
error_log {work}/nginx-error.log;
events {{ worker_connections 4096; }}
http {{
    access_log off;
    sendfile on;
    tcp_nopush on;
    keepalive_requests 1000000;
    client_body_temp_path {work}/tmp;
    proxy_temp_path {work}/tmp;
    fastcgi_temp_path {work}/tmp;
    uwsgi_temp_path {work}/tmp;
    scgi_temp_path {work}/tmp;
    server {{
        listen 127.0.0.1:{port};
        root {work}/www;
        location = /feed.json {{ default_type application/json; }}
    }}
}}
""")
    return config


def main() -> int:
    for tool in ("wrk", "nginx", "curl"):
        if subprocess.run(["which", tool], capture_output=True).returncode:
            print(f"needs {tool}: apt-get install -y wrk nginx-light curl", file=sys.stderr)
            return 2
    executable = release_program("ESSENTIAL_FEED_BIN")
    processes: list[subprocess.Popen] = []
    with tempfile.TemporaryDirectory(prefix="essential-feed-hot-paths.") as work_name:
        work = Path(work_name)
        os.chmod(work, 0o755)  # nginx's workers run as another user
        try:
            return run(executable, work, processes)
        finally:
            for process in processes:
                if process.poll() is None:
                    process.send_signal(signal.SIGTERM)
                    try:
                        process.wait(timeout=30)
                    except subprocess.TimeoutExpired:
                        process.kill()


def run(executable: Path, work: Path, processes: list[subprocess.Popen]) -> int:
    api_port, app_port, nginx_port = free_port(), free_port(), free_port()
    api_base = f"http://127.0.0.1:{api_port}/essential-feed"
    app = f"http://127.0.0.1:{app_port}"
    log = open(work / "program.log", "w")
    api = subprocess.Popen([str(executable), "api", "--demo", "--port", str(api_port),
                            "--database", str(work / "api.sqlite")], stdout=log, stderr=subprocess.STDOUT)
    processes.append(api)
    wait_for(api_base + "/v1/feed")
    app_process = subprocess.Popen([str(executable), "app", "--api-url", api_base, "--port", str(app_port),
                                    "--data-dir", str(work / "app")], stdout=log, stderr=subprocess.STDOUT)
    processes.append(app_process)
    wait_for(app + "/login")

    (work / "www").mkdir()
    (work / "tmp").mkdir()
    with urllib.request.urlopen(api_base + "/v1/feed") as response:
        (work / "www" / "feed.json").write_bytes(response.read())
    nginx = subprocess.Popen(["nginx", "-c", str(nginx_config(work, nginx_port)), "-p", str(work)],
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    processes.append(nginx)
    static_url = f"http://127.0.0.1:{nginx_port}/feed.json"
    wait_for(static_url)

    harness.register_account(app)
    cookie = harness.session_cookie(app)
    targets = [("nginx static", static_url, None), ("API first page", api_base + "/v1/feed", None),
               ("fragment", app + "/fragments/feed", cookie), ("feed screen", app + "/", cookie),
               ("news screen", app + "/news", cookie)]
    for _, url, target_cookie in targets:
        status, _, _ = harness.http_get(url, headers={"Cookie": target_cookie} if target_cookie else None,
                                        signed_in=False)
        if status != 200:
            print(f"{url} answered {status}", file=sys.stderr)
            return 2

    cpu = subprocess.run(["lscpu"], capture_output=True, text=True).stdout
    model = re.search(r"Model name:\s*(.+)", cpu)
    print(f"== wrk -t2, {DURATION} s per target, median of {ROUNDS} rounds; {os.cpu_count()} cores, {model.group(1) if model else '?'}",
          flush=True)
    failures: list[str] = []
    # Each round measures every target once, in turn; a ratio is taken within its round, and
    # the median of the rounds is reported, so a neighbour that loads the machine for a while
    # moves one round's figures, not the result.
    rounds: dict[tuple[str, int], list[dict]] = {}
    for connections in CONNECTION_COUNTS:
        for _ in range(ROUNDS):
            for name, url, target_cookie in targets:
                result = wrk(url, connections, target_cookie)
                rounds.setdefault((name, connections), []).append(result)
                if result["errors"] or result["non_2xx"]:
                    failures.append(f"{name} at c={connections}: {result['errors']} socket errors, "
                                    f"{result['non_2xx']} non-2xx")
    results = {key: {"rps": statistics.median(r["rps"] for r in runs),
                     "p99_ms": statistics.median(r["p99_ms"] for r in runs)}
               for key, runs in rounds.items()}

    def ratio_of(name: str, against: str, connections: int) -> float:
        return statistics.median(mine["rps"] / theirs["rps"]
                                 for mine, theirs in zip(rounds[(name, connections)], rounds[(against, connections)]))

    print(f"{'target':<16} {'c':>4} {'requests/s':>11} {'p99':>9} {'ratio':>22}")
    for connections in CONNECTION_COUNTS:
        for name, _, _ in targets:
            result = results[(name, connections)]
            if name == "API first page":
                ratio, goal = ratio_of(name, "nginx static", connections), API_VS_NGINX_GOAL
                label = f"{ratio:.2f}× nginx (≥ {goal:.2f})"
            elif name in RATIO_GOALS:
                ratio, goal = ratio_of(name, "API first page", connections), RATIO_GOALS[name]
                label = f"{ratio:.2f}× API (≥ {goal:.2f})"
            else:
                ratio, goal, label = None, None, ""
            if ratio is not None and ratio < goal:
                failures.append(f"{name} at c={connections}: {label}")
            if connections == 256 and name in P99_GOAL_TARGETS and result["p99_ms"] >= P99_GOAL_MS:
                failures.append(f"{name} p99 at c=256: {result['p99_ms']:.1f} ms (goal < {P99_GOAL_MS:.0f} ms)")
            print(f"{name:<16} {connections:>4} {result['rps']:>11,.0f} {result['p99_ms']:>7.1f}ms {label:>22}",
                  flush=True)

    memory = {"API": resident_mib(api.pid), "app": resident_mib(app_process.pid)}
    print(f"resident memory after the runs: API {memory['API']:.1f} MiB, app {memory['app']:.1f} MiB "
          f"(goal ≤ {MEMORY_GOAL_MIB:.0f} MiB each)")
    for name, mib in memory.items():
        if mib > MEMORY_GOAL_MIB:
            failures.append(f"{name} resident memory {mib:.1f} MiB")

    summary = {f"{name}@{connections}": {"rps": round(result["rps"]), "p99_ms": result["p99_ms"]}
               for (name, connections), result in results.items()}
    summary["memory_mib"] = {name: round(mib, 1) for name, mib in memory.items()}
    print(json.dumps(summary))
    for failure in failures:
        print(f"   FAIL: {failure}")
    print("PASS" if not failures else f"FAIL ({len(failures)})")
    return 0 if not failures else 1


if __name__ == "__main__":
    sys.exit(main())
