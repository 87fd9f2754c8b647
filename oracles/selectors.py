"""Reads: the catalogue and the changelog."""

from __future__ import annotations

import datetime
from typing import Any

from forma.errors import not_found
from forma.inputs import parse_day

from .models import ChangelogEntry, Oracle


def oracle_list() -> list[dict[str, Any]]:
    return [oracle_describe(o) for o in Oracle.objects.filter(is_active=True)]


def oracle_describe(oracle: Oracle) -> dict[str, Any]:
    return {
        "name": oracle.name,
        "title": oracle.title,
        "description": oracle.description,
        "formats": list(oracle.formats),
        "default_format": oracle.default_format,
        "drawable_formats": list(oracle.drawable_formats),
        "price": oracle.price,
    }


def oracle_get(*, name: str) -> Oracle:
    oracle = Oracle.objects.filter(name=name, is_active=True).first()
    if oracle is None:
        names = list(Oracle.objects.filter(is_active=True).values_list("name", flat=True))
        raise not_found(f"No oracle named {name!r}. Call list_oracles; available: {', '.join(names)}.", oracles=names)
    return oracle


def parse_since(since: str | None) -> datetime.date | None:
    if since is None:
        return None
    return parse_day("since", since, hint="Pass the 'latest' from an earlier whats_new call, or leave it out.")


def changelog_since(*, since: str | None = None, limit: int = 50) -> dict[str, Any]:
    """Published entries newest first, only those effective after `since`; `latest` to pass next time."""
    day = parse_since(since)
    entries = ChangelogEntry.objects.filter(published_at__isnull=False)
    latest = entries.order_by("-effective_on").values_list("effective_on", flat=True).first()
    if day is not None:
        entries = entries.filter(effective_on__gt=day)
    items = [
        {"date": e.effective_on.isoformat(), "category": e.category, "title": e.title, "body": e.body}
        for e in entries.order_by("-effective_on", "-id")[:limit]
    ]
    return {"entries": items, "latest": latest.isoformat() if latest else (since or None)}
