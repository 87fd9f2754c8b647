"""Reads: the catalogue and the changelog."""

from __future__ import annotations

import base64
import datetime
import hashlib
import logging
from dataclasses import dataclass
from typing import Any

import redis.exceptions
from django.conf import settings
from django.core.cache import cache
from django.db.models import Count, Q, QuerySet, Sum

from accounts import loop_cache
from accounts.models import LedgerEntry, Organization
from ground import contract
from ground.errors import not_found
from ground.inputs import parse_day

from .dispatch import TaskFailed, run_task
from .engine import REGISTRY
from .models import Answer, ChangelogEntry, Oracle
from .tasks import check_intent, render_figure

logger = logging.getLogger("forma.oracles")


# The catalogue and the changelog are read on every list_oracles / whats_new call and
# change only when staff publish: cached until then (oracles/receivers.py drops them
# after a save or delete commits). The timeout is a safety net for rows changed behind
# the ORM's back (a data migration, a bulk update). Cached as plain JSON; typed on the way out.
CATALOGUE_CACHE_SECONDS = 300
CHANGELOG_CACHED_ENTRIES = 500  # newest first; more than any `limit` a caller can ask for


def catalogue_cache_key() -> str:
    return f"{settings.FORMA['REDIS_PREFIX']}:catalogue:v3"


def changelog_cache_key() -> str:
    return f"{settings.FORMA['REDIS_PREFIX']}:changelog:v1"


def oracles_by_name_cache_key() -> str:
    return f"{settings.FORMA['REDIS_PREFIX']}:oracles-by-name:v1"


def catalogue_forget() -> None:
    try:
        cache.delete_many([catalogue_cache_key(), changelog_cache_key(), oracles_by_name_cache_key()])
    except (redis.exceptions.ConnectionError, redis.exceptions.TimeoutError):
        logger.exception("could not drop the cached catalogue; it expires within %d s", CATALOGUE_CACHE_SECONDS)


SUMMARY_MAX_CHARS = 160


def oracle_summary(description: str) -> str:
    """The description's first sentence, on one line, at most SUMMARY_MAX_CHARS."""
    text = " ".join(description.split())
    end = text.find(". ")
    sentence = text if end < 0 else text[: end + 1]
    if len(sentence) <= SUMMARY_MAX_CHARS:
        return sentence
    return sentence[: SUMMARY_MAX_CHARS - 1].rsplit(" ", 1)[0].rstrip(",;:") + "…"


def _served() -> QuerySet[Oracle]:
    # An active row whose kind is not registered serves nothing (the system check says so): not listed, not found.
    return Oracle.objects.filter(is_active=True, kind__in=REGISTRY.names())


def oracle_list() -> list[contract.Oracle]:
    """The catalogue as list_oracles returns it: small per oracle, whatever the catalogue's size."""
    oracles = cache.get(catalogue_cache_key())
    if oracles is None:
        oracles = [oracle_describe(o).model_dump(mode="json") for o in _served()]
        cache.set(catalogue_cache_key(), oracles, timeout=CATALOGUE_CACHE_SECONDS)
    return [contract.Oracle.model_validate(o) for o in oracles]


async def oracle_list_cached() -> list[contract.Oracle] | None:
    """oracle_list() from the cache without leaving the event loop; None when it is not cached."""
    oracles = await loop_cache.get(catalogue_cache_key())
    return None if oracles is None else [contract.Oracle.model_validate(o) for o in oracles]


def oracles_served() -> list[Oracle]:
    """The catalogue rows served, with their full descriptions (the public docs show them)."""
    return list(_served())


def oracle_kinds() -> list[tuple[str, str, list[str]]]:
    """(name, kind, formats) of each oracle served: the REST document's per-oracle request variants."""
    return [(o.name, o.kind, list(o.formats)) for o in _served()]


def oracle_describe(oracle: Oracle) -> contract.Oracle:
    """One catalogue entry. The full description stays with the oracle (admin, the served docs)."""
    return contract.Oracle(
        name=oracle.name, title=oracle.title, summary=oracle_summary(oracle.description), formats=list(oracle.formats),
        default_format=oracle.default_format, drawable_formats=list(oracle.drawable_formats), price=oracle.price,
    )


def _served_by_name() -> dict[str, Oracle]:
    # Every ask reads its oracle's row (price, formats): cached with the catalogue and dropped with
    # it (oracles/receivers.py), so a price change applies to the next ask, as a read would.
    served = cache.get(oracles_by_name_cache_key())
    if served is None:
        served = {o.name: o for o in _served()}
        cache.set(oracles_by_name_cache_key(), served, timeout=CATALOGUE_CACHE_SECONDS)
    return served


def oracle_get(*, name: str) -> Oracle:
    served = _served_by_name()
    oracle = served.get(name)
    if oracle is None:
        names = sorted(served)
        raise not_found(f"No oracle named {name!r}. Call list_oracles; available: {', '.join(names)}.", oracles=names)
    return oracle


def parse_since(since: str | None) -> datetime.date | None:
    if since is None:
        return None
    return parse_day("since", since, hint="Pass the 'latest' from an earlier whats_new call, or leave it out.")


def _published_changelog() -> list[dict[str, Any]]:
    entries = cache.get(changelog_cache_key())
    if entries is None:
        rows = ChangelogEntry.objects.filter(published_at__isnull=False).order_by("-effective_on", "-id")
        entries = [
            {"date": e.effective_on.isoformat(), "category": e.category, "title": e.title, "body": e.body}
            for e in rows[:CHANGELOG_CACHED_ENTRIES]
        ]
        cache.set(changelog_cache_key(), entries, timeout=CATALOGUE_CACHE_SECONDS)
    return entries


def _changelog_page(entries: list[dict[str, Any]], since: str | None, limit: int) -> contract.Changelog:
    day = parse_since(since)
    latest = entries[0]["date"] if entries else None
    newer = [e for e in entries if day is None or e["date"] > day.isoformat()]  # ISO dates sort as text
    return contract.Changelog.model_validate({"entries": newer[:limit], "latest": latest or (since or None)})


def changelog_since(*, since: str | None = None, limit: int = 50) -> contract.Changelog:
    """Published entries newest first, only those effective after `since`; `latest` to pass next time."""
    return _changelog_page(_published_changelog(), since, min(limit, CHANGELOG_CACHED_ENTRIES))


async def changelog_since_cached(*, since: str | None = None, limit: int = 50) -> contract.Changelog | None:
    """changelog_since() from the cache without leaving the event loop; None when it is not cached."""
    entries = await loop_cache.get(changelog_cache_key())
    return None if entries is None else _changelog_page(entries, since, min(limit, CHANGELOG_CACHED_ENTRIES))


# ---- usage, for the dashboard ----------------------------------------------------------


def answers_of(
    *, organization_pk: int, oracle: str = "", status: str = "", credential: str = "",
    day_from: datetime.date | None = None, day_to: datetime.date | None = None,
) -> QuerySet[Answer]:
    """One organization's answers, newest first, narrowed by the filters that are set."""
    answers = Answer.objects.filter(organization_id=organization_pk).select_related("oracle").order_by("-created_at", "-id")
    if oracle:
        answers = answers.filter(oracle__name=oracle)
    if status:
        answers = answers.filter(status=status)
    if credential:
        answers = answers.filter(credential=credential)
    if day_from:
        answers = answers.filter(created_at__date__gte=day_from)
    if day_to:
        answers = answers.filter(created_at__date__lte=day_to)
    return answers


def answer_of(*, organization_pk: int, request_id: str) -> Answer | None:
    """An answer of this organization, or None (another organization's looks the same as a missing one)."""
    return Answer.objects.select_related("oracle").filter(organization_id=organization_pk, request_id=request_id).first()


def answered_once(*, organization_pk: int) -> bool:
    return Answer.objects.filter(organization_id=organization_pk).exists()


def credentials_used(*, organization_pk: int) -> list[str]:
    return sorted(set(Answer.objects.filter(organization_id=organization_pk).values_list("credential", flat=True)))


@dataclass(frozen=True)
class Statement:
    organization: Organization
    start: datetime.datetime  # inclusive
    end: datetime.datetime  # exclusive
    opening_balance: int
    movements: list[LedgerEntry]
    closing_balance: int
    credited: int
    debited: int
    by_oracle: list[dict[str, Any]]


def statement_for_month(*, organization: Organization, year: int, month: int) -> Statement:
    """Opening balance, every ledger movement of the month, closing balance, and answers by oracle."""
    start = datetime.datetime(year, month, 1, tzinfo=datetime.UTC)
    end = datetime.datetime(year + (month == 12), month % 12 + 1, 1, tzinfo=datetime.UTC)
    ledger = LedgerEntry.objects.filter(organization=organization)
    opening = ledger.filter(created_at__lt=start).aggregate(total=Sum("amount"))["total"] or 0
    movements = list(ledger.filter(created_at__gte=start, created_at__lt=end).order_by("created_at", "id"))
    credited = sum(m.amount for m in movements if m.amount > 0)
    debited = sum(m.amount for m in movements if m.amount < 0)
    by_oracle = list(
        Answer.objects.filter(organization=organization, created_at__gte=start, created_at__lt=end)
        .values("oracle__name")
        .annotate(
            answers=Count("id"), billed=Count("id", filter=Q(cost__gt=0)), credits=Sum("cost"),
            valid=Count("id", filter=Q(status="valid")), invalid=Count("id", filter=Q(status="invalid")),
            errors=Count("id", filter=Q(status="error")),
        )
        .order_by("oracle__name")
    )
    return Statement(
        organization=organization, start=start, end=end, opening_balance=opening, movements=movements,
        closing_balance=opening + credited + debited, credited=credited, debited=debited, by_oracle=by_oracle,
    )


def usage_by_day(*, organization_pk: int, today: datetime.date, days: int = 30) -> list[dict[str, Any]]:
    """Answers and credits per day for the last `days` days, every day present (zeros included)."""
    first = today - datetime.timedelta(days=days - 1)
    rows = (
        Answer.objects.filter(organization_id=organization_pk, created_at__date__gte=first, created_at__date__lte=today)
        .values("created_at__date")
        .annotate(answers=Count("id"), credits=Sum("cost"))
    )
    found = {row["created_at__date"]: row for row in rows}
    series = []
    for offset in range(days):
        day = first + datetime.timedelta(days=offset)
        row = found.get(day, {})
        series.append({"day": day, "answers": row.get("answers", 0), "credits": row.get("credits") or 0})
    return series


def usage_chart_svg(*, organization_pk: int, today: datetime.date, days: int = 30) -> bytes | None:
    """The last `days` days of answers as a bar chart, drawn by Forma's own chart oracle.

    Internal: it goes through the oracle's draft → check → render like any answer,
    but records no Answer and moves no credits (nobody asked for it; it explains usage).
    The chart says so in its title. None when the oracle refuses or fails, so the page
    falls back to its table. Cached for ten minutes per organization and series.
    """
    series = usage_by_day(organization_pk=organization_pk, today=today, days=days)
    intent = 'A bar chart titled "Answers per day (internal, not billed)": ' + ", ".join(
        f"{row['day']:%b} {row['day'].day}: {row['answers']}" for row in series
    )
    key = f"{settings.FORMA['REDIS_PREFIX']}:usage-chart:{organization_pk}:" + hashlib.sha256(intent.encode()).hexdigest()[:24]
    cached = cache.get(key)
    if cached is not None:
        return base64.b64decode(cached) or None
    try:
        verdict = contract.Verdict.model_validate(run_task(check_intent, "chart", intent, "vega-lite", {"allow_generated_data": False}))
        encoded = run_task(render_figure, "chart", verdict.result, "vega-lite", "svg") if verdict.status == "valid" else ""
    except TaskFailed:
        logger.exception("usage chart for organization %s could not be drawn", organization_pk)
        encoded = ""
    cache.set(key, encoded, timeout=600)
    return base64.b64decode(encoded) if encoded else None
