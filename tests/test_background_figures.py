"""A fresh chart's PNG drawn in the background after its check (embedded default): drawn once, served
to show_figure (which waits for a drawing under way instead of starting another), and a failure
reported to the caller, not lost."""

from __future__ import annotations

import logging
import threading
from concurrent.futures import ThreadPoolExecutor

import pytest

from accounts.bearer import principal_from_bearer
from ground.errors import FormaError

pytestmark = pytest.mark.django_db(transaction=True)

CHART = "a bar chart of signups: Mon 34, Tue 41, Wed 29, Thu {n}"
PNG = b"\x89PNG\r\n\x1a\n"


class _HeldDrawing:
    """png_from_svg held until released, counting its calls (and at most how many ran at once)."""

    def __init__(self, real, fail: Exception | None = None) -> None:
        self.real, self.fail = real, fail
        self.release = threading.Event()
        self.started = threading.Event()
        self.calls = 0
        self.running = 0
        self.most_at_once = 0
        self._lock = threading.Lock()

    def __call__(self, kind_self, svg: bytes) -> bytes:
        with self._lock:
            self.calls += 1
            self.running += 1
            self.most_at_once = max(self.most_at_once, self.running)
        self.started.set()
        try:
            assert self.release.wait(30), "the test never released the drawing"
            if self.fail is not None:
                raise self.fail
            return self.real(kind_self, svg)
        finally:
            with self._lock:
                self.running -= 1


@pytest.fixture(autouse=True)
def idle_machine(monkeypatch):
    # Background drawing takes only idle capacity; the machine running the tests may be busy.
    from oracles import figures

    monkeypatch.setattr(figures.os, "getloadavg", lambda: (0.0, 0.0, 0.0))


@pytest.fixture
def held(monkeypatch):
    from oracles.engine import KINDS

    kind_type = type(KINDS["chart"])
    drawings: list[_HeldDrawing] = []

    def hold(fail: Exception | None = None) -> _HeldDrawing:
        drawing = _HeldDrawing(kind_type.png_from_svg, fail)
        monkeypatch.setattr(kind_type, "png_from_svg", lambda kind_self, svg: drawing(kind_self, svg))
        drawings.append(drawing)
        return drawing

    yield hold
    for drawing in drawings:  # never leave the background thread blocked for the next test
        drawing.release.set()


@pytest.fixture
def waiting_callers(monkeypatch):
    """How many show_figure calls are waiting on a background drawing (so a test releases it only then)."""
    from oracles import services

    waiting = threading.Semaphore(0)
    real = services._drawn_in_background

    async def counted(drawing, *, deadline):
        waiting.release()
        return await real(drawing, deadline=deadline)

    monkeypatch.setattr(services, "_drawn_in_background", counted)

    def wait_for(n: int) -> None:
        for _ in range(n):
            assert waiting.acquire(timeout=10), "show_figure did not wait for the drawing under way"

    return wait_for


def _ask(account, n: int):
    from oracles.services import answer_create

    answer = answer_create(principal=principal_from_bearer(account.key), oracle_name="chart", intent=CHART.format(n=n))
    assert answer.status == "valid" and answer.figure.drawable
    return answer


def _key(answer) -> str:
    from oracles.figures import figure_cache_key

    return figure_cache_key(kind="chart", fmt=answer.format, out="png", result=answer.result)


def test_the_png_drawn_in_the_background_is_drawn_once_and_every_waiting_show_figure_gets_it(account, held, waiting_callers):
    from oracles.engine import KINDS
    from oracles.figures import png_in_flight
    from oracles.services import figure_render

    drawing = held()
    answer = _ask(account, 1)
    assert drawing.started.wait(10), "no background drawing started after the check"
    assert png_in_flight(_key(answer)) is not None
    principal = principal_from_bearer(account.key)
    with ThreadPoolExecutor(2) as callers:  # two show_figures arrive while it is being drawn
        waiting = [callers.submit(figure_render, principal=principal, token=answer.figure.token, out="png") for _ in range(2)]
        waiting_callers(2)
        drawing.release.set()
        drawn = [future.result(timeout=30) for future in waiting]
    again, _mime = figure_render(principal=principal, token=answer.figure.token, out="png")  # then a cache read
    expected = KINDS["chart"].render(answer.result, answer.format, "png")
    assert [data for data, _mime in drawn] == [expected, expected] and again == expected
    assert drawing.calls == 1 and drawing.most_at_once == 1
    assert png_in_flight(_key(answer)) is None


def test_a_background_drawing_that_fails_is_reported_to_show_figure_and_logged(account, held, waiting_callers, caplog):
    from oracles.engine import KINDS, EngineCrash
    from oracles.figures import png_in_flight
    from oracles.services import figure_render

    drawing = held(fail=EngineCrash("ENGINE_CRASHED", "The renderer stopped."))
    answer = _ask(account, 2)
    assert drawing.started.wait(10)
    principal = principal_from_bearer(account.key)
    with caplog.at_level(logging.WARNING, logger="forma.oracles"), ThreadPoolExecutor(1) as caller:
        waiting = caller.submit(figure_render, principal=principal, token=answer.figure.token, out="png")
        waiting_callers(1)
        drawing.release.set()
        with pytest.raises(FormaError) as refused:
            waiting.result(timeout=30)
    assert refused.value.kind == "upstream_unavailable" and "The renderer stopped." in refused.value.message
    assert any("background PNG" in record.getMessage() for record in caplog.records)
    assert png_in_flight(_key(answer)) is None
    # The failed drawing left nothing behind: the next show_figure draws it itself, once.
    drawing.fail = None
    data, _mime = figure_render(principal=principal, token=answer.figure.token, out="png")
    assert data == KINDS["chart"].render(answer.result, answer.format, "png") and drawing.calls == 2


def test_no_background_drawing_without_a_spare_engine_process(account, held, monkeypatch):
    from django.core.cache import cache

    from oracles.engine import native
    from oracles.figures import png_in_flight
    from oracles.services import figure_render

    monkeypatch.setattr(native.EnginePool, "has_spare", lambda self: False)
    drawing = held()
    drawing.release.set()
    answer = _ask(account, 3)
    assert png_in_flight(_key(answer)) is None and cache.get(_key(answer)) is None and drawing.calls == 0
    data, _mime = figure_render(principal=principal_from_bearer(account.key), token=answer.figure.token, out="png")
    assert data.startswith(PNG) and drawing.calls == 1  # drawn on demand, as before


def test_no_background_drawing_on_a_busy_machine(account, held, monkeypatch):
    from oracles import figures
    from oracles.figures import png_in_flight

    monkeypatch.setattr(figures.os, "getloadavg", lambda: (64.0, 64.0, 64.0))
    drawing = held()
    drawing.release.set()
    answer = _ask(account, 5)
    assert png_in_flight(_key(answer)) is None and drawing.calls == 0


def test_a_check_run_by_a_worker_draws_nothing_in_the_background(held, monkeypatch):
    # In served mode the check runs in a Celery worker: show_figure draws on demand there. A worker
    # started on a broker may still carry the eager default in its configuration (so it is set here):
    # what counts is that this check is a worker's delivery, not an eager call in the asking process.
    from oracles.figures import figure_cache_key, png_in_flight
    from oracles.tasks import check_intent

    monkeypatch.setitem(check_intent.app.conf, "task_always_eager", True)
    drawing = held()
    verdict = check_intent.run("chart", CHART.format(n=4), "vega-lite", {})
    assert verdict["status"] == "valid"
    key = figure_cache_key(kind="chart", fmt="vega-lite", out="png", result=verdict["result"])
    assert png_in_flight(key) is None and drawing.calls == 0


def test_one_background_drawing_at_a_time(account, held):
    # A second fresh chart while one is being drawn is not queued behind it: show_figure draws it on demand.
    from oracles.figures import png_in_flight

    drawing = held()
    first = _ask(account, 6)
    assert drawing.started.wait(10)
    second = _ask(account, 7)
    assert png_in_flight(_key(first)) is not None and png_in_flight(_key(second)) is None
    drawing.release.set()
