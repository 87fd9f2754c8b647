"""Forma's oracle engine: pure functions from an intent to a checked artifact.

No Django here: the Celery task calls `answer(...)`, and the kinds it serves are the ones
registered in `registry.py` (`settings.FORMA_ORACLE_KINDS`). Every kind is
`draft → check → render`, and the check never trusts the drafter (a model-backed drafter can
later produce `Draft`s for the same checkers).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from .contracts import Draft, EngineCrash, EngineRefusal, NoOptions, OracleKind, Verdict
from .registry import REGISTRY, KindRegistrationError, registry_reload
from .text import clean_intent

# The registered kinds by name: a live view (the registry fills it on first use and on reload).
KINDS: dict[str, OracleKind] = REGISTRY.kinds


def get_kind(name: str) -> OracleKind:
    """The registered oracle kind called `name`; KeyError when there is none."""
    return REGISTRY.get(name)


class _AllLimits(Mapping[str, int | float]):
    """Every registered kind's limits in one read-only view (each kind's own are `kind.limits`)."""

    def _merged(self) -> dict[str, int | float]:
        merged: dict[str, int | float] = {}
        for kind in REGISTRY:
            merged.update(kind.limits)
        return merged

    def __getitem__(self, key: str) -> int | float:
        return self._merged()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._merged())

    def __len__(self) -> int:
        return len(self._merged())


ENGINE_LIMITS: Mapping[str, int | float] = _AllLimits()


def answer(kind_name: str, intent: str, fmt: str, options: dict[str, Any]) -> Verdict:
    """Draft and check: the verdict for one intent.

    A refusal becomes an `invalid` verdict; a crash or timeout of a native renderer an `error`
    one. The intent is cleaned of control characters and non-characters first (`text.py`), so
    the drafter and the checker read the same text. A format the kind does not make can only
    come from a catalogue row that disagrees with the kind (Forma's configuration, which the
    system check refuses): its UNSUPPORTED_FORMAT is never billed (reasons.py).
    """
    kind = get_kind(kind_name)
    options = dict(options or {})
    fmt = fmt or kind.default_format
    if fmt not in kind.formats:
        return Verdict.invalid(
            "UNSUPPORTED_FORMAT",
            f"The {kind.name} oracle does not make '{fmt}' (it makes {', '.join(kind.formats)}); Forma's catalogue "
            "listed it by mistake. Not billed: ask for one of those formats.",
        )
    if isinstance(intent, str):
        intent = clean_intent(intent)
    try:
        draft = kind.draft(intent, fmt, options)
    except EngineRefusal as refusal:
        return Verdict.invalid(refusal.code, refusal.message)
    except EngineCrash as crash:
        return Verdict.error(crash.code, crash.message)
    try:
        return kind.check(intent, draft, options)
    except EngineCrash as crash:
        return Verdict.error(crash.code, crash.message, draft.notes)


__all__ = [
    "ENGINE_LIMITS",
    "KINDS",
    "REGISTRY",
    "Draft",
    "EngineCrash",
    "EngineRefusal",
    "KindRegistrationError",
    "NoOptions",
    "OracleKind",
    "Verdict",
    "answer",
    "get_kind",
    "registry_reload",
]
