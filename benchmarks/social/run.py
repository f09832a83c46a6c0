#!/usr/bin/env python3
"""Friends at scale: MEMBERS accounts sharing POSTS posts, each following a few others, and a
reader who follows FOLLOWS of them (`essential-feed load-synthetic-community`), on SQLite and
on PostgreSQL in turn, the API alone (release build).

For each database:
1. the reader's timeline walked page by page (PAGE items a page) to its 500th page;
2. wrk on the timeline's first page and its 500th page at each of CONNECTIONS (a load the
   machine carries, and one that saturates it), and on a profile (its counts are kept, never
   counted), `--latency`, SECONDS s each;
3. follow and unfollow, one at a time on a kept-alive connection, FOLLOWS_MEASURED of each
   on members the reader does not follow yet: p50 and p99;
4. a sparse reader, following one member whose posts are one in MEMBERS of the feed: the
   first page and the 500th... of theirs (as deep as it goes), with wrk.

    scripts/python-env && .venv/bin/python benchmarks/social/run.py

Env: ESSENTIAL_FEED_BIN (default: this checkout's release build), MEMBERS (10000), POSTS
(1000000), FOLLOWS (1000), PAGE (20), SECONDS (8), CONNECTIONS ("4 16"), FOLLOWS_MEASURED (300),
DATABASES ("sqlite postgres"). Needs wrk and PostgreSQL. Not part of the test run.
"""

from __future__ import annotations

import http.client
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "benchmarks"))
sys.path.insert(0, str(ROOT / "browser-tests"))
from release_program import release_program  # noqa: E402
import postgres  # noqa: E402
from harness import RunningProgram, free_port, http_request  # noqa: E402

MEMBERS = int(os.environ.get("MEMBERS", "10000"))
POSTS = int(os.environ.get("POSTS", "1000000"))
FOLLOWS = int(os.environ.get("FOLLOWS", "1000"))
PAGE = int(os.environ.get("PAGE", "20"))
SECONDS = int(os.environ.get("SECONDS", "8"))
CONNECTIONS = [int(n) for n in os.environ.get("CONNECTIONS", "4 16").split()]
FOLLOWS_MEASURED = int(os.environ.get("FOLLOWS_MEASURED", "25"))  # within the 60 follows an hour one account may make
DATABASES = os.environ.get("DATABASES", "sqlite postgres").split()
PASSWORD = "a synthetic community password"


def member(number: int) -> str:
    return f"member_{number:05d}"


def log_in(api: str, username: str) -> str:
    status, _, body = http_request(f"{api}/v1/sessions", "POST", json.dumps({"username": username, "password": PASSWORD}).encode(),
                                   {"Content-Type": "application/json"}, timeout=30)
    assert status == 201, (status, body)
    return json.loads(body)["token"]


def wrk(url: str, token: str, connections: int | None = None) -> dict:
    connections = connections or max(CONNECTIONS)
    output = subprocess.run(["wrk", "-t2" if connections > 1 else "-t1", f"-c{connections}", f"-d{SECONDS}s", "--latency", "--timeout", "5s",
                             "-H", f"Authorization: Bearer {token}", url], capture_output=True, text=True, check=True).stdout
    assert "Non-2xx" not in output and "Socket errors" not in output, output

    def milliseconds(label: str) -> float:
        value, unit = re.search(rf"{label}\s+([\d.]+)(us|ms|s)\b", output).groups()
        return float(value) * {"us": 0.001, "ms": 1.0, "s": 1000.0}[unit]

    return {"rps": float(re.search(r"Requests/sec:\s+([\d.]+)", output).group(1)),
            "p50": milliseconds("50%"), "p99": milliseconds("99%")}


def walk(api: str, token: str, pages: int) -> tuple[str | None, list[float], int]:
    """The id the `pages`-th page starts after, each page's latency, and how many pages there were."""
    after, latencies, walked = None, [], 0
    for _ in range(pages - 1):
        query = f"limit={PAGE}" + (f"&after_id={after}" if after else "")
        started = time.perf_counter()
        status, _, body = http_request(f"{api}/v1/timeline?{query}", headers={"Authorization": f"Bearer {token}"}, timeout=30)
        latencies.append((time.perf_counter() - started) * 1000)
        assert status == 200, (status, body)
        items = json.loads(body)["items"]
        if not items:
            break
        walked += 1
        after = items[-1]["id"]
    return after, latencies, walked


def follow_latencies(api: str, token: str, members: list[int]) -> tuple[list[float], list[float]]:
    host, port = api.split("//")[1].split("/")[0].split(":")
    prefix = "/" + api.split("//")[1].split("/", 1)[1]
    connection = http.client.HTTPConnection(host, int(port), timeout=30)
    headers = {"Authorization": f"Bearer {token}"}
    follows, unfollows = [], []
    for number in members:
        for method, kept in (("PUT", follows), ("DELETE", unfollows)):
            started = time.perf_counter()
            connection.request(method, f"{prefix}/v1/accounts/{member(number)}/follow", headers=headers)
            response = connection.getresponse()
            body = response.read()
            kept.append((time.perf_counter() - started) * 1000)
            assert response.status == 200, (response.status, body)
            assert json.loads(body)["following"] == (method == "PUT")
    connection.close()
    return follows, unfollows


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * fraction))]


def measure(executable: Path, work: Path, kind: str, database: str) -> dict:
    started = time.monotonic()
    subprocess.run([str(executable), "load-synthetic-community", "--database", database, "--members", str(MEMBERS),
                    "--posts", str(POSTS), "--reader-follows", str(FOLLOWS), "--password", PASSWORD],
                   check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    loading = time.monotonic() - started
    if database.startswith("postgres://"):
        # As an operator would after a bulk load: statistics taken and the table's visibility
        # map written now, not by autovacuum in the middle of the measurements.
        subprocess.run(["psql", database, "-q", "-c", "VACUUM ANALYZE", "-c", "CHECKPOINT"], check=True,
                       stdout=subprocess.DEVNULL)
    # A reader of one member only: their posts are one in MEMBERS of the feed.
    subprocess.run([str(executable), "accounts", "add", "sparse", "--database", database],
                   input=PASSWORD + "\n", text=True, check=True, capture_output=True)
    port = free_port()
    api = f"http://127.0.0.1:{port}/essential-feed"
    program = RunningProgram(name=f"api on {kind}", arguments=[str(executable), "api", "--port", str(port), "--database", database],
                             log_path=work / f"api-{kind}.log", ready_urls=[f"http://127.0.0.1:{port}/health/ready"]).start()
    try:
        reader, sparse = log_in(api, "reader"), log_in(api, "sparse")
        status, _, _ = http_request(f"{api}/v1/accounts/{member(7)}/follow", "PUT", headers={"Authorization": f"Bearer {sparse}"})
        assert status == 200
        deep, walked_latencies, walked = walk(api, reader, 500)
        assert walked == 499, f"the timeline has only {walked} pages"
        results = {
            "kind": kind, "loading": loading, "walk_p50": statistics.median(walked_latencies), "walk_p99": percentile(walked_latencies, 0.99),
            **{f"first@{c}": wrk(f"{api}/v1/timeline?limit={PAGE}", reader, c) for c in CONNECTIONS},
            **{f"deep@{c}": wrk(f"{api}/v1/timeline?limit={PAGE}&after_id={deep}", reader, c) for c in CONNECTIONS},
            "profile": wrk(f"{api}/v1/accounts/{member(1)}", reader),
            "search_username": wrk(f"{api}/v1/people?q=member_0420", reader),
            "search_anywhere": wrk(f"{api}/v1/people?q=42", reader),
            "sparse_first": wrk(f"{api}/v1/timeline?limit={PAGE}", sparse),
        }
        sparse_deep, _, sparse_pages = walk(api, sparse, 500)
        results["sparse_pages"] = sparse_pages
        results["sparse_deep"] = wrk(f"{api}/v1/timeline?limit={PAGE}" + (f"&after_id={sparse_deep}" if sparse_deep else ""), sparse)
        step = MEMBERS // max(1, FOLLOWS)
        unfollowed = [number for number in range(1, MEMBERS + 1) if number % step != 0][:FOLLOWS_MEASURED]
        follows, unfollows = follow_latencies(api, reader, unfollowed)
        results["follow"] = {"p50": statistics.median(follows), "p99": percentile(follows, 0.99)}
        results["unfollow"] = {"p50": statistics.median(unfollows), "p99": percentile(unfollows, 0.99)}
        results["rss_mib"] = int(Path(f"/proc/{program.process.pid}/status").read_text().split("VmRSS:")[1].split()[0]) / 1024
        return results
    finally:
        program.stop()


def report(results: dict) -> None:
    print(f"\n== {results['kind']}: loaded in {results['loading']:.0f} s; API resident {results['rss_mib']:.0f} MiB")
    print(f"walk to page 500, one at a time: p50 {results['walk_p50']:.1f} ms, p99 {results['walk_p99']:.1f} ms")
    print(f"| request | req/s | p50 | p99 |")
    rows = [(f"{page}@{c}", f"timeline, {label} page, {c} connections") for page, label in (("first", "first"), ("deep", "500th"))
            for c in CONNECTIONS]
    for key, label in rows + [("profile", "a profile"), ("search_username", "people search, a username's beginning"),
                              ("search_anywhere", "people search, two digits anywhere in a name"),
                              ("sparse_first", "sparse reader, first page"),
                              ("sparse_deep", f"sparse reader, page {results['sparse_pages'] + 1} (its last)")]:
        figures = results[key]
        print(f"| {label} | {figures['rps']:,.0f} | {figures['p50']:.1f} ms | {figures['p99']:.1f} ms |")
    for key in ("follow", "unfollow"):
        print(f"| {key}, one at a time | — | {results[key]['p50']:.1f} ms | {results[key]['p99']:.1f} ms |")


def main() -> None:
    executable = release_program()
    print(f"{MEMBERS:,} members, {POSTS:,} posts, the reader follows {FOLLOWS:,}; pages of {PAGE}; "
          f"wrk {SECONDS} s at {' and '.join(map(str, CONNECTIONS))} connections (the rest at {max(CONNECTIONS)})")
    with tempfile.TemporaryDirectory() as directory:
        work = Path(directory)
        if "sqlite" in DATABASES:
            report(measure(executable, work, "SQLite", str(work / "api.sqlite")))
        if "postgres" in DATABASES:
            with postgres.cluster() as cluster:
                report(measure(executable, work, "PostgreSQL", cluster.new_database()))


if __name__ == "__main__":
    main()
