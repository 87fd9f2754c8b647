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
from oracles.tests.test_chart_agent_json import _drawn


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


# ---------------------------------------------------------------------------------------------
# Groups headed by names, one line each ("- dedupe: before 420, after 310", "Marketing - budget $120k, actual
# $134k", "db-01: used 820, free 180"): the headings run along x when the request names the repeated names
# together ("before vs after", "budget vs actual"); bulleted lines, longer names and spaced dashes are headings too.


@pytest.mark.parametrize(("intent", "first", "series"), [
    ("grouped bars, job duration in seconds before vs after the Spark upgrade:\n- dedupe: before 420, after 310\n"
     "- enrich: before 615, after 380\n- publish: before 90, after 85", ("before", "dedupe", 420), {"before", "after"}),
    ("Budget vs actual by department (grouped bar):\nMarketing - budget $120k, actual $134k\nIT - budget $250k, "
     "actual $231k\nOperations - budget $180k, actual $176k", ("budget", "Marketing", 120_000), {"budget", "actual"}),
    ("Capacity review — per host, used vs free (GB), stacked bars:\n- db-01: used 820, free 180\n- db-02: used 640, "
     "free 360\n- cache-01: used 110, free 390", ("used", "db-01", 820), {"used", "free"}),
    ("conversion per step, control vs variant:\nsignup: control 18%, variant 22%\nactivation: control 41%, variant "
     "44%\npurchase: control 6%, variant 7.5%", ("control", "signup", 18), {"control", "variant"}),
])
def test_name_headed_groups_put_the_headings_along_x(intent: str, first: tuple, series: set[str]) -> None:
    status, _, rows = _drawn(intent)
    assert status == "valid"
    assert rows[0] == first and {r[0] for r in rows} == series


def test_name_headed_groups_without_the_names_said_together_stay_refused() -> None:
    # which names are the series is not said: either way round reads
    assert answer("chart", "France — nuclear 320, hydro 55; Germany — nuclear 7, hydro 18", "vega-lite", {}).status == "invalid"


# ---------------------------------------------------------------------------------------------
# Series of bare values with their labels in brackets after the first series ("Starter: 10k, 12k, 13k (Jan–Mar).
# Pro: …"), after a question ("… MRR by plan? Starter: …"): the first series is no longer dropped


def test_labels_in_brackets_after_the_first_series_label_every_series() -> None:
    status, _, rows = _drawn("hey can we get a stacked area of MRR by plan? Starter: 10k, 12k, 13k (Jan–Mar). Pro: 25k, "
                             "27k, 31k. Enterprise: 40k, 40k, 45k")
    assert status == "valid"
    assert rows[:3] == [("Starter", "Jan", 10_000), ("Starter", "Feb", 12_000), ("Starter", "Mar", 13_000)]
    assert len(rows) == 9
    verdict = answer("chart", "hey can we get a stacked area of MRR by plan? Starter: 10k, 12k, 13k (Jan–Mar). Pro: "
                              "25k, 27k, 31k", "vega-lite", {})
    assert _title(verdict) == "MRR by plan"


def test_a_bracket_that_is_no_list_of_labels_stays_refused() -> None:
    assert answer("chart", "Starter: 10k, 12k, 13k (est.). Pro: 25k, 27k, 31k", "vega-lite", {}).status == "invalid"
