"""Forma's oracle engine: pure functions from an intent to a checked artifact.

No Django here: the Celery task calls `answer(...)`, the services show `ENGINE_LIMITS` and the
catalogue reads `KINDS`. Every kind is `draft → check → render`, and the check never trusts
the drafter (a model-backed drafter can later produce `Draft`s for the same checkers).
"""

from __future__ import annotations

from typing import Any

from .chart import ChartKind
from .contracts import Draft, EngineRefusal, OracleKind, Verdict
from .diagram import DiagramKind
from .limits import ENGINE_LIMITS

KINDS: dict[str, OracleKind] = {"chart": ChartKind(), "diagram": DiagramKind()}


def get_kind(name: str) -> OracleKind:
    """The oracle kind called `name`; KeyError when there is none."""
    return KINDS[name]


def answer(kind_name: str, intent: str, fmt: str, options: dict[str, Any]) -> Verdict:
    """Draft and check: the verdict for one intent. A refusal becomes an `invalid` verdict."""
    kind = get_kind(kind_name)
    options = dict(options or {})
    try:
        draft = kind.draft(intent, fmt or kind.default_format, options)
    except EngineRefusal as refusal:
        return Verdict("invalid", None, None, refusal.as_reason(), [])
    return kind.check(intent, draft, options)


__all__ = ["ENGINE_LIMITS", "KINDS", "Draft", "EngineRefusal", "OracleKind", "Verdict", "answer", "get_kind"]
