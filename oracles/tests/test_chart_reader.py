"""The chart reader by phrasing family: each intent is answered `valid` with exactly these points
(read back from the spec's own data), or refused with a rewrite, never guessed."""

from __future__ import annotations

from typing import Any

import pytest

from oracles.engine import answer

Point = tuple[Any, ...]

READ: list[tuple[str, str, list[Point]]] = [
    # numbers and ranges inside labels
    ("latency buckets: 0–50 ms: 912, 50–250 ms: 304, 250 ms+: 18", "bar",
     [("0–50 ms", 912), ("50–250 ms", 304), ("250 ms+", 18)]),
    ("hotel reviews — 5 stars: 640, 4 stars: 210, 1 star: 35", "bar", [("5 stars", 640), ("4 stars", 210), ("1 star", 35)]),
    ("voters by age: 18–29: 1,200, 30–49: 2,450, 65+: 980", "bar", [("18–29", 1200), ("30–49", 2450), ("65+", 980)]),
    ("2) Lyon — 0.5M, 1) Paris — 2.1M, 3) Nice — 0.3M", "bar", [("Lyon", 500_000), ("Paris", 2_100_000), ("Nice", 300_000)]),
    # value before label, linking words
    ("The shop sold 41 units on Monday, 38 on Tuesday and 52 on Wednesday", "line",
     [("Monday", 41), ("Tuesday", 38), ("Wednesday", 52)]),
    ("Round 1 had 900 viewers, round 2 hit 1.4k and round 3 reached 2k", "bar",
     [("Round 1", 900), ("round 2", 1400), ("round 3", 2000)]),
    # signs and multi-word labels
    ("Change in stock: Blue Widgets +12, Red Widgets −4, Green Widgets 0", "bar",
     [("Blue Widgets", 12), ("Red Widgets", -4), ("Green Widgets", 0)]),
    # decimal commas where unambiguous
    ("Taux par ville : Lille 2,4 ; Nantes 3,1 ; Brest 1,9", "bar", [("Lille", 2.4), ("Nantes", 3.1), ("Brest", 1.9)]),
    # x/y pairs written with arrows
    ("scatter of dose vs response: 5 mg → 12%, 10 mg → 19%, 20 mg → 31%", "point", [(5, 12), (10, 19), (20, 31)]),
    # several series: slots with 'vs', groups headed by a time
    ("Home vs Away attendance: Jan 410 vs 380, Feb 395 vs 402", "line",
     [("Jan", 410, "Home"), ("Feb", 395, "Home"), ("Jan", 380, "Away"), ("Feb", 402, "Away")]),
    ("Q1 email 40, social 25; Q2 email 44, social 31", "line",
     [("Q1", 40, "email"), ("Q2", 44, "email"), ("Q1", 25, "social"), ("Q2", 31, "social")]),
    # JSON the way tool calls send it
    ('{"chart": "bar", "labels": ["Kiln A", "Kiln B"], "values": [812, 640]}', "bar", [("Kiln A", 812), ("Kiln B", 640)]),
    ('plot {"unit": "s", "by_step": {"build": 41, "test": 95, "deploy": 12}}', "bar",
     [("build", 41), ("test", 95), ("deploy", 12)]),
    # spreadsheet paste with decimal commas, CSV with years as headers
    ("Stadt\tAnteil\nBonn\t12,5\nKöln\t30,25", "bar", [("Bonn", 12.5), ("Köln", 30.25)]),
    ("Team,2024,2025\nRed,5,7\nBlue,6,4", "bar",
     [("Red", 5, "2024"), ("Blue", 6, "2024"), ("Red", 7, "2025"), ("Blue", 4, "2025")]),
    # a chart word inside a name, and a chart asked in another language
    ("Bar chart of footfall: the Market Line 320, the Harbour Area 210", "bar",
     [("the Market Line", 320), ("the Harbour Area", 210)]),
    ("Umsatz: Nord 12, Süd 9, West 14 als Kreisdiagramm", "arc", [("Nord", 12), ("Süd", 9), ("West", 14)]),
    # numbers that are not data
    ("Top 3 rivers by length in km, from a 2019 survey: Nile 6650, Amazon 6400, Yangtze 6300", "bar",
     [("Nile", 6650), ("Amazon", 6400), ("Yangtze", 6300)]),
]


def _points(spec: dict[str, Any]) -> list[Point]:
    out: list[Point] = []
    for row in spec["data"]["values"]:
        label, value = (row["x"], row["y"]) if "x" in row else (row["label"], row["value"])
        out.append((label, value, row["series"]) if "series" in row else (label, value))
    return out


@pytest.mark.parametrize(("intent", "mark", "points"), READ, ids=[r[0][:40] for r in READ])
def test_the_reader_reads_each_phrasing_family_exactly(intent: str, mark: str, points: list[Point]) -> None:
    verdict = answer("chart", intent, "vega-lite", {})
    assert verdict.status == "valid", verdict.reason
    assert isinstance(verdict.result, dict)
    assert sorted(map(str, _points(verdict.result))) == sorted(map(str, points))
    assert verdict.result["mark"]["type"] == mark


REFUSED: list[tuple[str, str]] = [
    # which names are the series cannot be told: refused with a rewrite, not guessed
    ("Output by plant: Leeds — steel 40, glass 12; Derby — steel 31, glass 20", "VALUE_NOT_PLACED"),
    # a selection Forma will not make silently
    ("Site\tVisits\tBounce %\nA\t120\t40\nB\t90\t55\n\nonly plot the visits column", "REQUEST_NOT_HONOURED"),
    # a chart word in another language it does not know
    ("Ventas: norte 10, sur 12, como gráfico de cascada", "SHAPE_NOT_ASKED"),
    # names, years and values in one record: years are never drawn as values
    ('[{"city": "Oslo", "year": 2023, "pop": 700}, {"city": "Oslo", "year": 2024, "pop": 710}]', "UNREADABLE_INTENT"),
    # a single number is not a chart
    ("our NPS this quarter: 47", "VALUE_NOT_PLACED"),
]


@pytest.mark.parametrize(("intent", "code"), REFUSED, ids=[r[0][:40] for r in REFUSED])
def test_an_unreadable_phrasing_is_refused_with_a_rewrite(intent: str, code: str) -> None:
    verdict = answer("chart", intent, "vega-lite", {})
    assert verdict.status == "invalid" and verdict.result is None
    assert verdict.reason is not None and verdict.reason["code"] == code
    assert "e.g." in verdict.reason["message"] or "Send" in verdict.reason["message"]
