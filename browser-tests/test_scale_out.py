"""Several instances on one PostgreSQL database, as `essential-feed` runs at scale: API
instances that share every store and tell each other what they wrote, and app instances that
share the log-ins."""

from __future__ import annotations

import json
import re
import threading
import time
import urllib.parse

import pytest

import harness
import postgres
from harness import RunningProgram, free_port, http_request, log_in, origin_of


@pytest.fixture(scope="module")
def cluster():
    with postgres.cluster() as started:
        yield started


def start_api(executable, tmp_path, name: str, database: str) -> tuple[RunningProgram, str]:
    port = free_port()
    api_url = f"http://127.0.0.1:{port}/essential-feed"
    program = RunningProgram(
        name=f"essential-feed api ({name})",
        arguments=[str(executable), "api", "--port", str(port), "--database", database, "--demo", "--pool-size", "8"],
        log_path=tmp_path / f"{name}.log",
        ready_urls=[f"http://127.0.0.1:{port}/health/ready"],
    )
    return program, api_url


def json_request(url: str, method: str = "GET", body: dict | None = None, token: str | None = None):
    headers = {"Content-Type": "application/json"} if body is not None else {}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    status, _, data = http_request(url, method, json.dumps(body).encode() if body is not None else None, headers)
    return status, (json.loads(data) if data.strip().startswith(b"{") else None)


def test_twoAPIInstancesStartingTogetherOnANewDatabase_seedOnce_andShareEveryWrite(executable, tmp_path, cluster):
    database = cluster.new_database()
    (first, first_url), (second, second_url) = (start_api(executable, tmp_path, name, database) for name in ("one", "two"))
    starting = [threading.Thread(target=program.start) for program in (first, second)]
    for thread in starting:
        thread.start()
    for thread in starting:
        thread.join()
    try:
        items = []
        after = ""
        while page := json_request(f"{second_url}/v1/feed?limit=50{after}")[1]["items"]:
            items += page
            after = f"&after_id={page[-1]['id']}"
        assert len(items) == 72, "the demo is seeded once, not once per instance"

        image_id = items[0]["id"]
        status, session = json_request(f"{first_url}/v1/sessions", "POST",
                                       {"username": harness.DEMO_USERNAME, "password": harness.DEMO_PASSWORD})
        assert status == 201
        token = session["token"]
        before = json_request(f"{second_url}/v1/image/{image_id}/comments")[1]["items"]
        status, _ = json_request(f"{first_url}/v1/image/{image_id}/comments", "POST", {"message": "Written through one"}, token)
        assert status == 201
        deadline = time.monotonic() + 1.0
        while (after_write := json_request(f"{second_url}/v1/image/{image_id}/comments")[1]["items"])[0]["message"] != "Written through one":
            assert time.monotonic() < deadline, "the other instance still answers without the comment after a second"
            time.sleep(0.02)  # polling the other instance, as a client would
        assert len(after_write) == len(before) + 1

        assert json_request(f"{second_url}/v1/me", token=token)[0] == 200, "a token of one is accepted by the other"
        assert json_request(f"{second_url}/v1/sessions/current", "DELETE", token=token)[0] == 204
        assert json_request(f"{first_url}/v1/me", token=token)[0] == 401, "a token ended through one is refused by the other"
    finally:
        first.stop_expecting_clean_exit()
        second.stop_expecting_clean_exit()


def start_app(executable, tmp_path, name: str, api_url: str, sessions: str) -> tuple[RunningProgram, str]:
    port = free_port()
    app_url = f"http://127.0.0.1:{port}"
    program = RunningProgram(
        name=f"essential-feed app ({name})",
        arguments=[str(executable), "app", "--api-url", api_url, "--port", str(port),
                   "--data-dir", str(tmp_path / f"{name}-data"), "--sessions-database", sessions],
        log_path=tmp_path / f"{name}.log",
        ready_urls=[f"{app_url}/health/ready"],
    )
    return program.start(), app_url


def test_twoAppInstancesOnOneSessionsDatabase_shareTheLogIn_andTheLogOut(executable, tmp_path, cluster):
    api, api_url = harness.start_api(executable, tmp_path / "api")
    sessions = cluster.new_database()
    first, first_url = start_app(executable, tmp_path, "one", api_url, sessions)
    second, second_url = start_app(executable, tmp_path, "two", api_url, sessions)
    try:
        status, cookies, page = log_in(first_url, harness.DEMO_USERNAME, harness.DEMO_PASSWORD)
        assert status == 303, page[:500]
        cookie = f"ef_session={cookies['ef_session']}"

        status, _, feed = http_request(second_url + "/", headers={"Cookie": cookie})
        assert status == 200 and 'role="feed"' in feed.decode(), "logged in on one, the feed opens on the other"

        token = re.search(r'name="csrf_token" value="([^"]+)"', feed.decode()).group(1)
        status, _, _ = http_request(first_url + "/logout", "POST", urllib.parse.urlencode({"csrf_token": token}).encode(), {
            "Content-Type": "application/x-www-form-urlencoded", "Cookie": cookie, "Origin": origin_of(first_url)})
        assert status == 303

        status, headers, _ = http_request(second_url + "/", headers={"Cookie": cookie})
        assert status == 303 and "/login" in headers["Location"], "logged out on one, the cookie is dead on the other"
    finally:
        first.stop_expecting_clean_exit()
        second.stop_expecting_clean_exit()
        api.stop_expecting_clean_exit()
