"""Forma's oracle engine: pure functions from an intent to a checked artifact.

No Django here: the Celery task calls `answer(...)`, the services show `ENGINE_LIMITS` and the
catalogue reads `KINDS`. Every kind is `draft → check → render`, and the check never trusts
the drafter (a model-backed drafter can later produce `Draft`s for the same checkers).
"""

from __future__ import annotations

from typing import Any

from .chart import ChartKind
from .contracts import Draft, EngineCrash, EngineRefusal, OracleKind, Verdict
from .diagram import DiagramKind
from .limits import ENGINE_LIMITS
from .text import clean_intent

KINDS: dict[str, OracleKind] = {"chart": ChartKind(), "diagram": DiagramKind()}


def get_kind(name: str) -> OracleKind:
    """The oracle kind called `name`; KeyError when there is none."""
    return KINDS[name]


def answer(kind_name: str, intent: str, fmt: str, options: dict[str, Any]) -> Verdict:
    """Draft and check: the verdict for one intent.

    A refusal becomes an `invalid` verdict; a crash or timeout of a native renderer an `error`
    one. The intent is cleaned of control characters and non-characters first (`text.py`), so
    the drafter and the checker read the same text.
    """
    kind = get_kind(kind_name)
    options = dict(options or {})
    if isinstance(intent, str):
        intent = clean_intent(intent)
    try:
        draft = kind.draft(intent, fmt or kind.default_format, options)
    except EngineRefusal as refusal:
        return Verdict.invalid(refusal.code, refusal.message)
    except EngineCrash as crash:
        return Verdict.error(crash.code, crash.message)
    try:
        return kind.check(intent, draft, options)
    except EngineCrash as crash:
        return Verdict.error(crash.code, crash.message, draft.notes)


__all__ = ["ENGINE_LIMITS", "KINDS", "Draft", "EngineCrash", "EngineRefusal", "OracleKind", "Verdict", "answer", "get_kind"]
