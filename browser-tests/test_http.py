"""HTTP as clients other than browsers see it: HEAD, 405 with Allow, compression, and
fingerprinted assets kept for good — on the app and on the API."""

import gzip
import re
import urllib.request

import pytest

from harness import http_get, session_cookie


def request(url: str, method: str = "GET", headers: dict | None = None):
    headers = dict(headers or {})
    cookie = session_cookie(url)
    if cookie and "Cookie" not in headers:
        headers["Cookie"] = cookie
    req = urllib.request.Request(url, method=method, headers=headers)
    try:
        with urllib.request.urlopen(req, timeout=10) as response:
            return response.status, response.headers, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.headers, error.read()


def app_paths(system, feed_api) -> list[str]:
    item = feed_api.all_items[0]
    _, _, page = http_get(system.app_url + "/")
    asset = re.search(rb'href="(/assets/app\.[0-9a-f]{16}\.css)"', page).group(1).decode()
    return ["/", f"/images/{item['id']}/comments", "/fragments/feed", f"/fragments/images/{item['id']}/comments",
            f"/feed-images/{item['id']}", asset, "/favicon.ico"]


def test_head_answersEveryGetRouteOfTheApp_withItsHeadersAndNoBody(system, feed_api):
    for path in app_paths(system, feed_api):
        get_status, get_headers, _ = request(system.app_url + path)
        head_status, head_headers, body = request(system.app_url + path, method="HEAD")

        assert head_status == get_status == 200, path
        assert body == b"", path
        assert head_headers.get("Content-Type") == get_headers.get("Content-Type"), path


def test_head_answersTheAPI(system):
    status, headers, body = request(system.api_url + "/v1/feed", method="HEAD")

    assert status == 200 and body == b""
    assert headers.get("Content-Type", "").startswith("application/json")


@pytest.mark.parametrize("path", ["/", "/fragments/feed"])
def test_otherMethods_get405WithAllow(system, path):
    for method in ("POST", "PUT", "DELETE", "PATCH"):
        status, headers, _ = request(system.app_url + path, method=method)

        assert status == 405, f"{method} {path}"
        assert headers.get("Allow") == "GET, HEAD"


def test_apiOtherMethods_get405WithAllow(system):
    status, headers, _ = request(system.api_url + "/v1/feed", method="DELETE")

    assert status == 405
    assert "GET" in headers.get("Allow", "")


def test_textResponses_areGzipped_forClientsThatTakeGzip_only(system, feed_api):
    for url in [system.app_url + "/", system.app_url + "/fragments/feed", system.api_url + "/v1/feed"]:
        plain_status, plain_headers, plain = request(url)
        status, headers, compressed = request(url, headers={"Accept-Encoding": "gzip, deflate, br"})

        assert plain_status == status == 200, url
        assert plain_headers.get("Content-Encoding") is None, url
        assert headers.get("Content-Encoding") == "gzip", url
        assert "Accept-Encoding" in ",".join(headers.get_all("Vary") or []), url
        assert len(compressed) < len(plain) / 2, f"{url}: {len(compressed)} of {len(plain)} bytes"
        assert len(gzip.decompress(compressed)) > len(plain) * 0.9, url


def test_images_areNotCompressedAgain(system, feed_api):
    item = feed_api.all_items[0]
    _, headers, _ = request(f"{system.app_url}/feed-images/{item['id']}", headers={"Accept-Encoding": "gzip"})

    assert headers.get("Content-Encoding") is None


def test_screens_linkFingerprintedAssets_servedImmutable_andPreloadTheirModules(system):
    _, _, page = http_get(system.app_url + "/")
    html = page.decode()
    links = re.findall(r'(?:href|src)="(/assets/[^"]+)"', html)

    assert len(links) >= 4
    for link in links:
        assert re.fullmatch(r"/assets/[a-z0-9-]+\.[0-9a-f]{16}\.(css|js|svg|png|webmanifest)", link), link
        status, headers, _ = request(system.app_url + link)
        assert status == 200, link
        assert "immutable" in headers.get("Cache-Control", ""), link
        assert "max-age=31536000" in headers.get("Cache-Control", ""), link
    preloaded = re.findall(r'<link rel="modulepreload" href="([^"]+)"', html)
    # Every module feed.js imports, directly or through another, and nothing else.
    assert sorted(re.sub(r"\.[0-9a-f]{16}\.js$", ".js", path) for path in preloaded) == [
        "/assets/blurhash.js", "/assets/feed-images.js", "/assets/feed-place.js", "/assets/follow.js", "/assets/image-events.js", "/assets/in-place.js",
        "/assets/likes.js", "/assets/offline.js", "/assets/screen.js"]
    assert all(re.fullmatch(r"/assets/[a-z-]+\.[0-9a-f]{16}\.js", path) for path in preloaded)
