"""Several instances on one PostgreSQL database, as `essential-feed` runs at scale: API
instances that share every store and tell each other what they wrote, and app instances that
share the log-ins."""

from __future__ import annotations

import json
import re
import subprocess
import threading
import time
import urllib.parse
from pathlib import Path

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


def test_twoAPIInstancesStartingTogetherOnANewDatabase_seedOnce_andShareEveryWriteAndFollow(executable, tmp_path, cluster):
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

        # A follow made through one shows in the timeline the other serves at once, and so does an unfollow.
        following = {person["username"] for person in json_request(
            f"{second_url}/v1/accounts/{harness.DEMO_USERNAME}/following?limit=50")[1]["items"]}
        someone = next(item["author"]["username"] for item in items
                       if item["author"]["username"] not in following | {harness.DEMO_USERNAME})

        def authors_in_timeline(url: str) -> set[str]:
            status, page = json_request(f"{url}/v1/timeline?limit=50", token=token)
            assert status == 200
            return {item["author"]["username"] for item in page["items"]}

        assert someone not in authors_in_timeline(second_url)
        status, followed = json_request(f"{first_url}/v1/accounts/{someone}/follow", "PUT", token=token)
        assert status == 200 and followed["following"] is True
        assert someone in authors_in_timeline(second_url), "the other instance's timeline missed a follow"
        profile = json_request(f"{second_url}/v1/accounts/{someone}", token=token)[1]
        assert profile["following"] is True and profile["followers_count"] == followed["followers_count"]
        assert json_request(f"{second_url}/v1/accounts/{someone}/follow", "DELETE", token=token)[0] == 200
        assert someone not in authors_in_timeline(first_url), "the first instance's timeline missed an unfollow"

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


def nginx_config(api_ports: list[int], app_ports: list[int], api_listen: int, app_listen: int) -> str:
    """deploy/nginx.conf with these instances and listening ports."""
    text = (Path(__file__).resolve().parent.parent / "deploy" / "nginx.conf").read_text()

    def with_servers(name: str, ports: list[int], text: str) -> str:
        def replace(block: re.Match) -> str:
            lines = [line for line in block.group(0).split("\n") if not line.strip().startswith("server ")]
            servers = [f"        server 127.0.0.1:{port} max_fails=2 fail_timeout=10s;" for port in ports]
            return "\n".join(lines[:1] + servers + lines[1:])
        return re.sub(r"    upstream " + name + r" \{.*?\n    \}", replace, text, flags=re.S)

    text = with_servers("essential_feed_api", api_ports, text)
    text = with_servers("essential_feed_app", app_ports, text)
    text = text.replace("listen 127.0.0.1:8181;", f"listen 127.0.0.1:{api_listen};")
    text = text.replace("listen 127.0.0.1:8180;", f"listen 127.0.0.1:{app_listen};")
    return text.replace("worker_processes auto;", "worker_processes 1;\ndaemon off;")


def test_behindNginx_aKilledAPIInstanceLosesNoReadAndTheAppsKeepServing(executable, tmp_path, cluster):
    database = cluster.new_database()
    apis = [start_api(executable, tmp_path, f"api-{n}", database) for n in range(2)]
    for program, _ in apis:
        program.start()
    api_ports = [int(re.search(r":(\d+)/", url).group(1)) for _, url in apis]
    sessions = cluster.new_database()
    prefix = tmp_path / "nginx"
    (prefix / "logs").mkdir(parents=True)
    (prefix / "temp").mkdir()
    api_listen, app_listen = free_port(), free_port()
    public_api = f"http://127.0.0.1:{api_listen}/essential-feed"
    apps = [start_app(executable, tmp_path, f"app-{n}", public_api, sessions) for n in range(2)]
    config = prefix / "nginx.conf"
    config.write_text(nginx_config(api_ports, [int(url.rsplit(":", 1)[1]) for _, url in apps], api_listen, app_listen))
    nginx = subprocess.Popen(["nginx", "-p", str(prefix), "-c", str(config)], stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 10
        while http_request_or_none(f"http://127.0.0.1:{api_listen}/health/ready") != 200:
            assert nginx.poll() is None, nginx.stderr.read().decode()
            assert time.monotonic() < deadline, "nginx never answered"
            time.sleep(0.05)  # polling a port that is not open yet

        app_url = f"http://127.0.0.1:{app_listen}"
        status, cookies, page = log_in(app_url, harness.DEMO_USERNAME, harness.DEMO_PASSWORD)
        assert status == 303, page[:500]
        cookie = f"ef_session={cookies['ef_session']}"
        pages = [f"{public_api}/v1/feed?limit=10", f"{public_api}/v1/news"]

        apis[0][0].kill()
        statuses = [http_request(url)[0] for _ in range(10) for url in pages]
        assert statuses == [200] * len(statuses), "nginx sends the reads the killed instance would have had to the other"
        for _ in range(4):
            status, _, feed = http_request(app_url + "/", headers={"Cookie": cookie})
            assert status == 200 and 'role="feed"' in feed.decode(), "both apps serve the feed through the remaining API"
    finally:
        nginx.terminate()
        nginx.wait(timeout=10)
        for program, _ in apis:
            program.kill()
        for program, _ in apps:
            program.stop()


def http_request_or_none(url: str) -> int | None:
    try:
        return http_request(url, timeout=2)[0]
    except OSError:
        return None
