"""Values before their labels, later ones opened by a verb giving the level reached (issue 8, section 3).

"Visits were 41 in January, 47 in February, reached 58 in March": the verb before "58" says it is the level in
March. A level verb ("reached", "hit", "was") or a verb of change ending in "to"/"at" ("fell to", "peaked at")
opens an item; a verb of change alone ("grew 10 in March") may give the change, not the level, and a change
beside the level ("rose 12% to 150 in Q2") is two values in one item: both stay refused.
"""

from __future__ import annotations

import pytest

from oracles.engine import answer
from oracles.tests.test_chart_agent_json import _drawn


@pytest.mark.parametrize(("intent", "points"), [
    ("Ticket volume was 210 in May, 190 in June, reached 260 in July and then 240 in August.",
     [("May", 210), ("June", 190), ("July", 260), ("August", 240)]),
    ("line chart — the waitlist stood at 80 in week 1, fell to 55 in week 2, climbed to 90 in week 3 and peaked at "
     "120 in week 4",
     [("week 1", 80), ("week 2", 55), ("week 3", 90), ("week 4", 120)]),
    ("Members: 410 in 2022, grew to 480 in 2023, then hit 515 in 2024",
     [("2022", 410), ("2023", 480), ("2024", 515)]),
    # quoted: the full stop inside the closing quote is no part of the last label
    ('Make it a line: "Bookings were 70 in Q1, 95 in Q2 and reached 120 in Q3."',
     [("Q1", 70), ("Q2", 95), ("Q3", 120)]),
])
def test_a_level_verb_opens_a_later_value_first_item(intent: str, points: list[tuple[str, float]]) -> None:
    status, _, rows = _drawn(intent)
    assert status == "valid"
    assert rows == points


@pytest.mark.parametrize("intent", [
    "Ticket volume was 210 in May, 190 in June, then grew 30 in July.",  # a change, or the level?
    "Ticket volume was 210 in May, rose 12% to 235 in June and hit 260 in July.",  # a change and a level
    "Ticket volume was 210 in May, dropped by 20 in June and reached 260 in July.",
])
def test_a_change_without_its_level_is_refused(intent: str) -> None:
    assert answer("chart", intent, "vega-lite", {}).status == "invalid"


# ---------------------------------------------------------------------------------------------
# Footnote marks after values, their notes in brackets or on lines of their own (surface.blank_footnotes)


_ROLES = [("Design", 4), ("Data", 7), ("Sales", 12), ("Support", 3)]


@pytest.mark.parametrize("intent", [
    "Open roles by team: Design 4*, Data 7, Sales 12, Support 3 (*one is a contract role). Bars please.",
    "Open roles by team: Design 4*, Data 7†, Sales 12, Support 3\n* includes a contract role\n† hiring paused",
])
def test_footnote_marks_and_their_notes_are_no_data(intent: str) -> None:
    assert _drawn(intent) == ("valid", "bar", _ROLES)


def test_superscript_marks_are_read_by_the_reader_and_still_refused_by_the_check() -> None:
    # the check reads '¹' after a number as a unit it does not know: the reader's reading alone makes no valid
    status, _, rows = _drawn("Open roles by team — Design 4¹, Data 7, Sales 12², Support 3\n¹ contract role\n² one is part time")
    assert rows == _ROLES and status == "invalid"


def test_a_note_holding_a_number_is_never_drawn_as_a_value() -> None:
    # before, the note's "2" was drawn as a category 'includes'; now the note is no data, and its number unexplained
    status, _, rows = _drawn("Open roles by team: Design 4*, Data 7, Sales 12, Support 3\n* includes 2 contract roles")
    assert ("includes", 2) not in rows
    assert status == "invalid"


# ---------------------------------------------------------------------------------------------
# A call wrapped around a value-first list: its closing bracket is no part of the last label


@pytest.mark.parametrize("intent", [
    'open_chart(text="Desks per floor: 40 on Floor 1, 36 on Floor 2, 22 on Floor 3")',
    "open_chart(kind='bar', text='Desks per floor: 40 on Floor 1, 36 on Floor 2, 22 on Floor 3')",
])
def test_the_closing_bracket_of_a_call_is_no_part_of_the_last_label(intent: str) -> None:
    assert _drawn(intent) == ("valid", "bar", [("Floor 1", 40), ("Floor 2", 36), ("Floor 3", 22)])


def test_a_bracket_the_label_opens_is_kept_and_refused_as_a_note() -> None:
    status, _, rows = _drawn("Desks per floor: 40 on Floor 1, 36 on Floor 2 (annex), 22 on Floor 3")
    assert ("Floor 2 (annex)", 36) in rows and status == "invalid"  # the check asks whether '(annex)' is a note
