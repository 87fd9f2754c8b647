"""The types every oracle kind speaks: a draft, a verdict, a refusal, and the kind protocol.

`Draft` is a plain frozen dataclass, so a future model-backed drafter can produce one that goes
through exactly the same `check`. `Verdict` is the typed contract's (ground/contract.py): it
crosses Celery as JSON and is parsed back into a `Verdict` by the service that waits for it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar, Protocol, runtime_checkable

from pydantic import BaseModel, ConfigDict

from ground.contract import Reason, Verdict


class EngineRefusal(Exception):
    """The engine will not use this intent (or artifact); `message` says why and what to do next."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message

    def as_reason(self) -> Reason:
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

    def as_reason(self) -> Reason:
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


class NoOptions(BaseModel):
    """The options model of a kind that takes none: any option is refused, by name."""

    model_config = ConfigDict(extra="forbid")


@runtime_checkable
class OracleKind(Protocol):
    """One kind of oracle: drafts a candidate, checks it independently, and draws it.

    Its declaration is the one source of its catalogue row (name, title, description, formats,
    default and drawable formats, default price), of the options callers may pass (a pydantic
    model, `extra="forbid"`), and of the limits its engine enforces (read live, so a test can
    lower one). A package registers a kind by setting `KIND = TheKind()` (engine/registry.py).
    """

    name: str
    title: str
    description: str
    formats: tuple[str, ...]
    default_format: str
    drawable_formats: tuple[str, ...]
    price: int
    options_model: ClassVar[type[BaseModel]]
    limits: Mapping[str, int | float]

    def draft(self, intent: str, fmt: str, options: dict[str, Any]) -> Draft:
        """Read the intent and produce a candidate; raises `EngineRefusal`."""
        ...

    def check(self, intent: str, draft: Draft, options: dict[str, Any]) -> Verdict:
        """Check the candidate against the format's own tool and the oracle's rules."""
        ...

    def render(self, result: dict[str, Any] | str, fmt: str, out: str) -> bytes:
        """Draw a checked result as `png` or `svg` bytes; raises `EngineRefusal`."""
        ...


__all__ = ["Draft", "EngineCrash", "EngineRefusal", "OracleKind", "Verdict"]
