"""Accounts from the command line, then a log-in at the real API with them."""

import json
import subprocess
import urllib.request

from harness import start_api


def accounts(executable, database, *arguments, password=None):
    return subprocess.run([str(executable), "accounts", *arguments, "--database", str(database)],
                          input=password, capture_output=True, text=True, timeout=60)


def log_in(api_url, username, password):
    request = urllib.request.Request(
        api_url + "/v1/sessions", method="POST", headers={"Content-Type": "application/json"},
        data=json.dumps({"username": username, "password": password}).encode())
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def test_accountAddedFromAPipe_logsInAtTheAPI_andATakenNameOrShortPasswordIsRefused(executable, tmp_path):
    database = tmp_path / "api" / "api.sqlite"
    added = accounts(executable, database, "add", "ada", "--name", "Ada Lovelace", password="analytical engine\n")
    assert added.returncode == 0, added.stderr

    taken = accounts(executable, database, "add", "ADA", password="another long password\n")
    assert taken.returncode != 0 and "taken" in taken.stderr
    short = accounts(executable, database, "add", "grace", password="short\n")
    assert short.returncode != 0 and "at least 10 characters" in short.stderr
    listed = accounts(executable, database, "list")
    assert listed.stdout.startswith("ada\tAda Lovelace\t")

    api, api_url = start_api(executable, tmp_path / "api", demo=False)
    try:
        status, body = log_in(api_url, "ada", "analytical engine")
        assert status == 201 and body["user"] == {
            "username": "ada", "name": "Ada Lovelace", "display_name": "Ada Lovelace", "avatar": None}
        wrong_status, wrong = log_in(api_url, "ada", "not the password")
        unknown_status, unknown = log_in(api_url, "nobody", "analytical engine")
        assert wrong_status == unknown_status == 401 and wrong == unknown
    finally:
        api.stop_expecting_clean_exit()
