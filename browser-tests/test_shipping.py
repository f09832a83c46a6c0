"""The program as an operator installs it: one file copied anywhere, telling its version,
logging one JSON object per line when asked. The binary is the release `scripts/release`
built when ESSENTIAL_FEED_RELEASE_BIN names it, the tests' build otherwise."""

import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from harness import free_port, http_get, start_api, start_app


@pytest.fixture(scope="module")
def relocated(executable, tmp_path_factory) -> Path:
    """The binary alone in an empty directory: no build folder, no resource folder beside it."""
    source = Path(os.environ.get("ESSENTIAL_FEED_RELEASE_BIN") or executable)
    directory = tmp_path_factory.mktemp("installed")
    binary = directory / "essential-feed"
    shutil.copy2(source, binary)
    assert sorted(path.name for path in directory.iterdir()) == ["essential-feed"]
    return binary


def test_theBinary_looksUpNoResourceFolder_ofItsOwnModules(relocated):
    # SwiftPM's resource accessor names `<package>_<target>.resources` beside the build; a
    # module of this package that used one would die at start anywhere else.
    assert b"EssentialFeed_" not in relocated.read_bytes()


def test_version_tellsTheRelease_theCommit_andTheBuildDate(relocated):
    result = subprocess.run([str(relocated), "--version"], capture_output=True, text=True, timeout=30, cwd=relocated.parent)

    assert result.returncode == 0, result.stderr
    assert re.fullmatch(
        r"essential-feed \d+\.\d+\.\d+ \(commit ([0-9a-f]{7,}(-modified)?|unknown), built \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ\)\n",
        result.stdout), result.stdout


def test_aCopyAloneInAnEmptyDirectory_runsTheDemoAPI_andTheAppAgainstIt(relocated, tmp_path):
    version = subprocess.run([str(relocated), "--version"], capture_output=True, text=True, timeout=30).stdout.split()[1]
    api, api_url = start_api(relocated, tmp_path / "api")
    app, app_url = start_app(relocated, api_url, tmp_path / "app")
    try:
        assert f"Essential Feed {version}" in api.log().splitlines()[0]
        status, _, document = http_get(api_url + "/openapi.yaml")
        assert status == 200 and f"version: {version}".encode() in document

        status, _, page = http_get(app_url + "/", headers={"Accept-Language": "el"})
        assert status == 200
        html = page.decode()
        assert "<title>" in html and "FEED_VIEW_TITLE" not in html, "the strings are built in"
        assert "Ροή" in html or "Δημοσιεύσεις" in html or 'lang="el"' in html, html[:2000]
        stylesheet = re.search(r'href="(/assets/app\.[0-9a-f]+\.css)"', html)
        assert stylesheet, "the screen links its fingerprinted stylesheet"
        status, headers, css = http_get(app_url + stylesheet.group(1))
        assert status == 200 and headers.get("Content-Type", "").startswith("text/css") and len(css) > 1000
    finally:
        app.stop_expecting_clean_exit()
        api.stop_expecting_clean_exit()


def test_logFormatJSON_writesEveryEventAsOneJSONObjectPerLine(relocated, tmp_path):
    port = free_port()
    (tmp_path / "api").mkdir()
    process = subprocess.Popen(
        [str(relocated), "api", "--port", str(port), "--database", str(tmp_path / "api" / "api.sqlite"), "--demo",
         "--log-format", "json"],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        lines = []
        for line in process.stderr:
            lines.append(line)
            if "is running at" in line:
                break
        http_get(f"http://127.0.0.1:{port}/essential-feed/v1/feed?limit=1", signed_in=False)
    finally:
        process.terminate()
        _, rest = process.communicate(timeout=30)
    lines += rest.splitlines(keepends=True)

    assert process.returncode == 0
    events = [json.loads(line) for line in lines]
    assert events[0]["message"].startswith("Essential Feed ")
    assert all({"time", "level", "label", "message"} <= event.keys() for event in events)
    assert any(event.get("fields", {}).get("path") == "/essential-feed/v1/feed" for event in events), lines



UNITS = Path(__file__).resolve().parent.parent / "deploy"


def _unit(name: str) -> dict[str, list[str]]:
    settings: dict[str, list[str]] = {}
    for line in (UNITS / name).read_text().splitlines():
        if "=" in line and not line.startswith(("#", "[")):
            key, value = line.split("=", 1)
            settings.setdefault(key, []).append(value)
    return settings


@pytest.mark.parametrize("name", ["essential-feed-api.service", "essential-feed-app.service"])
def test_theServiceUnit_isHardened_restartsOnFailure_andStopsWithSIGTERM(name):
    unit = _unit(name)

    for key, value in {"NoNewPrivileges": "yes", "ProtectSystem": "strict", "PrivateTmp": "yes", "ProtectHome": "yes",
                       "Restart": "on-failure", "KillSignal": "SIGTERM", "User": "essential-feed"}.items():
        assert unit.get(key) == [value], f"{name}: {key}"
    assert unit["StateDirectory"][0].startswith("essential-feed/")
    assert "--log-format json" in unit["ExecStart"][0]
    assert "health-check" in unit["ExecStartPost"][0] and "/health/ready" in unit["ExecStartPost"][0]


@pytest.mark.parametrize("name", ["essential-feed-api.service", "essential-feed-app.service"])
def test_systemdAnalyze_findsNothingWrongWithTheUnit(name, relocated, tmp_path):
    unit = tmp_path / name
    unit.write_text((UNITS / name).read_text().replace("/usr/local/bin/essential-feed", str(relocated)))

    result = subprocess.run(["systemd-analyze", "verify", "--man=no", str(unit)], capture_output=True, text=True, timeout=60)

    problems = [line for line in (result.stdout + result.stderr).splitlines()
                if str(unit) in line or name in line]
    assert result.returncode == 0 and not problems, result.stdout + result.stderr


def test_theUnitsCommands_startBoth_reportReady_andStopCleanlyOnSIGTERM(relocated, tmp_path):
    """ExecStart and ExecStartPost of both units as written, on free ports and temporary state."""
    api_port, app_port = free_port(), free_port()
    processes = []
    try:
        for name, port, ready_port in [("essential-feed-api.service", api_port, api_port), ("essential-feed-app.service", app_port, app_port)]:
            unit = _unit(name)
            state = tmp_path / unit["StateDirectory"][0]
            state.mkdir(parents=True)

            def localized(command: str) -> list[str]:
                command = (command.replace("/usr/local/bin/essential-feed", str(relocated))
                           .replace("/var/lib/essential-feed/api", str(tmp_path / "essential-feed/api"))
                           .replace("/var/lib/essential-feed/app", str(tmp_path / "essential-feed/app"))
                           .replace("8081", str(api_port)).replace("8080", str(app_port)))
                return command.split()

            log = open(tmp_path / f"{name}.log", "wb")
            processes.append((name, subprocess.Popen(localized(unit["ExecStart"][0]), stdout=log, stderr=subprocess.STDOUT, cwd=state)))
            ready = subprocess.run(localized(unit["ExecStartPost"][0]), capture_output=True, text=True, timeout=90)
            assert ready.returncode == 0, ready.stderr + (tmp_path / f"{name}.log").read_text()

        assert http_get(f"http://127.0.0.1:{app_port}/health/live", signed_in=False)[0] == 200
        assert (tmp_path / "essential-feed/api/api.sqlite").is_file()
    finally:
        for name, process in reversed(processes):
            process.terminate()
            assert process.wait(timeout=30) == 0, f"{name} did not stop cleanly on SIGTERM"
    for name, _ in processes:
        lines = (tmp_path / f"{name}.log").read_text().splitlines()
        assert all(line.startswith("{") and json.loads(line) for line in lines), lines[:5]


def test_backup_copiesTheLiveDatabase_whileTheAPIServes_andNeverOverwrites(relocated, tmp_path):
    api, api_url = start_api(relocated, tmp_path / "api")
    try:
        destination = tmp_path / "backups" / "api.sqlite"
        destination.parent.mkdir()
        command = [str(relocated), "backup", "--database", str(tmp_path / "api" / "api.sqlite"), str(destination)]

        first = subprocess.run(command, capture_output=True, text=True, timeout=60)
        again = subprocess.run(command, capture_output=True, text=True, timeout=60)

        assert first.returncode == 0 and "integrity checked" in first.stdout, first.stderr
        assert again.returncode != 0 and "never overwrites" in again.stderr
        served = json.loads(http_get(api_url + "/v1/feed?limit=3", signed_in=False)[2])["items"]
    finally:
        api.stop_expecting_clean_exit()
    restored, restored_url = start_api(relocated, tmp_path / "backups", demo=False)
    try:
        kept = json.loads(http_get(restored_url + "/v1/feed?limit=3", signed_in=False)[2])["items"]
        assert [item["id"] for item in kept] == [item["id"] for item in served]
    finally:
        restored.stop_expecting_clean_exit()
