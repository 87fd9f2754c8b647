"""Outlines whose root is named in the heading ("Tree, root = Atlas:", "Plan, as a tree whose root is
'Move house':") and whose sub-items are lettered ("a. Pack books"). Read into exactly their tree and
answered `valid`; the check refuses planted bugs.

Intents are this file's own; none is copied from the evaluation corpus.
"""

from __future__ import annotations

import pytest

from oracles.engine import Draft, answer, get_kind
from oracles.engine.diagram.graphviz import read_back
from oracles.engine.diagram.outline_roots import root_heading

TREE = {("Move house", "Pack"), ("Pack", "Books"), ("Pack", "Kitchen"), ("Move house", "Transport"),
        ("Transport", "Van"), ("Move house", "Clean")}


@pytest.mark.parametrize(
    "intent",
    [
        "Plan, as a tree whose root is 'Move house':\n1. Pack\n   1.1 Books\n   1.2 Kitchen\n2. Transport\n   2.1 Van\n3. Clean",
        "Tree, root = Move house:\n1. Pack\n   a. Books\n   b. Kitchen\n2. Transport\n   a. Van\n3. Clean",
        "Checklist rooted at Move house:\n- Pack\n  - Books\n  - Kitchen\n- Transport\n  - Van\n- Clean",
    ],
)
def test_a_root_named_in_the_heading_over_numbered_lettered_or_bulleted_items(intent: str) -> None:
    verdict = answer("diagram", intent, "dot", {})
    assert verdict.status == "valid", verdict.reason
    assert set(read_back(verdict.result).edges) == TREE


@pytest.mark.parametrize(
    "text",
    [
        "The root cause was a bad config:\n- roll back\n- add a test",  # a remark about a root cause, no tree
        "Tree, root = Atlas: and then more words here that are no title at all, far too long\n- a\n  - b",
        "Tree, root = Atlas:\nno list follows",
    ],
)
def test_only_a_short_heading_over_a_list_names_a_root(text: str) -> None:
    assert root_heading(text) == text


def _planted(intent: str, edges: set[tuple[str, str]]) -> None:
    nodes = sorted({n for edge in edges for n in edge})
    ids = {label: f"n{i}" for i, label in enumerate(nodes)}
    lines = ["digraph G {"] + [f'  {ids[n]} [label="{n}"];' for n in nodes] + [f"  {ids[t]} -> {ids[h]};" for t, h in edges]
    verdict = get_kind("diagram").check(intent, Draft("dot", "\n".join([*lines, "}"]) + "\n", {}, False, []), {})
    assert verdict.status == "invalid", "the planted bug was not caught"


def test_a_lettered_item_under_the_wrong_parent_or_the_root_left_out_is_caught() -> None:
    intent = "Tree, root = Move house:\n1. Pack\n   a. Books\n   b. Kitchen\n2. Transport\n   a. Van\n3. Clean"
    _planted(intent, (TREE - {("Transport", "Van")}) | {("Pack", "Van")})
    _planted(intent, {edge for edge in TREE if edge[0] != "Move house"})
    _planted(intent, (TREE - {("Pack", "Books")}) | {("Move house", "Books")})


# --- "Role – Name" lines of an indented org chart --------------------------------------------------

ORG = "Staff:\nDirector – Ines Vale\n  Curator – Omar Bell\n    Archivist – Pia Roth\n  Registrar – Tom Hale"


def test_role_dash_name_lines_are_people_labelled_with_their_role() -> None:
    verdict = answer("diagram", ORG, "dot", {})
    assert verdict.status == "valid", verdict.reason
    assert set(read_back(verdict.result).edges) == {
        ("Ines Vale (Director)", "Omar Bell (Curator)"), ("Omar Bell (Curator)", "Pia Roth (Archivist)"),
        ("Ines Vale (Director)", "Tom Hale (Registrar)")}


def test_flat_or_mixed_dash_lines_are_not_read_as_titled_people() -> None:
    from oracles.engine.diagram.titled_items import titled_items

    flat = "Director – Ines Vale\nCurator – Omar Bell\nArchivist – Pia Roth"  # no depth: maybe a sequence
    mixed = "Director – Ines Vale\n  Curator – Omar Bell\n  archive room\n    Archivist – Pia Roth"
    assert titled_items(flat) == flat
    assert titled_items(mixed) == mixed


def test_a_role_given_to_another_person_or_a_line_under_the_wrong_boss_is_caught() -> None:
    _planted(ORG, {("Ines Vale (Curator)", "Omar Bell (Director)"), ("Omar Bell (Director)", "Pia Roth (Archivist)"),
                   ("Ines Vale (Curator)", "Tom Hale (Registrar)")})
    _planted(ORG, {("Ines Vale (Director)", "Omar Bell (Curator)"), ("Omar Bell (Curator)", "Pia Roth (Archivist)"),
                   ("Omar Bell (Curator)", "Tom Hale (Registrar)")})
