"""Native renderers run where their crash cannot take the caller down, and never see unsafe text.

vl-convert panics (and aborts its process) on a control character or U+FFFE in a title or label.
These tests make the engine processes crash for real — by sending such a spec past the cleaning,
by SIGKILL mid-call — and check that the caller gets an `error` verdict and the next call works.
"""

from __future__ import annotations

import functools
import json
import logging
import os
import signal
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from oracles.engine import EngineCrash, answer, get_kind, native
from oracles.engine.diagram.graphviz import run_dot
from oracles.engine.text import clean_intent, clean_strings, clean_text

C0 = [chr(c) for c in range(0x20) if chr(c) not in "\t\n\r"]
C1 = [chr(c) for c in range(0x80, 0xA0)]
NONCHARACTERS = ["\ufffe", "\uffff", "\ufdd0", "\ufdef", "\U0001fffe", "\U0001ffff", "\U0010fffe", "\U0010ffff"]
LONE_SURROGATES = ["\ud800", "\udbff", "\udc00", "\udfff"]
REMOVED = [*C0, "\x7f", *C1, *NONCHARACTERS, *LONE_SURROGATES]
# A sample of the removed code points for the slower end-to-end cases: the edges of each range.
HOSTILE = ["\x00", "\x01", "\x08", "\x0b", "\x1b", "\x1f", "\x7f", "\x85", "\x9f", "\ufffe", "\uffff", "\ufdd0",
           "\U0001fffe", "\ud800"]
SIGNUPS = "a bar chart of signups: Mon 34, Tue 41, Wed 29"
BAR_SPEC = {"mark": "bar", "data": {"values": [{"day": "Mon", "n": 34}, {"day": "Tue", "n": 41}]},
            "encoding": {"x": {"field": "day", "type": "nominal"}, "y": {"field": "n", "type": "quantitative"}}}


def _name(ch: str) -> str:
    return f"U+{ord(ch):04X}"


def _alive(pid: int) -> bool:
    """Whether our child `pid` has not exited yet (without reaping it: its Popen does that)."""
    try:
        # Not /proc's "Z": the leader of a multi-threaded process (V8) shows as a zombie while its
        # other threads are still exiting, and waitpid reports it only once they all have.
        return os.waitid(os.P_PID, pid, os.WEXITED | os.WNOHANG | os.WNOWAIT) is None
    except ChildProcessError:
        return False  # exited and already reaped


def _wait_until(predicate, what: str, timeout: float = 10) -> None:
    deadline = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.005)


@pytest.fixture
def one_engine_process(settings) -> Iterator[native.EnginePool]:
    """A fresh pool of exactly one engine process, warm and idle."""
    settings.FORMA = {**settings.FORMA, "ENGINE_PROCESSES": 1}
    native.reset_pool()
    pool = native.pool()
    native.to_svg(BAR_SPEC, "vega-lite")
    yield pool
    native.reset_pool()


# ---- the cleaning function ---------------------------------------------------------------------

@pytest.mark.parametrize("ch", REMOVED, ids=_name)
def test_clean_text_removes_every_control_noncharacter_and_lone_surrogate(ch: str) -> None:
    assert clean_text(f"Mo{ch}n") == "Mon"
    assert clean_intent(f"Mo{ch}n") == "Mon"


@pytest.mark.parametrize("ch", ["\t", "\n", "\r"], ids=_name)
def test_tab_line_feed_and_carriage_return_become_a_space_in_text(ch: str) -> None:
    assert clean_text(f"Mo{ch}n") == "Mo n"


def test_an_intent_keeps_its_lines_and_tabs_and_reads_cr_as_a_line_break() -> None:
    assert clean_intent("day\tvisits\r\nMon\t3\rTue\t4\n\x01Wed\t\ufffe5") == "day\tvisits\nMon\t3\nTue\t4\nWed\t5"


@pytest.mark.parametrize("text", ["Montréal", "東京 😀", "a\u00a0b", "\ufffd", "\ufdcf\ufdf0", "\U0001fffd", "\u200b"])
def test_visible_text_and_unicode_that_is_not_a_noncharacter_pass_unchanged(text: str) -> None:
    assert clean_text(text) == text and clean_intent(text) == text


def test_clean_strings_cleans_every_string_and_key_without_touching_the_input() -> None:
    spec = {"title": "a\x01b", "da\ufffeta": {"values": [{"l\x85": "x\ud800y", "v": 1.5}, ["\x7f", None, True]]}}
    original = json.loads(json.dumps(spec))
    assert clean_strings(spec) == {"title": "ab", "data": {"values": [{"l": "xy", "v": 1.5}, ["", None, True]]}}
    assert spec == original


def test_clean_strings_walks_deep_nesting_without_recursion() -> None:
    deep: list = ["\x01"]
    for _ in range(50_000):
        deep = [deep]
    cleaned = clean_strings(deep)
    for _ in range(50_000):
        cleaned = cleaned[0]
    assert cleaned == [""]


# ---- every text position of every oracle, through the engine ----------------------------------

# {c}: the character as is; {e}: the character as a JSON escape inside a JSON intent (it reaches
# the drafter only after json.loads, past the intent cleaning).
POSITIONS = {
    "chart title": ("chart", "a bar chart of sign{c}ups: Mon 34, Tue 41, Wed 29"),
    "chart category label": ("chart", "a bar chart of signups: Mo{c}n 34, Tue 41, Wed 29"),
    "chart series name": ("chart", "day,web{c},app\nMon,3,5\nTue,4,6\nWed,2,7"),
    "chart axis title": ("chart", "da{c}y,visits\nMon,3\nTue,4\nWed,2"),
    "chart markdown table": ("chart", "| day | vis{c}its |\n|---|---|\n| Mon | 3 |\n| Tu{c}e | 4 |"),
    "chart JSON key": ("chart", '{{"Mon{e}": 34, "Tu{e}e": 41}}'),
    "chart JSON string value": ("chart", '[{{"day": "Mon{e}", "visits": 34}}, {{"day": "Tue", "visits": 41}}]'),
    "chart JSON series name": ("chart", '{{"web{e}": {{"Mon": 3, "Tue": 4}}, "app": {{"Mon": 5, "Tue": 6}}}}'),
    "diagram node name": ("diagram", "sub{c}mit -> validate -> save"),
    "diagram edge label": ("diagram", "if valid, sa{c}ve, otherwise show er{c}ror"),
    "diagram relation": ("diagram", "the brow{c}ser talks to nginx"),
}


def _escape(ch: str) -> str:
    return json.dumps(ch)[1:-1]  # \uXXXX (a surrogate pair for astral code points)


@functools.cache
def _clean_answer(position: str) -> dict:
    kind, template = POSITIONS[position]
    return answer(kind, template.format(c="", e=""), "", {}).to_dict()


@pytest.mark.parametrize("position", POSITIONS)
@pytest.mark.parametrize("ch", HOSTILE, ids=_name)
def test_hostile_characters_in_any_position_get_a_verdict_from_the_engine(
    ch: str, position: str, caplog: pytest.LogCaptureFixture,
) -> None:
    kind, template = POSITIONS[position]
    clean = _clean_answer(position)
    with caplog.at_level(logging.ERROR, logger="forma.engine"):
        hostile = answer(kind, template.format(c=ch, e=_escape(ch)), "", {})
    assert clean["status"] == "valid"
    # Nothing crashed: the verdict is not an error, and no engine process died or timed out.
    # (Comparing process ids would also see a process recycled after its quota of calls.)
    assert hostile.status in ("valid", "invalid"), hostile.reason
    assert [r.getMessage() for r in caplog.records if r.name == "forma.engine"] == []
    if "{c}" in template:
        # The character is removed from the intent before anything reads it: the same answer.
        assert hostile.to_dict() == clean


@pytest.mark.parametrize("ch", HOSTILE, ids=_name)
def test_a_stored_chart_with_hostile_text_everywhere_is_drawn(ch: str) -> None:
    # Results are drawn long after the check (and were stored before any cleaning existed).
    spec = {"title": {"text": f"Sign{ch}ups", "subtitle": f"per{ch} day"},
            "data": {"values": [{f"d{ch}ay": f"Mo{ch}n", "n": 34}, {f"d{ch}ay": "Tue", "n": 41}]},
            "mark": "bar", "encoding": {"x": {"field": f"d{ch}ay", "type": "nominal", "title": f"Da{ch}y"},
                                        "y": {"field": "n", "type": "quantitative", "axis": {"title": f"Sign{ch}ups"}}}}
    chart = get_kind("chart")
    png = chart.render(spec, "vega-lite", "png")
    svg = chart.render(spec, "vega-lite", "svg").decode()
    assert png.startswith(b"\x89PNG\r\n\x1a\n")
    assert "Signups" in svg and "Mon" in svg and "Day" in svg
    vega = native.vegalite_to_vega(spec)
    assert chart.render(vega, "vega", "png").startswith(b"\x89PNG\r\n\x1a\n")


@pytest.mark.parametrize("ch", HOSTILE, ids=_name)
def test_a_stored_diagram_with_hostile_node_edge_and_cluster_labels_is_drawn(ch: str) -> None:
    source = (f'digraph G {{\n  subgraph cluster_0 {{ label="Back{ch}end"; n0 [label="sub{ch}mit"]; }}\n'
              f'  n1 [label="sa{ch}ve"];\n  n0 -> n1 [label="o{ch}k"];\n}}\n')
    diagram = get_kind("diagram")
    svg = diagram.render(source, "dot", "svg").decode()
    assert diagram.render(source, "dot", "png").startswith(b"\x89PNG\r\n\x1a\n")
    for text in ("Backend", "submit", "save", "ok"):
        assert f">{text}<" in svg


# ---- a crashing engine process -------------------------------------------------------------------

def test_a_renderer_that_aborts_is_an_engine_crash_and_the_next_call_gets_a_fresh_process(one_engine_process, caplog) -> None:
    (pid,) = one_engine_process.idle_pids()
    poison = {**BAR_SPEC, "title": "Sign\x01ups"}
    with caplog.at_level(logging.ERROR, logger="forma.engine"), pytest.raises(EngineCrash) as crash:
        # Straight to the pool, past the cleaning: vl-convert really panics and aborts.
        one_engine_process.call("vegalite_to_svg", poison)
    assert crash.value.code == "ENGINE_CRASHED"
    assert "Retrying the same input will fail the same way" in crash.value.message
    records = [r.getMessage() for r in caplog.records if r.name == "forma.engine"]
    assert len(records) == 1
    assert f"engine process {pid} died during vegalite_to_svg (killed by SIGABRT" in records[0]
    assert "Sign\\\\u0001ups" in records[0] and "\n" not in records[0]
    assert not _alive(pid)
    (successor,) = one_engine_process.idle_pids()  # started at once, warm before it is needed
    assert successor != pid
    assert "<svg" in native.to_svg(poison, "vega-lite")  # cleaned on the ordinary path: no crash
    assert one_engine_process.idle_pids() == [successor]


def _kill_mid_call(pool: native.EnginePool, call) -> tuple[int, dict]:
    """Freeze the only engine process, start `call` on it, SIGKILL it mid-call; returns (pid, outcome)."""
    (pid,) = pool.idle_pids()
    os.kill(pid, signal.SIGSTOP)  # the request then waits in the pipe: the kill lands mid-call
    outcome: dict = {}

    def run() -> None:
        try:
            outcome["value"] = call()
        except Exception as exc:  # noqa: BLE001 - reported to the test
            outcome["error"] = exc

    caller = threading.Thread(target=run)
    caller.start()
    _wait_until(lambda: pid in pool.busy_pids, "the call to take the engine process")
    os.kill(pid, signal.SIGKILL)
    caller.join(timeout=30)
    assert not caller.is_alive()
    return pid, outcome


def test_an_engine_process_killed_mid_check_is_an_error_verdict_and_the_next_answer_is_valid(one_engine_process) -> None:
    pid, outcome = _kill_mid_call(one_engine_process, lambda: answer("chart", SIGNUPS, "", {}))
    verdict = outcome["value"]
    assert (verdict.status, verdict.result, verdict.reason["code"]) == ("error", None, "ENGINE_CRASHED")
    assert "Retrying the same input will fail the same way" in verdict.reason["message"]
    assert not _alive(pid)
    assert answer("chart", SIGNUPS, "", {}).status == "valid"
    assert pid not in one_engine_process.idle_pids()


def test_an_engine_process_killed_mid_render_is_an_engine_crash(one_engine_process) -> None:
    pid, outcome = _kill_mid_call(one_engine_process, lambda: get_kind("chart").render(BAR_SPEC, "vega-lite", "png"))
    assert isinstance(outcome["error"], EngineCrash) and outcome["error"].code == "ENGINE_CRASHED"
    assert get_kind("chart").render(BAR_SPEC, "vega-lite", "png").startswith(b"\x89PNG")


def test_a_call_past_its_time_limit_kills_the_engine_process(one_engine_process, settings) -> None:
    (pid,) = one_engine_process.idle_pids()
    os.kill(pid, signal.SIGSTOP)  # a hung renderer
    settings.FORMA = {**settings.FORMA, "ENGINE_CALL_TIMEOUT_SECONDS": 0.3}
    started = time.monotonic()
    with pytest.raises(EngineCrash) as crash:
        native.to_svg(BAR_SPEC, "vega-lite")
    assert crash.value.code == "ENGINE_TIMEOUT" and time.monotonic() - started < 5
    _wait_until(lambda: not _alive(pid), "the hung engine process to be killed")
    settings.FORMA = {**settings.FORMA, "ENGINE_CALL_TIMEOUT_SECONDS": 10}
    assert "<svg" in native.to_svg(BAR_SPEC, "vega-lite")


def test_an_engine_process_killed_while_idle_is_replaced_without_failing_a_call(one_engine_process) -> None:
    (pid,) = one_engine_process.idle_pids()
    os.kill(pid, signal.SIGKILL)
    _wait_until(lambda: not _alive(pid), "the idle process to die")
    verdict = answer("chart", SIGNUPS, "", {})
    assert verdict.status == "valid", verdict.reason
    assert pid not in one_engine_process.idle_pids()


def test_engine_processes_are_recycled_after_their_call_limit(one_engine_process, settings) -> None:
    settings.FORMA = {**settings.FORMA, "ENGINE_MAX_CALLS_PER_PROCESS": 3}
    (first,) = one_engine_process.idle_pids()
    native.to_svg(BAR_SPEC, "vega-lite")  # call 2 (the fixture made call 1)
    assert one_engine_process.idle_pids() == [first]
    native.to_svg(BAR_SPEC, "vega-lite")  # call 3: retired, a successor waits
    (second,) = one_engine_process.idle_pids()
    assert second != first
    _wait_until(lambda: not _alive(first), "the retired process to exit")


def test_concurrent_callers_share_a_bounded_pool(settings) -> None:
    settings.FORMA = {**settings.FORMA, "ENGINE_PROCESSES": 2}
    native.reset_pool()
    pool = native.pool()
    seen: set[int] = set()
    results: list[bytes] = []
    errors: list[BaseException] = []
    lock = threading.Lock()

    def draw() -> None:
        try:
            for _ in range(3):
                png = get_kind("chart").render(BAR_SPEC, "vega-lite", "png")
                with lock:
                    results.append(png)
                    seen.update(pool.busy_pids | set(pool.idle_pids()))
        except BaseException as exc:  # noqa: BLE001 - reported to the test
            errors.append(exc)

    threads = [threading.Thread(target=draw) for _ in range(5)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    try:
        assert errors == []
        assert len(results) == 15 and all(png.startswith(b"\x89PNG") for png in results)
        assert 1 <= len(seen) <= 2
    finally:
        native.reset_pool()


# ---- Graphviz: already its own process ----------------------------------------------------------

def _children_named(name: str) -> list[int]:
    pids = []
    for task in Path(f"/proc/{os.getpid()}/task").iterdir():
        try:  # a thread of this process may end between the listing and the read
            children = (task / "children").read_text().split()
        except (FileNotFoundError, ProcessLookupError):
            continue
        for child in children:
            try:
                if Path(f"/proc/{child}/comm").read_text().strip() == name:
                    pids.append(int(child))
            except (FileNotFoundError, ProcessLookupError):  # the child may end between the listing and the read
                continue
    return pids


def test_a_killed_graphviz_is_an_engine_crash_not_a_refusal(caplog) -> None:
    # Big enough (about half a second of layout here, well inside the 5 s limit) that `dot`
    # is still laying it out when the kill arrives, even on a busy machine.
    edges = "\n".join(f'  n{i} -> n{(i * 7 + 3) % 1000} [label="edge {i}"];' for i in range(1000))
    source = f"digraph G {{\n{edges}\n}}\n"
    killed: list[int] = []
    done = threading.Event()

    def kill_dot() -> None:
        # Until run_dot returns, not just until the first kill: a `dot` another thread of this
        # process runs (a test before this one) may be found first, and ours must be killed too.
        deadline = time.monotonic() + 10
        while not done.is_set() and time.monotonic() < deadline:
            for pid in _children_named("dot"):
                try:
                    os.kill(pid, signal.SIGKILL)
                except ProcessLookupError:
                    continue  # gone between the listing and the kill: the thread must keep watching
                killed.append(pid)

    killer = threading.Thread(target=kill_dot)
    killer.start()
    try:
        with caplog.at_level(logging.ERROR, logger="forma.engine"), pytest.raises(EngineCrash) as crash:
            run_dot(source, "svg")
    finally:
        done.set()
        killer.join()
    assert killed and crash.value.code == "ENGINE_CRASHED"
    assert "Retrying the same input will fail the same way" in crash.value.message
    records = [r.getMessage() for r in caplog.records if r.name == "forma.engine" and "n0 -> n3 " in r.getMessage()]
    assert len(records) == 1 and records[0].startswith("graphviz dot -Tsvg killed by SIGKILL; input: b'digraph G {")
    assert run_dot("digraph G { a -> b }", "svg").lstrip().startswith(b"<?xml")
