"""A ranking asked of one list ("top 5 by revenue", "the three biggest", "bottom 3", {"sort": "desc", "limit": 4}):
the drafter draws the N largest (or smallest) values (chart/ranking.py) and the check, reading the ask and the
left-out items on its own (chart/ranking_check.py), confirms that nothing left out belongs in the chart.

Intents in phrasings of our own: the rankings drawn right, the near-misses refused, and planted bugs (the
drafter's spec with the wrong N, a value beyond the cut dropped, a tie split) refused by the whole check.
"""

from __future__ import annotations

import pytest

from oracles.engine import get_kind
from oracles.tests.test_chart_fail_closed import _check, _planted, _rows


def _drawn(intent: str) -> list[tuple[str, float]] | str:
    kind = get_kind("chart")
    draft = kind.draft(intent, "vega-lite", {})
    verdict = kind.check(intent, draft, {})
    if verdict.status != "valid":
        return verdict.reason["code"] if verdict.reason else "invalid"
    return [(row["label"], row["value"]) for row in draft.artifact["data"]["values"]]


def _answer(intent: str) -> list[tuple[str, float]] | str:
    kind = get_kind("chart")
    try:
        draft = kind.draft(intent, "vega-lite", {})
    except Exception as refusal:  # noqa: BLE001 - a drafter refusal is an answer too
        return getattr(refusal, "code", "refused")
    verdict = kind.check(intent, draft, {})
    if verdict.status != "valid":
        return verdict.reason["code"] if verdict.reason else "invalid"
    return [(row["label"], row["value"]) for row in draft.artifact["data"]["values"]]


@pytest.mark.parametrize(("intent", "points"), [
    ("Can you chart the top 3 cities by signups? Berlin 420, Paris 380, Madrid 515, Rome 290, Vienna 160",
     [("Madrid", 515), ("Berlin", 420), ("Paris", 380)]),
    ("bottom 2 regions by NPS pls: North 41, South 37, East 52, West 29", [("West", 29), ("South", 37)]),
    ("hey team, for the deck just show the 2 highest scoring teams — Falcons 88; Hawks 91; Owls 79; Ravens 84",
     [("Hawks", 91), ("Falcons", 88)]),
    ('render_chart({"type": "bar", "top_n": 3, "data": {"ios": 5120, "android": 7340, "web": 2980, "desktop": 1410}})',
     [("android", 7340), ("ios", 5120), ("web", 2980)]),
    ('plot({"sort": "ascending", "limit": 2, "data": {"Oslo": 14, "Bergen": 9, "Tromsø": 11, "Bodø": 6}})',
     [("Bodø", 6), ("Bergen", 9)]),
    ("Estos son los datos. I mean: chart the three biggest countries by visits: Spain 9,400, Mexico 12,100, "
     "Chile 3,300, Peru 2,750, Colombia 6,800", [("Mexico", 12100), ("Spain", 9400), ("Colombia", 6800)]),
    ("top 3 products by units sold (horizontal bars): Kettle 340 units, Toaster 295 units, Blender 410 units, "
     "Mixer 120 units, Grill 88 units", [("Blender", 410), ("Kettle", 340), ("Toaster", 295)]),
    ("Of the six warehouses, chart the smallest 2 by stock: Leeds 1,240; Hull 980; York 1,510; Derby 2,030; "
     "Bath 760; Ely 1,105", [("Bath", 760), ("Hull", 980)]),
    ("bottom 2 by churn: A 3.2%, B 1.1%, C 4.5%, D 0.9%", [("D", 0.9), ("B", 1.1)]),
    ("top 3 by revenue: A $1.2M, B $950k, C $2.1M, D $400k", [("C", 2100000), ("A", 1200000), ("B", 950000)]),
    ("top 3 of 2024: A 10, B 20, C 30, D 5", [("C", 30), ("B", 20), ("A", 10)]),
    ("bottom 2 by profit: A -5, B 10, C -20, D 3", [("C", -20), ("A", -5)]),
])
def test_a_ranking_draws_the_n_largest_or_smallest(intent: str, points: list[tuple[str, float]]) -> None:
    assert _drawn(intent) == points


@pytest.mark.parametrize("intent", [
    "not just the top 3, chart all of them: A 5, B 4, C 3, D 2",  # turned round
    "top 3 and group the rest as Other: A 50, B 40, C 30, D 20, E 10",  # more than the N
    "top 2 by growth: A 120 (+5%), B 100 (+9%), C 90 (+2%)",  # may be ranked by the change
    "top 2: A 50, B 40, C 40",  # a tie at the cut
    "top 3 — A 50, B 40, C 30, D 30",
    "top 3 slowest endpoints: /a 180 ms, /b 240 ms, /c 90 ms, /d 400 ms",  # direction depends on the measure
    "the 3 fastest runners: Ann 31, Bo 29, Cy 35, Di 27",
    "top 2 by cost. Revenue: A 100, B 90, C 80. Cost: A 20, B 10, C 5",  # two series
    "top 3: A 50, B 40, C 30, D 20 — sorry, D is actually 45",  # a correction
    "Chart the top 3 except Acme: Acme 90, B 50, C 40, D 30, E 20",
    "the 2 biggest ones, leaving out Acme: Acme 90, B 50, C 40, D 30",
    "top 2: A 50, B 40, C 30 and last year's top 2 were D 60 and E 55",  # asked twice
    "Show the top 3 and the bottom 2: A 5, B 4, C 3, D 2, E 1, F 0",
    "Show top 2 per region: North: A 5, B 3, C 2. South: A 4, B 6, C 1",
    'create_chart({"limit": 2, "data": {"A": 5, "B": 9, "C": 7}})',  # a limit without a sort: maybe the first 2
    "top 2: A 12, B 9, C 15, D",  # a name without its value
])
def test_a_ranking_that_is_not_certain_is_refused(intent: str) -> None:
    assert isinstance(_answer(intent), str)


def test_leaving_out_a_name_is_refused_by_the_check() -> None:
    verdict = _planted("chart these, leaving out Acme: Acme 90, B 50, C 40, D 30")
    assert verdict.status == "invalid" and verdict.reason["code"] == "REQUEST_NOT_HONOURED"


# Planted bugs: the drafter's spec with the fault planted, checked as a whole.
_TOP3 = "Can you chart the top 3 cities by signups? Berlin 420, Paris 380, Madrid 515, Rome 290, Vienna 160"


@pytest.mark.parametrize(("intent", "rows"), [
    (_TOP3, _rows(("Berlin", 420), ("Paris", 380), ("Rome", 290))),  # the largest dropped
    (_TOP3, _rows(("Madrid", 515), ("Berlin", 420))),  # one too few
    (_TOP3, _rows(("Madrid", 515), ("Berlin", 420), ("Paris", 380), ("Rome", 290))),  # one too many
    (_TOP3, _rows(("Madrid", 515), ("Berlin", 420), ("Paris", 290))),  # a value moved to another name
    (_TOP3, _rows(("Madrid", 515), ("Berlin", 420), ("Vienna", 380))),  # a label moved
    ("bottom 2 regions by NPS pls: North 41, South 37, East 52, West 29",
     _rows(("North", 41), ("South", 37))),  # the top of a bottom ask
    ("top 2 by growth: A 120 (+5%), B 100 (+9%), C 90 (+2%)", _rows(("A", 120), ("B", 100))),
    ('plot({"sort": "ascending", "limit": 2, "data": {"Oslo": 14, "Bergen": 9, "Tromsø": 11, "Bodø": 6}})',
     _rows(("Oslo", 14), ("Tromsø", 11))),
])
def test_a_planted_ranking_bug_is_refused(intent: str, rows: list[dict[str, object]]) -> None:
    assert _planted(intent, rows).status == "invalid"


@pytest.mark.parametrize(("intent", "rows"), [
    ("top 2: A 50, B 40, C 40", _rows(("A", 50), ("B", 40))),  # a tie split at the cut
    ("top 2 by cost. Revenue: A 100, B 90, C 80. Cost: A 20, B 10, C 5", _rows(("A", 100), ("B", 90))),
    ("top 2: A 50, B 40, C 30 and last year's top 2 were D 60 and E 55", _rows(("D", 60), ("E", 55))),
    ("the 3 fastest runners: Ann 31, Bo 29, Cy 35, Di 27", _rows(("Cy", 35), ("Ann", 31), ("Bo", 29))),
])
def test_the_check_alone_refuses_a_ranking_the_drafter_would_not_draw(intent: str, rows: list[dict[str, object]]) -> None:
    """Hand-drawn charts the drafter refuses to make: the check must refuse them on its own reading."""
    assert _check(intent, rows) is not None


@pytest.mark.parametrize(("intent", "rows"), [
    ("survey: Top 2 box 45%, middle 30%, bottom 25%", _rows(("Top 2 box", 45), ("middle", 30))),
    ("survey: Top 2 box 45%, middle 30%, low 25%", _rows(("box", 45), ("middle", 30))),
    ('{"Top 2 box": 45, "middle": 30, "bottom": 25}', _rows(("Top 2 box", 45), ("middle", 30))),
])
def test_ranking_words_inside_a_drawn_name_ask_for_nothing(intent: str, rows: list[dict[str, object]]) -> None:
    assert _check(intent, rows) is not None
