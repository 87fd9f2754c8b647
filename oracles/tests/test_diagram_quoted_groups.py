"""Groups named in quotes before their members: "Group the apps into 'Front office' (kiosk, web shop)
and 'Back office' (ledger, payroll)". Drawn as clusters with exactly those members; the check
refuses planted bugs.

Intents are this file's own; none is copied from the evaluation corpus.
"""

from __future__ import annotations

import pytest

from oracles.engine import Draft, answer, get_kind
from oracles.engine.diagram.graphviz import read_back
from oracles.engine.diagram.quoted_groups import unquoted_groups

INTENT = ("Group the apps into 'Front office' (kiosk, web shop) and 'Back office' (ledger, payroll). "
          "The kiosk calls the ledger; the web shop calls the ledger; payroll calls the ledger too.")


def test_quoted_group_names_are_clusters_around_their_members() -> None:
    verdict = answer("diagram", INTENT, "dot", {})
    assert verdict.status == "valid", verdict.reason
    graph = read_back(verdict.result)
    assert {name: set(members) for name, members in graph.clusters} == {
        "Front office": {"kiosk", "web shop"}, "Back office": {"ledger", "payroll"}}
    assert set(graph.edges) == {("kiosk", "ledger"), ("web shop", "ledger"), ("payroll", "ledger")}


@pytest.mark.parametrize(
    ("text", "written"),
    [
        ("Box the hosts as \u201cEU region\u201d (Paris, Milan).", "Box the hosts as: EU region (Paris, Milan)."),
        ("Sort them into 'Hot' (grill, fryer), 'Cold' (salad).", "Sort them into: Hot (grill, fryer), Cold (salad)."),
        ("The label 'fragile' (in red) goes on the box.", "The label 'fragile' (in red) goes on the box."),
    ],
)
def test_only_a_quoted_name_after_into_as_or_called_is_a_group_name(text: str, written: str) -> None:
    assert unquoted_groups(text) == written


def _planted(clusters: dict[str, list[str]]) -> None:
    nodes = ["kiosk", "web shop", "ledger", "payroll"]
    ids = {label: f"n{i}" for i, label in enumerate(nodes)}
    lines = ["digraph G {"] + [f'  {ids[n]} [label="{n}"];' for n in nodes]
    for index, (name, members) in enumerate(clusters.items()):
        lines.append(f'  subgraph cluster_{index} {{ label="{name}"; {" ".join(ids[m] + ";" for m in members)} }}')
    lines += [f"  {ids[t]} -> {ids['ledger']};" for t in ("kiosk", "web shop", "payroll")]
    verdict = get_kind("diagram").check(INTENT, Draft("dot", "\n".join([*lines, "}"]) + "\n", {}, False, []), {})
    assert verdict.status == "invalid", "the planted bug was not caught"


def test_a_member_moved_a_name_cut_or_a_group_left_out_is_caught() -> None:
    _planted({"Front office": ["kiosk"], "Back office": ["ledger", "payroll", "web shop"]})
    _planted({"Front": ["kiosk", "web shop"], "Back office": ["ledger", "payroll"]})
    _planted({"Front office": ["kiosk", "web shop"]})
