"""Decision trees written as nested bullets: each answer hangs off the question at the indentation
just above it, a question after an answer ("no: Is the API up?") is that branch's step, and an
answer with nothing after it ("- no:") takes the item nested under it. The reader draws that
nesting; the independent check reads it on its own and refuses a drawing that does not follow it
(planted bugs, one test per check rule).

Intents are this file's own, in several voices; none is copied from the evaluation corpus.
"""

from __future__ import annotations

from typing import Any

import pytest

from oracles.engine import Draft, answer, get_kind
from oracles.engine.diagram.graphviz import read_back
from oracles.engine.diagram.vocabulary import phrase_key

Edge = tuple[str, str, str | None]


def _drawn(intent: str) -> set[Edge]:
    """The edges (tail, head, label) of a diagram answered `valid`, keys as phrase keys."""
    verdict = answer("diagram", intent, "dot", {})
    assert verdict.status == "valid", verdict.reason
    graph = read_back(verdict.result)  # type: ignore[arg-type]
    return {(phrase_key(t), phrase_key(h), phrase_key(label) if label else None)
            for (t, h), label in zip(graph.edges, graph.edge_labels, strict=True)}


def _dot(edges: list[Edge]) -> str:
    nodes = list(dict.fromkeys(n for tail, head, _ in edges for n in (tail, head)))
    ids = {label: f"n{i}" for i, label in enumerate(nodes)}
    lines = ["digraph G {"] + [f'  {ids[n]} [label="{n}"];' for n in nodes]
    lines += [f'  {ids[t]} -> {ids[h]}' + (f' [label="{label}"];' if label else ";") for t, h, label in edges]
    return "\n".join([*lines, "}"]) + "\n"


def _check(intent: str, edges: list[Edge]) -> dict[str, Any]:
    """The kind's check on a hand-written (planted) DOT; the drafter's facts are empty."""
    verdict = get_kind("diagram").check(intent, Draft("dot", _dot(edges), {}, False, []), {})
    assert verdict.status == "invalid" and verdict.reason is not None, "the planted bug was not caught"
    return verdict.reason


def _valid(intent: str, edges: list[Edge]) -> None:
    verdict = get_kind("diagram").check(intent, Draft("dot", _dot(edges), {}, False, []), {})
    assert verdict.status == "valid", verdict.reason


ONCALL = ("How to handle a page:\n"
          "- Is the API returning errors?\n"
          "  - yes: Is it after a deploy?\n"
          "    - yes: roll back the release\n"
          "    - no: page the backend lead\n"
          "  - no: close the page")
ONCALL_EDGES = {
    ("is the api returning errors", "is it after a deploy", "yes"),
    ("is it after a deploy", "roll back the release", "yes"),
    ("is it after a deploy", "page the backend lead", "no"),
    ("is the api returning errors", "close the page", "no"),
}


# --- the reader ----------------------------------------------------------------------------------
@pytest.mark.parametrize("intent", [
    ONCALL,
    # four-space indents and "*" bullets
    ONCALL.replace("  ", "    ").replace("- ", "* "),
    # tabs
    ONCALL.replace("    ", "\t\t").replace("  ", "\t"),
    # "Yes →" / "No →"
    ONCALL.replace("yes:", "Yes →").replace("no:", "No →"),
    # "If yes," / "If no,"
    ONCALL.replace("yes:", "If yes,").replace("no:", "If no,"),
    # a numbered question with lettered answers under it
    ONCALL.replace("- Is the API", "1. Is the API").replace("  - yes: Is", "   a. yes: Is")
          .replace("  - no: close", "   b. no: close").replace("    - yes: roll", "      - yes: roll")
          .replace("    - no: page", "      - no: page"),
])
def test_each_answer_hangs_off_the_question_just_above_it(intent: str) -> None:
    assert _drawn(intent) == ONCALL_EDGES


def test_an_answer_with_its_step_nested_under_it() -> None:
    intent = ("Printer troubleshooting flowchart:\n"
              "- Is the printer on?\n"
              "  - no:\n"
              "    - press the power button\n"
              "  - yes:\n"
              "    - Is there paper in the tray?\n"
              "      - yes: check the queue\n"
              "      - no: load paper")
    assert _drawn(intent) == {
        ("is the printer on", "press the power button", "no"),
        ("is the printer on", "is there paper in the tray", "yes"),
        ("is there paper in the tray", "check the queue", "yes"),
        ("is there paper in the tray", "load paper", "no"),
    }


def test_three_levels_deep_after_a_leading_step() -> None:
    intent = ("- read the alert\n"
              "- Is the host reachable?\n"
              "  - yes: Is the disk full?\n"
              "    - yes: Is it the log volume?\n"
              "      - yes: rotate the logs\n"
              "      - no: grow the volume\n"
              "    - no: read the app logs\n"
              "  - no: reboot the host")
    assert _drawn(intent) == {
        ("read the alert", "is the host reachable", None),
        ("is the host reachable", "is the disk full", "yes"),
        ("is the disk full", "is it the log volume", "yes"),
        ("is it the log volume", "rotate the logs", "yes"),
        ("is it the log volume", "grow the volume", "no"),
        ("is the disk full", "read the app logs", "no"),
        ("is the host reachable", "reboot the host", "no"),
    }


def test_a_step_after_a_branching_step_is_not_guessed_as_a_rejoin() -> None:
    # where the two answers meet again is not said: never drawn from the question alone
    intent = "- Is the form complete?\n  - yes: Is it signed?\n    - yes: file it\n    - no: ask to sign\n  - no: return it\n- archive the case"
    verdict = answer("diagram", intent, "dot", {})
    assert verdict.status == "invalid"


# --- the check: planted bugs ---------------------------------------------------------------------
def _oncall(*changes: tuple[Edge, Edge | None]) -> list[Edge]:
    labels = {"is the api returning errors": "Is the API returning errors?", "is it after a deploy": "Is it after a deploy?",
              "roll back the release": "roll back the release", "page the backend lead": "page the backend lead",
              "close the page": "close the page"}
    edges: list[Edge] = [(labels[t], labels[h], label) for t, h, label in sorted(ONCALL_EDGES)]
    for old, new in changes:
        edges = [new if edge == old else edge for edge in edges if edge != old or new is not None]
    return edges


def test_the_correct_tree_passes_the_check() -> None:
    _valid(ONCALL, _oncall())


def test_every_answer_drawn_off_the_first_question_is_refused() -> None:
    # the bug this family was found with: the nesting ignored, every answer off the first question
    reason = _check(ONCALL, _oncall(
        (("Is it after a deploy?", "roll back the release", "yes"), ("Is the API returning errors?", "roll back the release", "yes")),
        (("Is it after a deploy?", "page the backend lead", "no"), ("Is the API returning errors?", "page the backend lead", "no")),
    ))
    assert reason["code"] in ("EDGE_MISSING", "EDGE_NOT_IN_INTENT")


def test_a_nested_answer_hung_off_its_grandparent_is_refused() -> None:
    reason = _check(ONCALL, _oncall(
        (("Is it after a deploy?", "page the backend lead", "no"), ("Is the API returning errors?", "page the backend lead", "no")),
    ))
    assert reason == {"code": "EDGE_MISSING", "message": "The intent connects 'Is it after a deploy?' to "
                                                         "'page the backend lead', but the diagram does not."}


def test_answers_swapped_on_a_nested_question_are_refused() -> None:
    reason = _check(ONCALL, _oncall(
        (("Is it after a deploy?", "roll back the release", "yes"), ("Is it after a deploy?", "roll back the release", "no")),
        (("Is it after a deploy?", "page the backend lead", "no"), ("Is it after a deploy?", "page the backend lead", "yes")),
    ))
    assert reason["code"] == "EDGE_LABEL_WRONG"


def test_an_answer_left_off_its_edge_is_refused() -> None:
    reason = _check(ONCALL, _oncall(
        (("Is it after a deploy?", "roll back the release", "yes"), ("Is it after a deploy?", "roll back the release", None)),
    ))
    assert reason["code"] == "CONTENT_NOT_PLACED" and "'yes'" in reason["message"]
    assert "'Is it after a deploy?'" in reason["message"] and "'roll back the release'" in reason["message"]


def test_every_answer_left_off_is_refused() -> None:
    reason = _check(ONCALL, [(t, h, None) for t, h, _ in _oncall()])
    assert reason["code"] == "CONTENT_NOT_PLACED"


def test_the_step_under_an_empty_answer_drawn_elsewhere_is_refused() -> None:
    intent = "- Is the printer on?\n  - no:\n    - press the power button\n  - yes: Is it jammed?\n    - yes: open the tray\n    - no: print again"
    good: list[Edge] = [("Is the printer on?", "press the power button", "no"), ("Is the printer on?", "Is it jammed?", "yes"),
                        ("Is it jammed?", "open the tray", "yes"), ("Is it jammed?", "print again", "no")]
    _valid(intent, good)
    reason = _check(intent, [("Is it jammed?", "press the power button", "no"), *good[1:]])
    assert reason["code"] in ("EDGE_MISSING", "EDGE_NOT_IN_INTENT")


def test_an_item_the_nesting_does_not_place_is_refused_not_guessed() -> None:
    # "archive the case" after a branching question: where the branches rejoin is not said
    intent = "- Is the form complete?\n  - yes: Is it signed?\n    - yes: file it\n    - no: ask to sign\n  - no: return it\n- archive the case"
    reason = _check(intent, [("Is the form complete?", "Is it signed?", "yes"), ("Is it signed?", "file it", "yes"),
                             ("Is it signed?", "ask to sign", "no"), ("Is the form complete?", "return it", "no"),
                             ("Is the form complete?", "archive the case", None)])
    assert reason["code"] == "UNREADABLE_RELATION" and "indentation" in reason["message"]


def test_one_level_of_case_rows_under_the_last_step_still_reads_as_before() -> None:
    intent = "- triage the ticket\n- check severity\n  - critical → page on-call\n  - minor → add to backlog"
    assert _drawn(intent) == {("triage the ticket", "check severity", None),
                              ("check severity", "page on-call", "critical"), ("check severity", "add to backlog", "minor")}


def test_a_tree_with_an_item_the_check_cannot_read_is_refused_not_read_another_way() -> None:
    # the closing request runs into the last item: the whole drawing flattened onto the first
    # question (as a sentence reading would draw it) must not pass on another reading
    intent = ("- Is the cache warm?\n  - yes: Is the entry fresh?\n    - yes: serve from cache\n    - no: refresh the entry\n"
              "  - no: query the database\n\nPlease draw this as a decision tree.")
    flat: list[Edge] = [("Is the cache warm?", "Is the entry fresh?", "yes"), ("Is the cache warm?", "serve from cache", "yes"),
                        ("Is the cache warm?", "refresh the entry", "no"), ("Is the cache warm?", "query the database", "no")]
    assert _check(intent, flat)["code"] in ("UNREADABLE_RELATION", "CONTENT_NOT_PLACED")
