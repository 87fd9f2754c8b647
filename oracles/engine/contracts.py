"""The types every oracle kind speaks: a draft, a verdict, a refusal, and the kind protocol.

These are plain frozen dataclasses so a Celery task can pass them around, and so a future
model-backed drafter can produce a `Draft` that goes through exactly the same `check`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable


class EngineRefusal(Exception):
    """The engine will not use this intent (or artifact); `message` says why and what to do next."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message

    def as_reason(self) -> dict[str, str]:
        """The `reason` object of an invalid verdict."""
        return {"code": self.code, "message": self.message}


class EngineCrash(Exception):
    """The engine failed on our side (a native renderer crashed or ran out of time): an `error`
    verdict, never billed. Not an `EngineRefusal`: the caller did nothing the rules refuse."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(code, message)
        self.code = code
        self.message = message

    def __str__(self) -> str:
        return f"{self.code}: {self.message}"

    def as_reason(self) -> dict[str, str]:
        """The `reason` object of an error verdict."""
        return {"code": self.code, "message": self.message}


@dataclass(frozen=True)
class Draft:
    """A candidate artifact plus what the drafter read from the intent (its `facts`)."""

    format: str
    artifact: dict[str, Any] | str
    facts: dict[str, Any]
    generated: bool = False
    notes: list[str] = field(default_factory=list)
    # For formats compiled from another one (chart "vega" is compiled from Vega-Lite) the
    # source travels with the draft so the checker can validate it with the official schema
    # and confirm the artifact is exactly its compilation.
    source: dict[str, Any] | str | None = None


@dataclass(frozen=True)
class Verdict:
    """The outcome of a check: `valid` with the checked artifact, `invalid` with a reason, or
    `error` (ours, from an `EngineCrash`) with a reason."""

    status: str
    result: dict[str, Any] | str | None
    verified_by: dict[str, Any] | None
    reason: dict[str, str] | None
    notes: list[str] = field(default_factory=list)
    # What the check drew on its way ("png"/"svg" → bytes, exactly what `render` would return),
    # kept so that drawing a fresh answer is not a second render. Not part of `to_dict`.
    figures: dict[str, bytes] = field(default_factory=dict, repr=False, compare=False)

    @classmethod
    def invalid(cls, code: str, message: str, notes: list[str] | None = None) -> Verdict:
        """An invalid verdict with the given reason."""
        return cls("invalid", None, None, {"code": code, "message": message}, list(notes or []))

    def to_dict(self) -> dict[str, Any]:
        """JSON-serialisable form (what the Answer row and the API carry)."""
        return {
            "status": self.status,
            "result": self.result,
            "verified_by": self.verified_by,
            "reason": self.reason,
            "notes": list(self.notes),
        }


@runtime_checkable
class OracleKind(Protocol):
    """One kind of oracle: drafts a candidate, checks it independently, and draws it."""

    name: str
    title: str
    description: str
    formats: tuple[str, ...]
    default_format: str
    drawable_formats: tuple[str, ...]

    def draft(self, intent: str, fmt: str, options: dict[str, Any]) -> Draft:
        """Read the intent and produce a candidate; raises `EngineRefusal`."""
        ...

    def check(self, intent: str, draft: Draft, options: dict[str, Any]) -> Verdict:
        """Check the candidate against the format's own tool and the oracle's rules."""
        ...

    def render(self, result: dict[str, Any] | str, fmt: str, out: str) -> bytes:
        """Draw a checked result as `png` or `svg` bytes; raises `EngineRefusal`."""
        ...
