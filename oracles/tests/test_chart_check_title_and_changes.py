"""Planted bugs the check catches on its own: a title that is a list of data, a label that keeps the full stop
of its sentence, a movement verb ("grew 10") read as a level. Each with a near miss that stays valid."""

from __future__ import annotations

from typing import Any

from oracles.engine.chart.faithfulness import check_faithful


def _check(intent: str, points: list[tuple[str, float]], mark: str = "bar", title: str | None = None) -> tuple[str, str] | None:
    rows = [{"label": label, "value": value} for label, value in points]
    spec: dict[str, Any] = {"mark": {"type": mark}, "encoding": {"x": {"field": "label"}, "y": {"field": "value"}},
                            "data": {"values": rows}}
    if title is not None:
        spec["title"] = title
    return check_faithful(intent, spec, rows)


def test_a_title_of_data_items_does_not_cover_the_values_it_holds():
    refusal = _check("bar chart titled 'Harbor 310, Inland 270': Coast 140, Valley 95",
                     [("Coast", 140), ("Valley", 95)], title="Harbor 310, Inland 270")
    assert refusal is not None and refusal[0] == "VALUE_MISSING" and "310" in refusal[1]


def test_a_subject_of_data_items_before_the_colon_is_data():
    refusal = _check("Harbor 310, Inland 270: Coast 140, Valley 95", [("Coast", 140), ("Valley", 95)])
    assert refusal is not None and refusal[0] == "VALUE_MISSING"


def test_near_miss_a_title_with_one_number_in_a_name_stays_valid():
    assert _check("bar chart titled 'Release 7 defects': crashes 12, typos 30",
                  [("crashes", 12), ("typos", 30)], title="Release 7 defects") is None


def test_a_label_keeping_the_full_stop_of_its_sentence_is_not_grounded():
    refusal = _check("bar chart of tickets. W1 10, W2 12, W3. 14, W4 15",
                     [("W1", 10), ("W2", 12), ("W3.", 14), ("W4", 15)])
    assert refusal is not None and refusal[0] == "LABEL_NOT_IN_INTENT" and "W3." in refusal[1]


def test_a_movement_verb_before_a_value_first_number_is_a_change():
    refusal = _check("line of members: 40 in May, 52 in June, then climbed 9 in July",
                     [("May", 40), ("June", 52), ("July", 9)], mark="line")
    assert refusal is not None and refusal[0] == "VALUE_NOT_PLACED" and "climbed 9" in refusal[1]


def test_a_fall_stated_as_a_verb_is_a_change():
    refusal = _check("line of members: 40 in May, 52 in June, dipped 6 in July",
                     [("May", 40), ("June", 52), ("July", 6)], mark="line")
    assert refusal is not None


def test_near_miss_a_movement_to_a_level_stays_valid():
    assert _check("line of members: 40 in May, 52 in June, then dropped to 31 in July",
                  [("May", 40), ("June", 52), ("July", 31)], mark="line") is None


def test_near_miss_a_verb_that_is_a_drawn_label_stays_valid():
    assert _check("season record: won 11, lost 4, drawn 3", [("won", 11), ("lost", 4), ("drawn", 3)]) is None


def test_near_miss_a_sample_size_and_a_date_in_the_subject_stay_not_data():
    assert _check("Poll 2 (n = 380, run 5–9 May 2025). Favourite fruit: apple 40%, pear 35%, plum 25%.",
                  [("apple", 40), ("pear", 35), ("plum", 25)]) is None
