#!/usr/bin/env python3
"""Likes, notifications and live events at scale (release build):

1. A photo liked 100,000 times, on SQLite: the first page of the feed, its likers' first and
   a deep page, its owner's notifications and `me` (the unread count), each timed before and
   after the likes — the counts are kept, never counted, so the pages stay flat.
2. STREAMS event streams held open through one app process (`essential-feed app`, the API
   apart), STREAMS / 8 people with eight tabs each: the app's resident memory before and after.
3. Three API instances on one PostgreSQL database: the owner's stream open on the first,
   LIKES likes by as many people sent through the other two; how long from sending a like
   until its notification reaches the stream (p50, p99).

    scripts/python-env && .venv/bin/python benchmarks/likes/run.py

Env: ESSENTIAL_FEED_BIN (default: this checkout's release build), MEMBERS (100000), STREAMS
(1000), LIKES (300), REQUESTS (400, per timed page). Needs PostgreSQL. Not part of the test run.
"""

from __future__ import annotations

import http.client
import json
import os
import socket
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "benchmarks"))
sys.path.insert(0, str(ROOT / "browser-tests"))
from release_program import release_program  # noqa: E402
import harness  # noqa: E402
import postgres  # noqa: E402
from harness import RunningProgram, free_port, http_request  # noqa: E402

MEMBERS = int(os.environ.get("MEMBERS", "100000"))
STREAMS = int(os.environ.get("STREAMS", "1000"))
LIKES = int(os.environ.get("LIKES", "300"))
REQUESTS = int(os.environ.get("REQUESTS", "400"))
PASSWORD = "a synthetic community password"
RUNNING: list[RunningProgram] = []


def member(number: int) -> str:
    return f"member_{number:05d}"


def api_program(executable: Path, work: Path, name: str, database: str) -> tuple[RunningProgram, str]:
    port = free_port()
    program = RunningProgram(
        name=name, arguments=[str(executable), "api", "--port", str(port), "--database", database, "--pool-size", "8"],
        log_path=work / f"{name}.log", ready_urls=[f"http://127.0.0.1:{port}/health/ready"])
    RUNNING.append(program)
    return program.start(), f"http://127.0.0.1:{port}/essential-feed"


def log_in(api: str, username: str) -> str:
    status, _, body = http_request(f"{api}/v1/sessions", "POST", json.dumps({"username": username, "password": PASSWORD}).encode(),
                                   {"Content-Type": "application/json"}, timeout=60)
    assert status == 201, (status, body)
    return json.loads(body)["token"]


def timed(api: str, path: str, token: str | None, count: int = REQUESTS) -> dict:
    """`count` GETs one after another on a kept-alive connection: p50 and p99 in ms."""
    host, port = api.split("//")[1].split("/")[0].split(":")
    prefix = "/" + api.split("//")[1].split("/", 1)[1]
    connection = http.client.HTTPConnection(host, int(port), timeout=30)
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    latencies = []
    for _ in range(count):
        started = time.perf_counter()
        connection.request("GET", prefix + path, headers=headers)
        response = connection.getresponse()
        response.read()
        latencies.append((time.perf_counter() - started) * 1000)
        assert response.status == 200, (path, response.status)
    connection.close()
    ordered = sorted(latencies)
    return {"p50": round(statistics.median(ordered), 2), "p99": round(ordered[int(len(ordered) * 0.99) - 1], 2)}


def resident_mib(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


class Stream:
    """One Server-Sent Events stream over a raw socket, read on a thread of its own."""

    def __init__(self, url: str, headers: dict[str, str]):
        host, port = url.split("//")[1].split("/")[0].split(":")
        path = "/" + url.split("//")[1].split("/", 1)[1]
        self.socket = socket.create_connection((host, int(port)), timeout=60)
        lines = [f"GET {path} HTTP/1.1", f"Host: {host}:{port}", "Accept: text/event-stream"]
        lines += [f"{name}: {value}" for name, value in headers.items()]
        self.socket.sendall(("\r\n".join(lines) + "\r\n\r\n").encode())
        self.received = b""
        self.arrivals: list[tuple[float, bytes]] = []
        self.changed = threading.Condition()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        try:
            while chunk := self.socket.recv(65536):
                with self.changed:
                    self.received += chunk
                    self.arrivals.append((time.perf_counter(), chunk))
                    self.changed.notify_all()
        except OSError:
            pass

    def wait_for(self, text: bytes, count: int = 1, timeout: float = 30) -> bool:
        with self.changed:
            return self.changed.wait_for(lambda: self.received.count(text) >= count, timeout)

    def close(self):
        try:
            self.socket.close()
        except OSError:
            pass


def hundred_thousand_likes(executable: Path, work: Path) -> dict:
    database = str(work / "likes.sqlite")
    subprocess.run([str(executable), "load-synthetic-community", "--database", database, "--members", str(MEMBERS),
                    "--posts", "2000", "--reader-follows", "10", "--password", PASSWORD], check=True, stdout=subprocess.DEVNULL)
    with sqlite3.connect(database) as db:
        position, owner = db.execute("SELECT position, author_id FROM feed_item ORDER BY position LIMIT 1").fetchone()
        item_id, = db.execute("SELECT id FROM feed_item WHERE position = ?", (position,)).fetchone()
        owner_name, = db.execute("SELECT username FROM account WHERE id = ?", (owner,)).fetchone()

    inserted = 0

    def measure(label: str) -> dict:
        program, api = api_program(executable, work, f"api-{label}", database)
        try:
            token = log_in(api, owner_name)
            deep = member(MEMBERS // 2)
            figures = {
                "feed page": timed(api, "/v1/feed?limit=20", None),
                "likers, first page": timed(api, f"/v1/image/{item_id}/likes?limit=50", None),
                "notifications": timed(api, "/v1/notifications?limit=20", token),
                "me (unread count)": timed(api, "/v1/me", token),
            }
            if label == "after":
                figures["likers, a deep page"] = timed(api, f"/v1/image/{item_id}/likes?limit=50&after={deep}", None)
                first = json.loads(http_request(f"{api}/v1/feed?limit=1")[2])["items"][0]
                assert first["id"].upper() == item_id.upper() and first["like_count"] == inserted, (first["like_count"], inserted)
                figures["like_count"] = first["like_count"]
            return figures
        finally:
            program.stop()
            RUNNING.remove(program)

    before = measure("before")
    started = time.monotonic()
    with sqlite3.connect(database) as db:
        inserted = db.execute(
            "INSERT INTO image_like (feed_item_position, account_id, liked_at) "
            "SELECT ?, id, 1790000000 + id FROM account WHERE id != ? ORDER BY id LIMIT 100000", (position, owner)).rowcount
    loading = time.monotonic() - started
    after = measure("after")
    return {"likes": inserted, "before": before, "after": after, "likes_loaded_in_s": round(loading, 1)}


def streams_on_one_app(executable: Path, work: Path) -> dict:
    database = str(work / "likes.sqlite")
    api_run, api = api_program(executable, work, "api-streams", database)
    port = free_port()
    app = RunningProgram(
        name="app", arguments=[str(executable), "app", "--api-url", api, "--port", str(port), "--data-dir", str(work / "app")],
        log_path=work / "app.log", ready_urls=[f"http://127.0.0.1:{port}/favicon.ico"])
    RUNNING.append(app)
    app.start()
    app_url = f"http://127.0.0.1:{port}"
    people = STREAMS // 8
    cookies = []
    for number in range(people + 1):
        status, set_cookies, _ = harness.log_in(app_url, member(number + 1), PASSWORD)
        assert status == 303, status
        cookies.append(set_cookies["ef_session"])
    # Warm: one stream opened and read, so what is measured is what each more costs.
    warm = Stream(app_url + "/events", {"Cookie": f"ef_session={cookies.pop()}"})
    assert warm.wait_for(b"event: notification"), warm.received[:300]
    warm.close()
    time.sleep(2)
    before = resident_mib(app.process.pid)
    api_before = resident_mib(api_run.process.pid)
    streams = []
    for cookie in cookies:
        for _ in range(8):
            streams.append(Stream(app_url + "/events", {"Cookie": f"ef_session={cookie}"}))
    opened = sum(1 for stream in streams if stream.wait_for(b"event: notification", timeout=60))
    time.sleep(2)
    after = resident_mib(app.process.pid)
    api_after = resident_mib(api_run.process.pid)
    for stream in streams:
        stream.close()
    return {"streams": opened, "app_mib_before": round(before, 1), "app_mib_after": round(after, 1),
            "app_mib_added": round(after - before, 1), "api_mib_added": round(api_after - api_before, 1)}


def likes_across_instances(executable: Path, work: Path) -> dict:
    with postgres.cluster() as cluster:
        database = cluster.new_database()
        subprocess.run([str(executable), "load-synthetic-community", "--database", database, "--members", str(LIKES + 10),
                        "--posts", "200", "--reader-follows", "5", "--password", PASSWORD], check=True, stdout=subprocess.DEVNULL)
        apis = [api_program(executable, work, f"api-pg-{n}", database)[1] for n in range(3)]
        first = json.loads(http_request(f"{apis[0]}/v1/feed?limit=1")[2])["items"][0]
        owner = first["author"]["username"]
        stream = Stream(apis[0] + "/v1/events", {"Authorization": f"Bearer {log_in(apis[0], owner)}"})
        assert stream.wait_for(b"event: notification"), stream.received[:300]
        likers = [name for name in (member(n) for n in range(1, LIKES + 6)) if name != owner][:LIKES]
        tokens = [log_in(apis[1 + index % 2], name) for index, name in enumerate(likers)]
        latencies = []
        for index, token in enumerate(tokens):
            told = stream.received.count(b"event: notification")
            started = time.perf_counter()
            status, _, body = http_request(f"{apis[1 + index % 2]}/v1/image/{first['id']}/like", "PUT", None,
                                           {"Authorization": f"Bearer {token}"}, timeout=30)
            assert status == 200, (status, body)
            assert stream.wait_for(b"event: notification", told + 1, timeout=10), "a like never reached the stream"
            with stream.changed:
                arrived = next(at for at, _ in reversed(stream.arrivals))
            latencies.append((arrived - started) * 1000)
        stream.close()
        ordered = sorted(latencies)
        return {"likes": len(latencies), "p50_ms": round(statistics.median(ordered), 1),
                "p99_ms": round(ordered[int(len(ordered) * 0.99) - 1], 1), "max_ms": round(ordered[-1], 1)}


def main():
    executable = release_program()
    work = Path(tempfile.mkdtemp(prefix="essential-feed-likes-"))
    try:
        results = {"hundred_thousand_likes": hundred_thousand_likes(executable, work),
                   "streams_on_one_app": streams_on_one_app(executable, work),
                   "likes_across_three_instances": likes_across_instances(executable, work)}
        print(json.dumps(results, indent=2))
    finally:
        for program in RUNNING:
            program.stop()


if __name__ == "__main__":
    main()
