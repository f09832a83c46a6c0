"""The news as the API serves it, read once, for tests to know what the screens should show."""

from __future__ import annotations

import json
import urllib.request


class NewsAPI:
    def __init__(self, api_url: str):
        self.api_url = api_url
        with urllib.request.urlopen(api_url + "/v1/news", timeout=10) as response:
            self.news = json.loads(response.read())
        self.items = self.news["items"]

    def of_type(self, kind: str) -> list[dict]:
        return [item for item in self.items if item["type"] == kind]

    def story(self, story_id: str) -> dict:
        with urllib.request.urlopen(f"{self.api_url}/v1/news/stories/{story_id}", timeout=10) as response:
            return json.loads(response.read())

    def story_with_decorative_image(self) -> dict:
        for summary in self.of_type("story"):
            story = self.story(summary["id"])
            if any(block["type"] == "image" and block["image"]["alt"] == "" for block in story["contents"]):
                return story
        raise AssertionError("the demo news has no story with a decorative image")
