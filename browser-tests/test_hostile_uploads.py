"""A photo crafted to exhaust the API, as an attacker sends it: refused before decoding, two at
once, while log-ins go on answering. The API and the app run as two processes."""

import json
import re
import uuid
from concurrent.futures import ThreadPoolExecutor

from harness import DEMO_PASSWORD, DEMO_USERNAME, http_request


def api_token(api_url: str) -> str:
    body = json.dumps({"username": DEMO_USERNAME, "password": DEMO_PASSWORD}).encode()
    status, _, answer = http_request(api_url + "/v1/sessions", "POST", body, {"Content-Type": "application/json"}, timeout=60)
    assert status == 201, answer[:300]
    return json.loads(answer)["token"]


def with_repeated_last_scan(progressive: bytes, count: int) -> bytes:
    """The file's last scan repeated before its end: each repetition is another pass over the image."""
    last = progressive.rfind(b"\xff\xda")
    return progressive[:-2] + progressive[last:-2] * count + b"\xff\xd9"


def upload(api_url: str, token: str, photo: bytes):
    boundary = uuid.uuid4().hex
    body = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"photo.jpg\"\r\n"
            f"Content-Type: image/jpeg\r\n\r\n").encode() + photo + f"\r\n--{boundary}--\r\n".encode()
    return http_request(api_url + "/v1/images", "POST", body, {
        "Content-Type": f"multipart/form-data; boundary={boundary}", "Authorization": f"Bearer {token}"}, timeout=120)


def test_aJPEGOfThousandsOfScans_isRefusedBeforeDecoding_twiceAtOnce_whileLogInsAnswer(separate_parts):
    api_url = separate_parts.api_url
    token = api_token(api_url)
    feed = json.loads(http_request(api_url + "/v1/feed?limit=1")[2])
    status, _, progressive = http_request(feed["items"][0]["urls"]["full"])
    assert status == 200 and progressive[:3] == b"\xff\xd8\xff"
    crafted = with_repeated_last_scan(progressive, 2_647)
    items_before = len(json.loads(http_request(api_url + "/v1/feed?limit=50")[2])["items"])

    with ThreadPoolExecutor(max_workers=3) as pool:
        uploads = [pool.submit(upload, api_url, token, crafted) for _ in range(2)]
        log_in = pool.submit(api_token, api_url)
        answers = [future.result() for future in uploads]
        assert log_in.result()

    for status, _, body in answers:
        assert status == 422, body[:300]
        problem = json.loads(body)
        assert problem["type"] == "/essential-feed/problems/photo-too-complex"
        assert re.search(r"2,?6\d\d passes", problem["detail"]), problem["detail"]
    assert len(json.loads(http_request(api_url + "/v1/feed?limit=50")[2])["items"]) == items_before, "a refused photo was published"
