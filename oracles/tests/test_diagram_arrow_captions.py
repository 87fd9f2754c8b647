"""A heading that explains which way the arrows point. Dropped only when the data cannot disagree
with it (arrows written out, or pairs read first → second, as they are anyway); an explanation that
reverses pairs is kept, so the answer is refused rather than drawn the wrong way round.

Intents are this file's own; none is copied from the evaluation corpus.
"""

from __future__ import annotations

import pytest

from oracles.engine import Draft, answer, get_kind
from oracles.engine.diagram.graphviz import read_back


@pytest.mark.parametrize(
    ("intent", "edges"),
    [
        ("Ferry routes (arrow from port of departure to port of arrival): Kiel → Oslo, Oslo → Bergen.",
         {("Kiel", "Oslo"), ("Oslo", "Bergen")}),
        ('build order, draw an arrow from the first item of each pair (the module) to the second (what it imports): '
         '[["ui", "core"], ["core", "utils"]]', {("ui", "core"), ("core", "utils")}),
    ],
)
def test_an_arrow_explanation_the_data_cannot_contradict_is_no_content(intent: str, edges: set[tuple[str, str]]) -> None:
    verdict = answer("diagram", intent, "dot", {})
    assert verdict.status == "valid", verdict.reason
    assert set(read_back(verdict.result).edges) == edges


@pytest.mark.parametrize(
    "intent",
    [
        'imports (arrow from the second item of each pair to the first): [["ui", "core"], ["core", "utils"]]',
        'imports (arrows from callee to caller): [["ui", "core"], ["core", "utils"]]',
    ],
)
def test_an_explanation_that_may_reverse_pairs_is_never_guessed(intent: str) -> None:
    assert answer("diagram", intent, "dot", {}).status == "invalid"


def test_pairs_drawn_the_wrong_way_round_are_caught() -> None:
    intent = ('build order, draw an arrow from the first item of each pair (the module) to the second (what it imports): '
              '[["ui", "core"], ["core", "utils"]]')
    dot = 'digraph G {\n  a [label="ui"];\n  b [label="core"];\n  c [label="utils"];\n  b -> a;\n  c -> b;\n}\n'
    verdict = get_kind("diagram").check(intent, Draft("dot", dot, {}, False, []), {})
    assert verdict.status == "invalid"


def test_the_check_refuses_pairs_drawn_as_listed_under_a_heading_that_may_reverse_them() -> None:
    intent = 'imports (arrows from callee to caller): [["ui", "core"], ["core", "utils"]]'
    dot = 'digraph G {\n  a [label="ui"];\n  b [label="core"];\n  c [label="utils"];\n  a -> b;\n  b -> c;\n}\n'
    verdict = get_kind("diagram").check(intent, Draft("dot", dot, {}, False, []), {})
    assert verdict.status == "invalid" and verdict.reason["code"] == "CONTENT_NOT_PLACED"


# --- "(keys are …, values are their sub-…)" before a keyed JSON tree ---------------------------------


def test_a_keyed_tree_explained_as_keys_over_their_sub_items_is_read_as_such() -> None:
    intent = 'club tree (keys are sections, values are their sub-sections): {"Club": {"Youth": {"U12": {}}, "Seniors": {}}}'
    verdict = answer("diagram", intent, "dot", {})
    assert verdict.status == "valid", verdict.reason
    assert set(read_back(verdict.result).edges) == {("Club", "Youth"), ("Youth", "U12"), ("Club", "Seniors")}


def test_a_keyed_tree_explained_the_other_way_round_is_refused() -> None:
    intent = 'club tree (keys are sections, values are their parents): {"Club": {"Youth": {"U12": {}}, "Seniors": {}}}'
    assert answer("diagram", intent, "dot", {}).status == "invalid"


def test_a_sub_item_hung_under_the_wrong_key_is_caught() -> None:
    intent = 'club tree (keys are sections, values are their sub-sections): {"Club": {"Youth": {"U12": {}}, "Seniors": {}}}'
    dot = ('digraph G {\n  a [label="Club"];\n  b [label="Youth"];\n  c [label="U12"];\n  d [label="Seniors"];\n'
           '  a -> b;\n  a -> c;\n  a -> d;\n}\n')
    assert get_kind("diagram").check(intent, Draft("dot", dot, {}, False, []), {}).status == "invalid"
