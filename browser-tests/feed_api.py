"""Reads the feed API directly, so the tests know what the browser must show."""

from __future__ import annotations

import json
from datetime import datetime
from functools import cached_property

from harness import http_get


class FeedAPI:
    def __init__(self, base_url: str):
        self.base_url = base_url

    def _get_json(self, path: str):
        status, _, body = http_get(self.base_url + path)
        assert status == 200, f"GET {path} answered {status}: {body[:300]!r}"
        return json.loads(body)

    @cached_property
    def all_items(self) -> list[dict]:
        """Every feed item, in feed order, following the keyset pages to the end."""
        items: list[dict] = []
        after = ""
        while True:
            page = self._get_json(f"/v1/feed?limit=50{after}")["items"]
            if not page:
                return items
            items.extend(page)
            after = f"&after_id={page[-1]['id']}"

    def comments(self, image_id: str) -> list[dict]:
        return self._get_json(f"/v1/image/{image_id}/comments")["items"]

    def first_item_with_comment(self, predicate) -> tuple[dict, list[dict]]:
        for item in self.all_items:
            comments = self.comments(item["id"])
            if any(predicate(comment) for comment in comments):
                return item, comments
        raise AssertionError("the demo feed has no item with such a comment")


def parse_iso8601(text: str) -> datetime:
    """Parses both `2020-05-20T11:24:59+0000` and `2020-05-20T11:24:59Z`-style dates."""
    text = text.strip()
    if text.endswith("Z"):
        text = text[:-1] + "+00:00"
    if len(text) >= 5 and text[-5] in "+-" and text[-3] != ":":
        text = text[:-2] + ":" + text[-2:]
    return datetime.fromisoformat(text)
