"""Fixtures: the real `essential-feed` program and headless Chromium drivers."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest

import harness
from browser import make_driver
from feed_api import FeedAPI


@pytest.fixture(scope="session")
def executable():
    return harness.executable_path()


@pytest.fixture(scope="session")
def system(executable, tmp_path_factory):
    """The whole program as a user runs it: demo API and app in one process, on free ports."""
    data_dir = tmp_path_factory.mktemp("system") / "data"
    program, running = harness.start_system(executable, data_dir, fresh_demo=True)
    try:
        yield running
    finally:
        program.stop_expecting_clean_exit()
        assert data_dir.is_dir(), "the program did not create its --data-dir"


@pytest.fixture(scope="session")
def feed_api(system):
    api = FeedAPI(system.api_url)
    assert len(api.all_items) > 10, "the demo feed should have more than one page of items"
    return api


@pytest.fixture
def driver():
    created = make_driver()
    try:
        yield created
    finally:
        created.quit()


@pytest.fixture
def make_browser():
    """Makes drivers with another language or text size; quits them after the test."""
    created = []

    def make(**options):
        driver = make_driver(**options)
        created.append(driver)
        return driver

    try:
        yield make
    finally:
        for driver in created:
            driver.quit()


@dataclass
class SeparateParts:
    """The API and the app as two processes, so a test can take the API away."""

    executable: Path
    api_data_dir: Path
    api: harness.RunningProgram
    api_url: str
    app: harness.RunningProgram
    app_url: str

    def stop_api(self) -> None:
        self.api.stop_expecting_clean_exit()

    def restart_api(self) -> None:
        """Starts the API again on the same port and database."""
        port = int(self.api_url.split(":")[2].split("/")[0])
        self.api, _ = harness.start_api(self.executable, self.api_data_dir, port=port)


def pytest_configure(config):
    config.addinivalue_line("markers", "empty_api: the separate API starts on an empty database")


@pytest.fixture
def separate_parts(executable, tmp_path, request):
    demo = request.node.get_closest_marker("empty_api") is None
    api_data_dir = tmp_path / "api"
    api, api_url = harness.start_api(executable, api_data_dir, demo=demo)
    try:
        app, app_url = harness.start_app(executable, api_url, tmp_path / "app")
    except Exception:
        api.kill()
        raise
    try:
        parts = SeparateParts(executable, api_data_dir, api, api_url, app, app_url)
        # Logged in while the API answers, as a person is before a test takes the API away.
        harness.session_cookie(app_url)
        yield parts
    finally:
        try:
            app.stop_expecting_clean_exit()
        finally:
            parts.api.stop_expecting_clean_exit()
