"""Families found by the first-contact run of the sealed af_ batch (on main after the org chart, sequence and
parallel readers landed; its two wrong valids fixed by rule):

- A title asked with words between "title" and the quotes ("Title put 'Sales March'", "The title should be
  'Mix 2025'") is read as asked by drafter and check, and its numbers are never data.
- "db before api, cache before api, …" drawn as nodes named 'db before api': an order between two names that
  other nodes name too is a relation, refused with the arrow to write instead.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from oracles.engine import answer, get_kind
from oracles.tests.planted_diagrams import drawn, planted_reason
from oracles.tests.test_batch_ae_families import _title


@pytest.mark.parametrize(("intent", "title"), [
    ("I want pie for my shop sell by category last month: drinks 35%, snack 25%, cigarette 15%, other 25%. "
     "Title put 'Sales March'.", "Sales March"),
    ("pie: a 1, b 2. The title should be 'Mix 2025'.", "Mix 2025"),
])
def test_a_title_asked_with_words_before_its_quotes_is_drawn(intent: str, title: str) -> None:
    verdict = answer("chart", intent, "vega-lite", {})
    assert verdict.status == "valid" and _title(verdict) == title


def test_the_check_alone_refuses_such_a_title_not_drawn() -> None:
    intent = "pie: a 1, b 2. Title put 'Sales March'."
    kind = get_kind("chart")
    draft = kind.draft(intent, "vega-lite", {})
    assert kind.check(intent, replace(draft, artifact={**draft.artifact, "title": "Pie"}), {}).status == "invalid"


BUILD_ORDER = "build order: db before api, cache before api, queue before worker, db before worker, api before web"


def test_an_order_between_names_is_never_a_node() -> None:
    verdict = answer("diagram", BUILD_ORDER, "dot", {})
    assert verdict.status == "invalid" and verdict.reason["code"] == "NODE_HOLDS_RELATION"
    planted_reason(BUILD_ORDER, [("db before api", "cache before api"), ("cache before api", "api before web")])


def test_the_arrows_the_refusal_suggests_are_read_and_a_lone_step_with_before_stays_a_step() -> None:
    _, edges = drawn("build order: db -> api, cache -> api, queue -> worker, db -> worker, api -> web")
    assert ("db", "api") in edges and ("api", "web") in edges
    nodes, _ = drawn("wash hands -> eat before bed -> sleep")
    assert "eat before bed" in nodes
