"""The program the browser tests drive: started on the ports it is given, stopped by SIGTERM."""

import json

from harness import http_get, start_api


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
