"""What ask_oracle and show_figure cost in SQL, pinned, and the figure the check drew kept.

The pins count every statement Django sends, BEGIN and COMMIT included, the same on
SQLite and PostgreSQL (run with DATABASE_URL set for PostgreSQL). A pin that moves is a question, not a number to update:
every statement of an ask is one the ledger needs.
"""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from accounts.bearer import principal_from_bearer

pytestmark = pytest.mark.django_db(transaction=True)

CHART = "a bar chart of signups: Mon 34, Tue 41, Wed 29"
DIAGRAM = "Login flow: submit, then validate; if valid, save, otherwise show error"

# ask_oracle, valid and billed (the oracle row comes from the catalogue cache): the hold (reservation, conditional debit, reserve
# row), committed on its own; the verdict (close the hold, settle row, audit row, answer row,
# balance read) in one transaction. It was 28 before the ledger's hot path was cut.
ASK_STATEMENTS = 12
# An unbilled verdict releases instead of settling: close the hold, credit back, release row, and
# the release's audit row (every credit operation is audited) — one more than a settle.
UNBILLED_ASK_STATEMENTS = 13
# show_figure: the answer (scoped to the organization), then the cache.
FIGURE_STATEMENTS = 1
# show_figure over MCP of a fresh answer: what the ask remembered of its token, and the figure,
# both read from the cache on the event loop; no statement.
FRESH_FIGURE_STATEMENTS = 0


def _principal(account):
    return principal_from_bearer(account.key)


def _statements(fn, **kwargs):
    with CaptureQueriesContext(connection) as captured:
        result = fn(**kwargs)
    return result, [q["sql"] for q in captured.captured_queries]


def test_a_billed_ask_and_its_figure_cost_what_the_ledger_needs(account):
    from accounts.credits import balance_of, ledger_sum
    from oracles.services import answer_create, figure_render

    principal = _principal(account)
    answer_create(principal=principal, oracle_name="chart", intent=CHART + ", Thu 1")  # warm-up: caches, engine
    answer, asked = _statements(answer_create, principal=principal, oracle_name="chart", intent=CHART + ", Thu 2")
    assert answer.status == "valid" and answer.cost == 1
    assert len(asked) == ASK_STATEMENTS, "\n".join(asked)
    assert not any("FOR UPDATE" in sql for sql in asked)  # conditional updates decide; nothing is locked for reading
    (data, _mime), drawn = _statements(figure_render, principal=principal, token=answer.figure.token, out="png")
    assert len(drawn) == FIGURE_STATEMENTS, "\n".join(drawn)
    assert data.startswith(b"\x89PNG")
    assert balance_of(account.organization) == 98 == ledger_sum(account.organization)


def test_an_unbilled_ask_releases_its_hold_in_as_few_statements(account):
    from accounts.credits import balance_of, ledger_sum
    from oracles.services import answer_create

    principal = _principal(account)
    answer_create(principal=principal, oracle_name="chart", intent=CHART + ", Thu 1")
    answer, asked = _statements(answer_create, principal=principal, oracle_name="chart", intent="a bar chart of signups")
    assert answer.status == "invalid" and answer.reason["code"] == "DATA_REQUIRED" and answer.cost == 0
    assert len(asked) == UNBILLED_ASK_STATEMENTS, "\n".join(asked)
    assert answer.credits_remaining == 99 == balance_of(account.organization) == ledger_sum(account.organization)


@pytest.mark.parametrize(("oracle", "intent", "fmt"), [("chart", CHART, "vega-lite"), ("chart", CHART, "vega"), ("diagram", DIAGRAM, "dot")])
def test_the_figure_a_check_drew_is_kept_so_drawing_a_fresh_answer_is_no_second_render(account, monkeypatch, oracle, intent, fmt):
    # The check keeps its SVG (and, for small diagrams, Graphviz's PNG from the same run); a
    # chart's PNG is rasterised from the kept SVG, which is how vl-convert draws PNGs anyway.
    from oracles.engine import KINDS
    from oracles.services import answer_create, figure_render

    principal = _principal(account)
    answer = answer_create(principal=principal, oracle_name=oracle, intent=intent, fmt=fmt)
    assert answer.status == "valid"
    kind = KINDS[oracle]
    expected = {out: kind.render(answer.result, fmt, out) for out in ("png", "svg")}

    def no_second_render(*args, **kwargs):
        raise AssertionError("show_figure rendered a figure its check had already drawn")

    monkeypatch.setattr(type(kind), "render", no_second_render)
    for out in ("png", "svg"):
        data, _mime = figure_render(principal=principal, token=answer.figure.token, out=out)
        assert data == expected[out]  # exactly what a render gives


def test_a_figure_the_check_did_not_keep_is_drawn_once_then_read_from_the_cache(account, settings):
    from django.core.cache import cache

    from oracles.engine import KINDS
    from oracles.services import answer_create, figure_render

    principal = _principal(account)
    answer = answer_create(principal=principal, oracle_name="chart", intent=CHART)
    cache.clear()  # the kept figures expired (or were kept by another cache)
    first, _ = figure_render(principal=principal, token=answer.figure.token, out="png")
    assert first == KINDS["chart"].render(answer.result, "vega-lite", "png")
    (again, _mime), drawn = _statements(figure_render, principal=principal, token=answer.figure.token, out="png")
    assert again == first and len(drawn) == FIGURE_STATEMENTS


def _draw_from_the_loop(**kwargs):
    # As the MCP tool does: cache reads on the event loop, database steps in this thread.
    from asgiref.sync import async_to_sync

    from accounts import loop_cache
    from oracles.services import figure_draw

    return async_to_sync(figure_draw)(cache_read=loop_cache.get_many, **kwargs)


@pytest.mark.parametrize(("oracle", "intent", "out"), [("chart", CHART, "png"), ("chart", CHART, "svg"), ("diagram", DIAGRAM, "png")])
def test_show_figure_of_a_fresh_answer_reads_no_database(account, oracle, intent, out, monkeypatch):
    from oracles import figures
    from oracles.engine import KINDS

    # A chart's PNG is drawn in the background only on idle capacity; the test machine may be busy.
    monkeypatch.setattr(figures.os, "getloadavg", lambda: (0.0, 0.0, 0.0))
    from oracles.services import answer_create

    principal = _principal(account)
    answer = answer_create(principal=principal, oracle_name=oracle, intent=intent)
    (data, _mime), drawn = _statements(_draw_from_the_loop, principal=principal, token=answer.figure.token, out=out)
    assert len(drawn) == FRESH_FIGURE_STATEMENTS, "\n".join(drawn)
    assert data == KINDS[oracle].render(answer.result, answer.format, out)


def test_a_fresh_figure_token_is_still_scoped_to_its_organization(account, make_account):
    from ground.errors import FormaError
    from oracles.services import answer_create

    answer = answer_create(principal=_principal(account), oracle_name="chart", intent=CHART)
    stranger = _principal(make_account(email="stranger@example.com"))
    with pytest.raises(FormaError) as refused:
        _draw_from_the_loop(principal=stranger, token=answer.figure.token, out="png")
    assert refused.value.kind == "not_found"


def test_a_figure_the_cache_forgot_is_read_from_the_answer_row(account):
    from django.core.cache import cache

    from oracles.figures import figure_token_cache_key
    from oracles.services import answer_create

    principal = _principal(account)
    answer = answer_create(principal=principal, oracle_name="diagram", intent=DIAGRAM)
    cache.delete(figure_token_cache_key(answer.figure.token))
    (data, _mime), drawn = _statements(_draw_from_the_loop, principal=principal, token=answer.figure.token, out="png")
    assert data.startswith(b"\x89PNG") and len(drawn) == FIGURE_STATEMENTS
