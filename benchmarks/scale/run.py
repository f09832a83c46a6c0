#!/usr/bin/env python3
"""The scale-out proof: PostgreSQL, three API instances, two app instances and nginx
(deploy/nginx.conf) on loopback, the demo plus SYNTHETIC synthetic items, a mixed load of
reads and writes for DURATION seconds with one API instance SIGKILLed midway and started
again; then every write that got 201 checked, and the first page's throughput through nginx
with 3 and 1 API instances on PostgreSQL and 1 on SQLite, against nginx serving the same
bytes from a file.

    scripts/python-env && .venv/bin/python benchmarks/scale/run.py

Env: ESSENTIAL_FEED_BIN (default: this checkout's release build, built here), DURATION (60),
SYNTHETIC (200000), CLIENTS (16). Needs postgresql, nginx and wrk. Not part of the test run.
"""

from __future__ import annotations

import json
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "benchmarks"))
sys.path.insert(0, str(ROOT / "browser-tests"))
from release_program import release_program  # noqa: E402
import harness  # noqa: E402
import postgres  # noqa: E402
from harness import RunningProgram, free_port, http_request  # noqa: E402
from test_offline_device import _png  # noqa: E402  (a small valid PNG)
from test_scale_out import nginx_config  # noqa: E402

DURATION = int(os.environ.get("DURATION", "60"))
SYNTHETIC = int(os.environ.get("SYNTHETIC", "200000"))
CLIENTS = int(os.environ.get("CLIENTS", "16"))
ACCOUNTS = 8


def api_program(executable: Path, work: Path, name: str, port: int, database: str, demo: bool = False) -> RunningProgram:
    program = RunningProgram(
        name=name,
        arguments=[str(executable), "api", "--port", str(port), "--database", database, "--pool-size", "16",
                   "--trusted-proxy", "127.0.0.1"] + (["--demo"] if demo else []),
        log_path=work / f"{name}.log",
        ready_urls=[f"http://127.0.0.1:{port}/health/ready"])
    RUNNING.append(program)
    return program


# Everything started, stopped whatever happens.
RUNNING: list = []


def start_nginx(work: Path, name: str, api_ports: list[int], app_ports: list[int], static: Path | None = None):
    prefix = work / name
    (prefix / "logs").mkdir(parents=True)
    (prefix / "temp").mkdir()
    api_listen, app_listen = free_port(), free_port()
    config = nginx_config(api_ports, app_ports or [free_port()], api_listen, app_listen)
    config = config.replace("access_log logs/access.log;", "access_log off;")
    if static:
        config = config.replace("        location = /metrics { return 404; }\n    }\n\n    # The app",
                                f"        location = /static-page {{ default_type application/json; alias {static}; }}\n"
                                "        location = /metrics { return 404; }\n    }\n\n    # The app", 1)
    (prefix / "nginx.conf").write_text(config)
    process = subprocess.Popen(["nginx", "-p", str(prefix), "-c", str(prefix / "nginx.conf")])
    RUNNING.append(process)
    deadline = time.monotonic() + 10
    while True:
        try:
            if http_request(f"http://127.0.0.1:{api_listen}/health/live", timeout=1)[0] in (200, 404, 502):
                break
        except OSError:
            pass
        assert time.monotonic() < deadline, "nginx never answered"
        time.sleep(0.05)  # polling a port that is not open yet
    return process, f"http://127.0.0.1:{api_listen}", f"http://127.0.0.1:{app_listen}"


def median(values: list[float]) -> float:
    return statistics.median(values) if values else 0.0


def wrk(url: str, seconds: int = 10, connections: int = 32) -> float:
    output = subprocess.run(["wrk", "-t2", f"-c{connections}", f"-d{seconds}s", "--timeout", "5s", url],
                            capture_output=True, text=True, check=True).stdout
    assert "Non-2xx" not in output and "Socket errors" not in output, output
    return float(re.search(r"Requests/sec:\s+([\d.]+)", output).group(1))


def json_call(url: str, method: str = "GET", body: bytes | None = None, headers: dict | None = None):
    status, _, data = http_request(url, method, body, headers or {}, timeout=10)
    return status, data


class Load:
    """A mixed load of many clients; every outcome recorded with its time."""

    def __init__(self, api: str, items: list[str], tokens: list[str]):
        self.api = api
        self.items = items
        self.tokens = tokens
        self.records: list[tuple[float, str, int, float]] = []
        self.comments: list[tuple[str, str]] = []
        self.posts: list[str] = []
        self.lock = threading.Lock()
        self.stop = threading.Event()
        self.photo = _png(48, 32)

    def client(self, seed: int) -> None:
        rng = random.Random(seed)
        while not self.stop.is_set():
            roll = rng.random()
            token = rng.choice(self.tokens)
            item = rng.choice(self.items)
            started = time.monotonic()
            try:
                if roll < 0.45:
                    kind, (status, _) = "feed page", json_call(f"{self.api}/v1/feed?limit=10&after_id={item}")
                elif roll < 0.65:
                    kind, (status, _) = "comments", json_call(f"{self.api}/v1/image/{item}/comments")
                elif roll < 0.80:
                    kind, (status, _) = "item", json_call(f"{self.api}/v1/image/{item}")
                elif roll < 0.85:
                    kind = "log-in"
                    status, _ = json_call(f"{self.api}/v1/sessions", "POST",
                                          json.dumps({"username": f"scale{seed % ACCOUNTS}", "password": "a scale test password"}).encode(),
                                          {"Content-Type": "application/json"})
                elif roll < 0.98:
                    kind = "comment"
                    message = f"scale {uuid.uuid4()}"
                    status, _ = json_call(f"{self.api}/v1/image/{item}/comments", "POST", json.dumps({"message": message}).encode(),
                                          {"Content-Type": "application/json", "Authorization": f"Bearer {token}"})
                    if status == 201:
                        with self.lock:
                            self.comments.append((item, message))
                else:
                    kind = "photo"
                    description = f"scale post {uuid.uuid4()}"
                    boundary = "scale" + uuid.uuid4().hex
                    body = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"description\"\r\n\r\n{description}\r\n"
                            f"--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"p.png\"\r\n"
                            "Content-Type: image/png\r\n\r\n").encode() + self.photo + f"\r\n--{boundary}--\r\n".encode()
                    status, _ = json_call(f"{self.api}/v1/images", "POST", body, {
                        "Content-Type": f"multipart/form-data; boundary={boundary}", "Authorization": f"Bearer {token}"})
                    if status == 201:
                        with self.lock:
                            self.posts.append(description)
            except OSError:
                kind, status = "error", 0
            with self.lock:
                self.records.append((started, kind, status, time.monotonic() - started))


def main() -> None:
    executable = release_program()
    with tempfile.TemporaryDirectory() as directory, postgres.cluster() as cluster:
        work = Path(os.environ.get("KEEP_LOGS_IN") or directory)
        os.chmod(work, 0o755)  # nginx's workers read the static page as nobody
        database, sessions = cluster.new_database(), cluster.new_database()
        api_ports = [free_port() for _ in range(3)]
        apis = [api_program(executable, work, "api-0", api_ports[0], database, demo=True).start()]
        started = time.monotonic()
        subprocess.run([str(executable), "load-synthetic-feed", "--database", database, "--items", str(SYNTHETIC)], check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        loading = time.monotonic() - started
        apis += [api_program(executable, work, f"api-{n}", api_ports[n], database).start() for n in (1, 2)]
        for n in range(ACCOUNTS):
            subprocess.run([str(executable), "accounts", "add", f"scale{n}", "--database", database],
                           input="a scale test password\n", text=True, check=True, capture_output=True)
        nginx, api_front, app_front = start_nginx(work, "nginx-3", api_ports, [])
        api = api_front + "/essential-feed"
        tokens = [json.loads(json_call(f"{api}/v1/sessions", "POST",
                                       json.dumps({"username": f"scale{n}", "password": "a scale test password"}).encode(),
                                       {"Content-Type": "application/json"})[1])["token"] for n in range(ACCOUNTS)]
        # Items at every depth: the first pages, and ids read at depths across the whole feed.
        items, after = [], ""
        while len(items) < 500:
            page = json.loads(json_call(f"{api}/v1/feed?limit=50{after}")[1])["items"]
            items += [item["id"] for item in page]
            after = f"&after_id={page[-1]['id']}"

        load = Load(api, items, tokens)
        threads = [threading.Thread(target=load.client, args=(n,)) for n in range(CLIENTS)]
        load_started = time.monotonic()
        for thread in threads:
            thread.start()
        time.sleep(DURATION / 2)
        killed_at = time.monotonic()
        apis[1].process.kill()
        time.sleep(5)
        restarted_at = time.monotonic()
        apis[1] = api_program(executable, work, "api-1b", api_ports[1], database).start()
        time.sleep(max(0.0, DURATION - (time.monotonic() - load_started)))
        load.stop.set()
        for thread in threads:
            thread.join()

        # By when each request started, but for those in flight at the kill, told apart: POSTs
        # then on the killed instance cannot be retried elsewhere (nginx never sends one twice).
        in_flight = [r for r in load.records if r[0] < killed_at <= r[0] + r[3]]
        phases = {"before the kill": (load_started, killed_at), "in flight at the kill": None,
                  "instance killed": (killed_at, restarted_at), "after its restart": (restarted_at, float("inf"))}
        print(f"{SYNTHETIC:,} synthetic items loaded into PostgreSQL in {loading:.0f} s")
        print(f"Mixed load, {CLIENTS} clients through nginx over 3 API instances, {DURATION} s; api-1 SIGKILLed at "
              f"{killed_at - load_started:.0f} s and started again at {restarted_at - load_started:.0f} s:")
        for name, span in phases.items():
            if span is None:
                records = in_flight
            else:
                records = [r for r in load.records if span[0] <= r[0] < span[1] and r not in in_flight]
            # An upload beyond the places for everyone (503) or one account's two (429) is a bound at work.
            refused = [r for r in records if r[1] == "photo" and r[2] in (429, 503)]
            errors = [r for r in records if r[2] not in (200, 201) and r not in refused]
            latencies = sorted(r[3] * 1000 for r in records)
            p99 = latencies[int(len(latencies) * 0.99) - 1] if latencies else 0
            kinds = {}
            for r in errors:
                kinds[f"{r[1]} {r[2]}"] = kinds.get(f"{r[1]} {r[2]}", 0) + 1
            reads = sorted(r[3] * 1000 for r in records if r[1] in ("feed page", "comments", "item"))
            read_p99 = reads[int(len(reads) * 0.99) - 1] if reads else 0
            print(f"  {name:18} {len(records):6} requests, {len(errors):3} errors {kinds or ''}, {len(refused)} uploads refused by the bounds; "
                  f"p50 {median(latencies):.1f} ms, p99 {p99:.1f} ms (reads alone: p50 {median(reads):.1f} ms, p99 {read_p99:.1f} ms)")

        direct = f"http://127.0.0.1:{api_ports[0]}/essential-feed"
        lost = duplicated = 0
        for item, message in load.comments:
            found = [c for c in json.loads(json_call(f"{direct}/v1/image/{item}/comments")[1])["items"] if c["message"] == message]
            lost += not found
            duplicated += len(found) > 1
        descriptions, after = [], ""
        while len(descriptions) < len(load.posts) + 100:
            page = json.loads(json_call(f"{direct}/v1/feed?limit=50{after}")[1])["items"]
            descriptions += [item.get("description") for item in page]
            after = f"&after_id={page[-1]['id']}"
        lost_posts = sum(descriptions.count(d) == 0 for d in load.posts)
        duplicated_posts = sum(descriptions.count(d) > 1 for d in load.posts)
        print(f"Writes answered 201: {len(load.comments)} comments ({lost} lost, {duplicated} duplicated), "
              f"{len(load.posts)} photos ({lost_posts} lost, {duplicated_posts} duplicated)")

        first_page = json_call(f"{direct}/v1/feed?limit=10")[1]
        static = work / "first-page.json"
        static.write_bytes(first_page)
        nginx.terminate()
        nginx.wait()
        figures = {}
        nginx, front, _ = start_nginx(work, "nginx-3b", api_ports, [], static)
        figures["nginx, the same bytes from a file"] = wrk(f"{front}/static-page")
        figures["3 API instances on PostgreSQL"] = wrk(f"{front}/essential-feed/v1/feed?limit=10")
        nginx.terminate()
        nginx.wait()
        nginx, front, _ = start_nginx(work, "nginx-1", api_ports[:1], [])
        figures["1 API instance on PostgreSQL"] = wrk(f"{front}/essential-feed/v1/feed?limit=10")
        nginx.terminate()
        nginx.wait()
        sqlite_port = free_port()
        sqlite = api_program(executable, work, "api-sqlite", sqlite_port, str(work / "api.sqlite"), demo=True).start()
        nginx, front, _ = start_nginx(work, "nginx-sqlite", [sqlite_port], [])
        figures["1 API instance on SQLite"] = wrk(f"{front}/essential-feed/v1/feed?limit=10")
        nginx.terminate()
        nginx.wait()
        static_rate = figures["nginx, the same bytes from a file"]
        print("First page through nginx, wrk -c32 for 10 s:")
        for name, rate in figures.items():
            print(f"  {name:36} {rate:9.0f} requests/s  ({rate / static_rate:.2f}× nginx's file)")
        for program in apis + [sqlite]:
            program.kill()


if __name__ == "__main__":
    try:
        main()
    finally:
        for running in RUNNING:
            running.kill()
