"""The program the browser tests drive: started on the ports it is given, stopped by SIGTERM."""

import json
import socket
import subprocess
import time

import harness
from harness import RunningProgram, free_port, http_get, start_api


def test_apiAlone_servesTheDemoFeed_andStopsCleanlyOnSIGTERM(executable, tmp_path):
    api, api_url = start_api(executable, tmp_path / "api")
    try:
        status, headers, body = http_get(api_url + "/v1/feed?limit=3")

        assert status == 200
        items = json.loads(body)["items"]
        assert len(items) == 3
        image_status, image_headers, image = http_get(items[0]["image"])
        assert image_status == 200 and image_headers.get("Content-Type", "").startswith("image/") and image
    finally:
        api.stop_expecting_clean_exit()
    assert (tmp_path / "api" / "api.sqlite").is_file()


def test_program_servesTheAppAndTheAPI_onThePortsItIsGiven(system):
    app_status, app_headers, page = http_get(system.app_url + "/")
    api_status, _, _ = http_get(system.api_url + "/v1/feed?limit=1")

    assert app_status == 200 and app_headers.get("Content-Type", "").startswith("text/html")
    assert b"<html" in page.lower()
    assert api_status == 200


def test_program_tellsTheAddressToOpen(system):
    assert f"Essential Feed is running at {system.app_url}" in system.program.log()


def test_apiAlone_logsTheAddressItRunsAt(executable, tmp_path):
    api, api_url = start_api(executable, tmp_path / "api")
    try:
        wait_for_log(api, f"Essential Feed API is running at {api_url}")
    finally:
        api.stop_expecting_clean_exit()


def wait_for_log(program, text: str, timeout: float = 10.0) -> None:
    deadline = time.monotonic() + timeout
    while text not in program.log():
        assert time.monotonic() < deadline, f"the log never said {text!r}:\n{program.log()}"
        time.sleep(0.05)  # the line is written once the server listens


def test_portOutsideTheRange_isRefused(executable, tmp_path):
    result = subprocess.run([str(executable), "--port", "99999", "--data-dir", str(tmp_path / "data")],
                            capture_output=True, text=True, timeout=30)

    assert result.returncode != 0
    assert "--port must be a port from 1 to 65535, got 99999" in result.stderr
    assert not (tmp_path / "data").exists()


def test_portInUse_isReportedWithThePortAndTheOption_beforeAnythingIsSeeded(executable, tmp_path):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = subprocess.run([str(executable), "--port", str(port), "--api-port", str(free_port()),
                                 "--data-dir", str(tmp_path / "data")], capture_output=True, text=True, timeout=60)

    assert result.returncode != 0
    assert f"Port {port} on 127.0.0.1 is already in use" in result.stderr
    assert "--port" in result.stderr
    assert not (tmp_path / "data" / "api.sqlite").exists(), "the demo data was seeded before the port was checked"


def test_listeningOnEveryAddress_printsAnAddressAnotherDeviceCanOpen(executable, tmp_path):
    port = free_port()
    program = RunningProgram(
        name="essential-feed on 0.0.0.0",
        arguments=[str(executable), "--host", "0.0.0.0", "--port", str(port), "--api-port", str(free_port()),
                   "--data-dir", str(tmp_path / "data")],
        log_path=tmp_path / "all-addresses.log",
        ready_urls=[f"http://127.0.0.1:{port}/"])
    program.start()
    try:
        wait_for_log(program, "Essential Feed is running at http://")
        line = next(line for line in program.log().splitlines() if "is running at" in line)
        address = line.split("is running at http://")[1].rsplit(":", 1)[0]
        assert address != "0.0.0.0"
        assert line.endswith(f":{port}")
    finally:
        program.stop_expecting_clean_exit()


def test_program_onAnExistingDatabase_neitherPaintsNorProcessesTheDemoAgain(executable, tmp_path):
    data = tmp_path / "data"
    first, _ = harness.start_system(executable, data, fresh_demo=True)
    first.stop_expecting_clean_exit()
    assert "Painting the demo feed" in first.log()

    again, _ = harness.start_system(executable, data)
    again.stop_expecting_clean_exit()

    assert "Painting the demo feed" not in again.log()
    assert "The database already has items" in again.log()


def test_app_saysOnceThatItsAPICannotBeReached_andOnceThatItIsBack(executable, tmp_path):
    api, api_url = start_api(executable, tmp_path / "api")
    app, app_url = harness.start_app(executable, api_url, tmp_path / "app")
    try:
        assert http_get(app_url + "/fragments/feed")[0] == 200
        api.stop_expecting_clean_exit()
        for _ in range(3):
            http_get(app_url + "/fragments/feed")
        assert app.log().count("cannot be reached") == 1, app.log()

        port = int(api_url.split(":")[2].split("/")[0])
        api, _ = start_api(executable, tmp_path / "api", port=port)
        for _ in range(2):
            assert http_get(app_url + "/fragments/feed")[0] == 200
        assert app.log().count("answers again") == 1, app.log()
    finally:
        app.stop()
        api.stop()
