"""What's new, for people: the changelog page and its Atom feed."""

from __future__ import annotations

import datetime
from typing import Any

from django.contrib.syndication.views import Feed
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.feedgenerator import Atom1Feed
from django.utils.text import slugify

from oracles.selectors import changelog_since


def changelog(request: HttpRequest) -> HttpResponse:
    return render(request, "changelog.html", {"entries": changelog_since(limit=100)["entries"]})


class ChangelogFeed(Feed):
    feed_type = Atom1Feed
    title = "Forma changelog"
    subtitle = "New oracles, tools and changes to Forma."

    def link(self) -> str:
        return reverse("changelog")

    def items(self) -> list[dict[str, Any]]:
        return changelog_since(limit=50)["entries"]

    def item_title(self, item: dict[str, Any]) -> str:
        return item["title"]

    def item_description(self, item: dict[str, Any]) -> str:
        return item["body"]

    def item_link(self, item: dict[str, Any]) -> str:
        return reverse("changelog") + f"#{item['date']}-{_slug(item['title'])}"

    def item_guid(self, item: dict[str, Any]) -> str:
        return f"forma-changelog:{item['date']}:{_slug(item['title'])}"

    def item_updateddate(self, item: dict[str, Any]) -> datetime.datetime:
        return datetime.datetime.combine(datetime.date.fromisoformat(item["date"]), datetime.time(), tzinfo=datetime.UTC)

    def item_categories(self, item: dict[str, Any]) -> list[str]:
        return [item["category"]]


def _slug(text: str) -> str:
    return slugify(text)[:60]
