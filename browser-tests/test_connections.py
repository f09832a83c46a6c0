"""The real program's connections: kept alive, closed after the timeouts it is given, and a
stop under load with requests aborted mid-flight that ends within five seconds."""

import http.client
import re
import socket
import threading
import time

from harness import http_get, session_cookie, start_system

STOP_LIMIT = 5.0


def test_program_servesSeveralRequestsOnOneConnection_onEveryKindOfRoute(system):
    status, _, fragment = http_get(system.app_url + "/fragments/feed")
    image_id = re.search(rb'data-image-id="([0-9A-F-]{36})"', fragment).group(1).decode()
    connection = http.client.HTTPConnection("127.0.0.1", int(system.app_url.rsplit(":", 1)[1]), timeout=10)
    try:
        for path in ["/", "/fragments/feed", f"/feed-images/{image_id}", f"/fragments/images/{image_id}/comments",
                     "/assets/app.css", "/fragments/feed"]:
            connection.request("GET", path, headers={"Cookie": session_cookie(system.app_url)})
            response = connection.getresponse()
            response.read()
            assert response.status == 200, path
            assert response.getheader("Connection") is None, path
            assert not response.will_close, path
        assert connection.sock is not None, "the connection was closed"
    finally:
        connection.close()


def test_program_closesASilentConnectionAfterTheKeepAliveTimeoutItIsGiven(executable, tmp_path):
    program, system = start_system(executable, tmp_path / "data", ["--keep-alive-timeout", "0.5"])
    try:
        with socket.create_connection(("127.0.0.1", _port(system.app_url)), timeout=10) as connection:
            started = time.monotonic()
            assert connection.recv(1) == b"", "the server closes the connection without answering"
            assert time.monotonic() - started < 5
    finally:
        program.stop_expecting_clean_exit()


def test_program_closesAConnectionWhoseHeadTrickles_afterTheHeaderReadTimeoutItIsGiven(executable, tmp_path):
    program, system = start_system(executable, tmp_path / "data", ["--header-read-timeout", "0.5"])
    try:
        with socket.create_connection(("127.0.0.1", _port(system.app_url)), timeout=10) as connection:
            started = time.monotonic()
            closed = False
            for byte in b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: " + b"s" * 200:
                try:
                    connection.sendall(bytes([byte]))
                except OSError:
                    closed = True
                    break
                time.sleep(0.02)
            if not closed:
                assert connection.recv(1) == b""
            assert time.monotonic() - started < 5, "closed well before the head could have been sent"
    finally:
        program.stop_expecting_clean_exit()


def test_program_underLoadWithAbortedRequests_stopsWithinFiveSecondsOfSIGTERM(executable, tmp_path):
    program, system = start_system(executable, tmp_path / "data")
    _, _, fragment = http_get(system.app_url + "/fragments/feed")
    image_id = re.search(rb'data-image-id="([0-9A-F-]{36})"', fragment).group(1).decode()
    paths = ["/fragments/feed", f"/feed-images/{image_id}", f"/fragments/images/{image_id}/comments", "/"]
    stop = threading.Event()
    port = _port(system.app_url)
    cookie = session_cookie(system.app_url)

    def hammer(worker: int) -> None:
        count = 0
        while not stop.is_set():
            path = paths[(worker + count) % len(paths)]
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=5) as connection:
                    connection.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: {cookie}\r\n\r\n".encode())
                    if count % 3:
                        connection.recv(65536)
            except OSError:
                pass  # refused or reset once the program stops
            count += 1

    workers = [threading.Thread(target=hammer, args=(index,)) for index in range(32)]
    for worker in workers:
        worker.start()
    try:
        time.sleep(1.5)  # let the load build up before the signal
        started = time.monotonic()
        status = program.stop()
        stopped_in = time.monotonic() - started
    finally:
        stop.set()
        for worker in workers:
            worker.join()
    assert status == 0, program.log()
    assert stopped_in < STOP_LIMIT, f"stopped {stopped_in:.1f} s after SIGTERM"


def _port(url: str) -> int:
    return int(url.rsplit(":", 1)[1])
