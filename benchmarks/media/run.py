#!/usr/bin/env python3
"""What the media pipeline costs, through the real program:

1. `essential-feed import` of 12-megapixel JPEGs with one job and with one per core, in one
   run: photos per second each, and their ratio.
2. The bytes of each rendition of those photos, from the database the import wrote.
3. The peak resident memory of an import of one 50-megapixel JPEG, next to that of a
   1-megapixel one (the process's own baseline).
4. Upload latency: `POST /essential-feed/v1/images` of a photo of about 4 MB, one at a time,
   to the API server; the median and the 90th percentile. And the same photo posted as a
   browser does, to the app's New post form (`POST /fragments/new`), which reads it and
   forwards it to the API: the two alternate in one run, and their ratio is the app's cost.

The photos are painted by `essential-feed sample-photos` (gradients with grain, encoded by
libvips). Needs a release build (ESSENTIAL_FEED_BIN, else built here). Not part of the tests.

Usage: benchmarks/media/run.py   (env: PHOTOS=16 UPLOADS=20 ONLY=upload)
"""

from __future__ import annotations

import json
import os
import resource
import socket
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "benchmarks"))
from release_program import release_program  # noqa: E402  (the build every benchmark measures)
PHOTOS = int(os.environ.get("PHOTOS", "16"))
UPLOADS = int(os.environ.get("UPLOADS", "20"))
ONLY = os.environ.get("ONLY", "")
PASSWORD = "media-benchmark-password"


def binary() -> Path:
    return release_program("ESSENTIAL_FEED_BIN")


def run(program: Path, *arguments: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([str(program), *arguments], input=stdin, text=True, capture_output=True, check=True)


def add_account(program: Path, database: Path) -> None:
    run(program, "accounts", "add", "bench", "--database", str(database), stdin=PASSWORD + "\n")


def sample_photos(program: Path, folder: Path, count: int, width: int, height: int, grain: int = 12) -> list[Path]:
    run(program, "sample-photos", str(folder), "--count", str(count), "--width", str(width), "--height", str(height),
        "--grain", str(grain))
    return sorted(folder.glob("*.jpg"))


def timed_import(program: Path, folder: Path, database: Path, jobs: int) -> float:
    add_account(program, database)
    started = time.perf_counter()
    run(program, "import", str(folder), "--database", str(database), "--author", "bench", "--jobs", str(jobs))
    return time.perf_counter() - started


def peak_memory_mib(program: Path, folder: Path, database: Path) -> float:
    """The peak resident set of one import, measured in a process of its own."""
    add_account(program, database)
    measure = (
        "import resource, subprocess, sys\n"
        "subprocess.run(sys.argv[1:], check=True, capture_output=True)\n"
        "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)\n"
    )
    output = subprocess.run(
        [sys.executable, "-c", measure, str(program), "import", str(folder), "--database", str(database), "--author", "bench"],
        check=True, capture_output=True, text=True).stdout
    return int(output.strip()) / 1024


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait_until_answering(url: str) -> None:
    for _ in range(300):
        try:
            urllib.request.urlopen(url, timeout=1).read()
            return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError(f"{url} does not answer")


def multipart(fields: dict[str, str], photo: bytes) -> tuple[bytes, str]:
    boundary = uuid.uuid4().hex
    body = b"".join(f"--{boundary}\r\nContent-Disposition: form-data; name=\"{name}\"\r\n\r\n{value}\r\n".encode()
                    for name, value in fields.items())
    body += (f"--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"photo.jpg\"\r\n"
             f"Content-Type: image/jpeg\r\n\r\n").encode() + photo + f"\r\n--{boundary}--\r\n".encode()
    return body, f"multipart/form-data; boundary={boundary}"


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


def app_session(app: str) -> tuple[str, str]:
    """Logs in through the app's form as a browser does: the session cookie and the CSRF token of its forms."""
    opener = urllib.request.build_opener(NoRedirect)
    with opener.open(app + "/login", timeout=10) as page:
        nonce = page.headers["Set-Cookie"].split(";")[0]
        html = page.read().decode()
    token = html.split('name="csrf_token" value="')[1].split('"')[0]
    form = urllib.parse.urlencode({"username": "bench", "password": PASSWORD, "csrf_token": token}).encode()
    request = urllib.request.Request(app + "/login", method="POST", data=form, headers={
        "Content-Type": "application/x-www-form-urlencoded", "Cookie": nonce, "Sec-Fetch-Site": "same-origin"})
    try:
        opener.open(request, timeout=30)
        raise RuntimeError("logging in to the app did not redirect")
    except urllib.error.HTTPError as redirect:
        cookie = next(v for k, v in redirect.headers.items() if k == "Set-Cookie" and v.startswith("ef_session="))
    cookie = cookie.split(";")[0]
    with urllib.request.urlopen(urllib.request.Request(app + "/new", headers={"Cookie": cookie}), timeout=10) as page:
        html = page.read().decode()
    return cookie, html.split('name="csrf_token" value="')[1].split('"')[0]


def timed_post(request: urllib.request.Request) -> float:
    started = time.perf_counter()
    with urllib.request.urlopen(request, timeout=60) as response:
        response.read()
        assert response.status == 201, response.status
    return time.perf_counter() - started


def upload_latencies(program: Path, photo: Path, directory: Path) -> tuple[list[float], list[float]]:
    """Each upload straight to the API, then the same through the app's form, alternating."""
    database = directory / "upload.sqlite"
    add_account(program, database)
    port, app_port = free_port(), free_port()
    base = f"http://127.0.0.1:{port}/essential-feed/v1"
    app = f"http://127.0.0.1:{app_port}"
    server = subprocess.Popen([str(program), "api", "--port", str(port), "--database", str(database)],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    app_server = subprocess.Popen([str(program), "app", "--api-url", base.removesuffix("/v1"), "--port", str(app_port),
                                   "--data-dir", str(directory / "app")], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        wait_until_answering(base + "/feed")
        wait_until_answering(app + "/favicon.ico")
        login = urllib.request.Request(base + "/sessions", method="POST", headers={"Content-Type": "application/json"},
                                       data=json.dumps({"username": "bench", "password": PASSWORD}).encode())
        token = json.load(urllib.request.urlopen(login))["token"]
        cookie, csrf = app_session(app)
        content = photo.read_bytes()
        direct, through_app = [], []
        for index in range(UPLOADS):
            body, content_type = multipart({"description": f"upload {index}"}, content)
            direct.append(timed_post(urllib.request.Request(base + "/images", method="POST", data=body, headers={
                "Content-Type": content_type, "Authorization": f"Bearer {token}"})))
            body, content_type = multipart({"csrf_token": csrf, "description": f"posted {index}"}, content)
            through_app.append(timed_post(urllib.request.Request(app + "/fragments/new", method="POST", data=body, headers={
                "Content-Type": content_type, "Cookie": cookie, "Sec-Fetch-Site": "same-origin"})))
        return direct, through_app
    finally:
        for process in (app_server, server):
            process.terminate()
            process.wait(timeout=30)


def main() -> None:
    program = binary()
    with tempfile.TemporaryDirectory() as temporary:
        directory = Path(temporary)
        if ONLY != "upload":
            measure_import_and_memory(program, directory)
        upload = sample_photos(program, directory / "upload", 1, 4000, 3000, grain=20)[0]
        direct, through_app = (sorted(latencies) for latencies in upload_latencies(program, upload, directory))
        for name, latencies in (("to the API", direct), ("through the app's New post form", through_app)):
            print(f"upload of a {upload.stat().st_size / 1e6:.1f} MB photo {name}, one at a time: median "
                  f"{statistics.median(latencies) * 1000:.0f} ms, p90 {latencies[int(len(latencies) * 0.9) - 1] * 1000:.0f} ms "
                  f"({len(latencies)} uploads)")
        print(f"through the app / to the API (medians): {statistics.median(through_app) / statistics.median(direct):.2f}x")


def measure_import_and_memory(program: Path, directory: Path) -> None:
    """Figures 1 to 3: import throughput, bytes per rendition, peak memory."""
    photos = sample_photos(program, directory / "12mp", PHOTOS, 4000, 3000)
    average = statistics.mean(p.stat().st_size for p in photos) / 1e6
    print(f"{len(photos)} photos of 4000 × 3000 (12 MP), {average:.1f} MB each on average")

    one_job = timed_import(program, directory / "12mp", directory / "one.sqlite", jobs=1)
    both = timed_import(program, directory / "12mp", directory / "both.sqlite", jobs=os.cpu_count() or 2)
    print(f"import, 1 job: {len(photos) / one_job:.2f} photos/s; one per core ({os.cpu_count()}): "
          f"{len(photos) / both:.2f} photos/s ({one_job / both:.2f}x)")

    database = sqlite3.connect(directory / "both.sqlite")
    for name in ["thumb", "small", "regular", "full"]:
        (size,) = database.execute(
            "SELECT avg(length(image.data)) FROM feed_item_rendition JOIN image ON image.digest = image_digest "
            "WHERE name = ?", (name,)).fetchone()
        print(f"rendition {name}: {size / 1000:.0f} KB on average")
    database.close()

    sample_photos(program, directory / "1mp", 1, 1200, 900)
    large = sample_photos(program, directory / "50mp", 1, 8660, 5773)
    baseline = peak_memory_mib(program, directory / "1mp", directory / "1mp.sqlite")
    peak = peak_memory_mib(program, directory / "50mp", directory / "50mp.sqlite")
    print(f"peak resident memory, import of one photo: 1 MP {baseline:.0f} MiB, 50 MP ({large[0].stat().st_size / 1e6:.1f} MB) "
          f"{peak:.0f} MiB")


if __name__ == "__main__":
    main()
