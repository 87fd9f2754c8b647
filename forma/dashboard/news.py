"""What's new, for people: the changelog page and its Atom feed."""

from __future__ import annotations

import datetime

from django.contrib.syndication.views import Feed
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.feedgenerator import Atom1Feed
from django.utils.text import slugify

from ground.contract import ChangelogItem
from oracles.selectors import changelog_since


def changelog(request: HttpRequest) -> HttpResponse:
    return render(request, "changelog.html", {"entries": changelog_since(limit=100).entries})


class ChangelogFeed(Feed):
    feed_type = Atom1Feed
    title = "Forma changelog"
    subtitle = "New oracles, tools and changes to Forma."

    def link(self) -> str:
        return reverse("changelog")

    def items(self) -> list[ChangelogItem]:
        return changelog_since(limit=50).entries

    def item_title(self, item: ChangelogItem) -> str:
        return item.title

    def item_description(self, item: ChangelogItem) -> str:
        return item.body

    def item_link(self, item: ChangelogItem) -> str:
        return reverse("changelog") + f"#{item.date.isoformat()}-{_slug(item.title)}"

    def item_guid(self, item: ChangelogItem) -> str:
        return f"forma-changelog:{item.date.isoformat()}:{_slug(item.title)}"

    def item_updateddate(self, item: ChangelogItem) -> datetime.datetime:
        return datetime.datetime.combine(item.date, datetime.time(), tzinfo=datetime.UTC)

    def item_categories(self, item: ChangelogItem) -> list[str]:
        return [item.category]


def _slug(text: str) -> str:
    return slugify(text)[:60]
