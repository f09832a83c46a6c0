"""Starts and stops the real `essential-feed` program for the browser tests.

The executable is built beforehand by `scripts/test`; the tests never build it.
Its path comes from `ESSENTIAL_FEED_BIN`, or else from `swift build --show-bin-path`.
"""

from __future__ import annotations

import http.client
import http.cookies
import os
import atexit
import re
import shutil
import signal
import socket
import subprocess
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

REPOSITORY = Path(__file__).resolve().parent.parent
STARTUP_TIMEOUT = 60.0
SHUTDOWN_TIMEOUT = 30.0


def executable_path() -> Path:
    explicit = os.environ.get("ESSENTIAL_FEED_BIN")
    if explicit:
        path = Path(explicit)
    else:
        bin_dir = subprocess.run(
            ["swift", "build", "--show-bin-path"],
            cwd=REPOSITORY, check=True, capture_output=True, text=True,
        ).stdout.strip()
        path = Path(bin_dir) / "essential-feed"
    if not path.is_file() or not os.access(path, os.X_OK):
        raise RuntimeError(
            f"{path} is not an executable: build it first (`swift build --product essential-feed`), "
            "or run the whole suite through scripts/test")
    return path


def free_port() -> int:
    """A loopback port nobody listens on right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


DEMO_USERNAME = "demo"
DEMO_PASSWORD = "essential-feed-demo"

# The account the tests use at each app the harness started (by origin), and the session
# cookie of its log-in there: screens need a session, and most tests are about what a
# person logged in sees. A test about logging in uses its own browser session.
_accounts: dict[str, tuple[str, str]] = {}
_session_cookies: dict[str, str] = {}


def origin_of(url: str) -> str:
    match = re.match(r"^(https?://[^/]+)", url)
    return match.group(1) if match else url


def register_account(app_url: str, username: str = DEMO_USERNAME, password: str = DEMO_PASSWORD) -> None:
    _accounts[origin_of(app_url)] = (username, password)
    _session_cookies.pop(origin_of(app_url), None)


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


def http_request(url: str, method: str = "GET", data: bytes | None = None,
                 headers: dict[str, str] | None = None, timeout: float = 10.0, source: str | None = None):
    """One request, redirects not followed; returns (status, headers, body), never raising on a status.
    `source` is the local address to send from (any of 127.0.0.0/8 on this machine)."""
    if source:
        parts = urllib.parse.urlsplit(url)
        connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=timeout, source_address=(source, 0))
        try:
            connection.request(method, parts.path + (f"?{parts.query}" if parts.query else ""), body=data, headers=headers or {})
            response = connection.getresponse()
            return response.status, response.headers, response.read()
        finally:
            connection.close()
    request = urllib.request.Request(url, data=data, method=method, headers=headers or {})
    opener = urllib.request.build_opener(_NoRedirect)
    try:
        with opener.open(request, timeout=timeout) as response:
            return response.status, response.headers, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.headers, error.read()


def cookies_set_by(headers) -> dict[str, str]:
    jar = http.cookies.SimpleCookie()
    for value in headers.get_all("Set-Cookie") or []:
        jar.load(value)
    return {name: morsel.value for name, morsel in jar.items()}


def log_in(app_url: str, username: str, password: str, extra_cookie: str = "",
           source: str | None = None) -> tuple[int, dict[str, str], str]:
    """Logs in through the form as a browser would (from the local address `source`, if given);
    returns the status, the cookies set, and the page."""
    import urllib.parse
    status, headers, page = http_request(app_url + "/login", source=source)
    nonce = cookies_set_by(headers)
    token = re.search(r'name="csrf_token" value="([^"]+)"', page.decode()).group(1)
    cookie = "; ".join(f"{name}={value}" for name, value in nonce.items())
    body = urllib.parse.urlencode({"username": username, "password": password, "csrf_token": token}).encode()
    status, headers, page = http_request(app_url + "/login", "POST", body, {
        "Content-Type": "application/x-www-form-urlencoded", "Cookie": "; ".join(filter(None, [cookie, extra_cookie])),
        "Origin": origin_of(app_url)}, source=source)
    return status, cookies_set_by(headers), page.decode(errors="replace")


def session_cookie(url: str) -> str | None:
    """`ef_session=…` for the app at `url`, logging in once; `None` for an app the harness did not start."""
    origin = origin_of(url)
    if origin not in _accounts:
        return None
    if origin not in _session_cookies:
        status, cookies, page = log_in(origin, *_accounts[origin])
        assert status == 303 and "ef_session" in cookies, f"logging in to {origin} failed with {status}:\n{page[:2000]}"
        _session_cookies[origin] = f"ef_session={cookies['ef_session']}"
    return _session_cookies[origin]


def http_get(url: str, headers: dict[str, str] | None = None, timeout: float = 10.0, signed_in: bool = True):
    """GET `url` (with the session of the app the harness started there, unless `signed_in` is
    false or the headers carry their own cookie); returns (status, headers, body) and never
    raises on an HTTP error status."""
    headers = dict(headers or {})
    cookie = session_cookie(url) if signed_in and "Cookie" not in headers else None
    if cookie:
        headers["Cookie"] = cookie
    request = urllib.request.Request(url, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            return response.status, response.headers, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.headers, error.read()


@dataclass
class RunningProgram:
    """One `essential-feed` process, with its output kept in a log file."""

    name: str
    arguments: list[str]
    log_path: Path
    ready_urls: list[str]
    process: subprocess.Popen | None = field(default=None, init=False)

    def start(self) -> "RunningProgram":
        log = open(self.log_path, "wb")
        self.process = subprocess.Popen(
            self.arguments, stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
        log.close()
        self._wait_until_ready()
        return self

    def log(self) -> str:
        try:
            return self.log_path.read_text(errors="replace")
        except OSError:
            return ""

    def _wait_until_ready(self) -> None:
        deadline = time.monotonic() + STARTUP_TIMEOUT
        pending = list(self.ready_urls)
        while pending:
            if self.process.poll() is not None:
                raise RuntimeError(
                    f"{self.name} exited with {self.process.returncode} before answering "
                    f"{pending[0]}:\n{self.log()}")
            if time.monotonic() > deadline:
                self.kill()
                raise RuntimeError(f"{self.name} did not answer {pending[0]} in time:\n{self.log()}")
            try:
                # Never signed in: the port may have served an earlier app the harness logged
                # in to, and logging in is not what readiness is about.
                http_get(pending[0], timeout=2.0, signed_in=False)
                pending.pop(0)
            except (urllib.error.URLError, ConnectionError, TimeoutError, OSError):
                time.sleep(0.05)  # polling a port that is not open yet

    def stop(self) -> int:
        """Sends SIGTERM and returns the exit status (killing it if it hangs)."""
        if self.process is None or self.process.poll() is not None:
            return self.process.returncode if self.process else 0
        self.process.send_signal(signal.SIGTERM)
        try:
            return self.process.wait(timeout=SHUTDOWN_TIMEOUT)
        except subprocess.TimeoutExpired:
            self.kill()
            raise RuntimeError(f"{self.name} did not stop within {SHUTDOWN_TIMEOUT} s of SIGTERM:\n{self.log()}")

    def kill(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait()

    def stop_expecting_clean_exit(self) -> None:
        status = self.stop()
        assert status == 0, f"{self.name} exited with {status} after SIGTERM:\n{self.log()}"


@dataclass
class EssentialFeed:
    """Where a running system answers: the app the browser opens and the API behind it."""

    app_url: str
    api_url: str  # the API's base URL, ending in /essential-feed
    program: RunningProgram | None = None


# One demo database per executable, painted once per test session: painting and processing
# the demo's photos takes seconds in a debug build, and most tests only need the demo there.
_demo_databases: dict[Path, Path] = {}


def demo_database(executable: Path) -> Path:
    """An API database as `essential-feed api --demo` leaves it on its first start (made once)."""
    if executable not in _demo_databases:
        directory = Path(tempfile.mkdtemp(prefix="essential-feed-demo-"))
        atexit.register(shutil.rmtree, directory, ignore_errors=True)
        program, _ = start_api(executable, directory / "painted", fresh_demo=True)
        program.stop_expecting_clean_exit()
        _demo_databases[executable] = directory / "painted" / "api.sqlite"
    return _demo_databases[executable]


def _start_from_the_demo(executable: Path, database: Path) -> None:
    """Puts a copy of the painted demo database where a program will open one, unless one is there."""
    if not database.exists():
        database.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(demo_database(executable), database)


def start_system(executable: Path, data_dir: Path,
                 extra_arguments: list[str] | None = None,
                 ports: tuple[int, int] | None = None,
                 fresh_demo: bool = False) -> tuple[RunningProgram, EssentialFeed]:
    """`essential-feed` with no subcommand: the demo API and the app in one process (on
    `ports`, app and API, to start it again where a browser knew it). Its data folder starts
    from a copy of the painted demo unless `fresh_demo` asks to see the program paint it."""
    if not fresh_demo:
        _start_from_the_demo(executable, data_dir / "api.sqlite")
    app_port, api_port = ports or (free_port(), free_port())
    system = EssentialFeed(
        app_url=f"http://127.0.0.1:{app_port}",
        api_url=f"http://127.0.0.1:{api_port}/essential-feed")
    program = RunningProgram(
        name="essential-feed",
        arguments=[str(executable), "--port", str(app_port), "--api-port", str(api_port),
                   "--data-dir", str(data_dir)] + (extra_arguments or []),
        log_path=data_dir.parent / f"{data_dir.name}-essential-feed.log",
        ready_urls=[f"{system.api_url}/v1/feed?limit=1", f"{system.app_url}/favicon.ico"],
    )
    system.program = program
    started = program.start()
    register_account(system.app_url)
    return started, system


def start_api(executable: Path, data_dir: Path, demo: bool = True,
              port: int | None = None, fresh_demo: bool = False) -> tuple[RunningProgram, str]:
    """`essential-feed api [--demo]`: the API alone; returns it and its base URL. With `demo`,
    a new database starts as a copy of the painted demo unless `fresh_demo` is asked."""
    port = port or free_port()
    api_url = f"http://127.0.0.1:{port}/essential-feed"
    data_dir.mkdir(parents=True, exist_ok=True)
    if demo and not fresh_demo:
        _start_from_the_demo(executable, data_dir / "api.sqlite")
    if not demo and origin_of(api_url) not in _api_accounts:
        # Without demo data there is no account to log in with.
        add_account(executable, data_dir / "api.sqlite", "tester", "a tester's long password", api_url)
    program = RunningProgram(
        name="essential-feed api",
        arguments=[str(executable), "api", "--port", str(port),
                   "--database", str(data_dir / "api.sqlite")] + (["--demo"] if demo else []),
        log_path=data_dir.parent / f"{data_dir.name}-api.log",
        ready_urls=[f"{api_url}/v1/feed?limit=1"],
    )
    return program.start(), api_url


def start_app(executable: Path, api_url: str, data_dir: Path) -> tuple[RunningProgram, str]:
    """`essential-feed app --api-url …`: the app alone; returns it and its URL."""
    port = free_port()
    app_url = f"http://127.0.0.1:{port}"
    data_dir.mkdir(parents=True, exist_ok=True)
    program = RunningProgram(
        name="essential-feed app",
        arguments=[str(executable), "app", "--api-url", api_url, "--port", str(port),
                   "--data-dir", str(data_dir)],
        log_path=data_dir.parent / f"{data_dir.name}-app.log",
        # Not a screen: opening one would load the feed and fill the cache a test may want empty.
        ready_urls=[f"{app_url}/favicon.ico"],
    )
    started = program.start()
    register_account(app_url, *_api_accounts.get(origin_of(api_url), (DEMO_USERNAME, DEMO_PASSWORD)))
    return started, app_url


# Accounts added to APIs started without demo data, by API origin.
_api_accounts: dict[str, tuple[str, str]] = {}


def add_account(executable: Path, database: Path, username: str, password: str, api_url: str | None = None) -> None:
    """`essential-feed accounts add`, the password on standard input."""
    database.parent.mkdir(parents=True, exist_ok=True)
    subprocess.run([str(executable), "accounts", "add", username, "--database", str(database)],
                   input=password + "\n", text=True, check=True, capture_output=True, timeout=60)
    if api_url:
        _api_accounts[origin_of(api_url)] = (username, password)
