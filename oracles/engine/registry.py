"""The oracle-kind registry: which kinds this deployment serves, each declared once by its package.

A kind is a package (or module) whose `KIND` attribute is an `OracleKind`: its name, formats,
default and drawable formats, description, default price, options model, limits and its
draft/check/render. The registration list is `settings.FORMA_ORACLE_KINDS` (dotted module paths);
adding a kind is one package plus one line there. Everything else that lists kinds — the catalogue
seed, the system check, the ask validation, the tool and REST descriptions — reads this registry.

Like `native.py`, the engine runs without Django too (the bench): then the built-in kinds are
served. Loaded on first use; `registry_reload()` reloads it (oracles.apps does when the setting
changes, as in tests).
"""

from __future__ import annotations

import importlib
import threading
from collections.abc import Callable, Iterable, Iterator, Mapping

from pydantic import BaseModel

from .contracts import OracleKind

# Served when Django is not configured (the engine bench); with Django, the setting decides.
BUILT_IN_KINDS: tuple[str, ...] = ("oracles.engine.chart", "oracles.engine.diagram")


class KindRegistrationError(Exception):
    """A registration line names no kind, or a kind contradicts itself: the process must not serve."""


def kind_problems(kind: object) -> list[str]:
    """What is wrong with a kind's own declaration (empty when it is consistent)."""
    problems = []
    for attribute in (
        "name",
        "title",
        "description",
        "formats",
        "default_format",
        "drawable_formats",
        "price",
        "options_model",
        "limits",
    ):
        if not hasattr(kind, attribute):
            problems.append(f"declares no {attribute!r}")
    for method in ("draft", "check", "render"):
        if not callable(getattr(kind, method, None)):
            problems.append(f"has no {method}() method")
    if problems:
        return problems
    formats = tuple(kind.formats)
    if not kind.name or not isinstance(kind.name, str):
        problems.append("has an empty name")
    if not formats:
        problems.append("declares no formats")
    if kind.default_format not in formats:
        problems.append(f"default_format {kind.default_format!r} is not one of its formats {list(formats)}")
    stray = [f for f in kind.drawable_formats if f not in formats]
    if stray:
        problems.append(f"drawable_formats {stray} are not among its formats {list(formats)}")
    if not (isinstance(kind.options_model, type) and issubclass(kind.options_model, BaseModel)):
        problems.append("options_model is not a pydantic model")
    if not isinstance(kind.price, int) or kind.price < 0:
        problems.append("price is not a whole number of credits")
    if not isinstance(kind.limits, Mapping):
        problems.append("limits is not a mapping")
    return problems


class KindRegistry:
    """The registered kinds by name, in registration order."""

    def __init__(self) -> None:
        # Mutated in place on (re)load, so `oracles.engine.KINDS` stays the live mapping.
        self.kinds: dict[str, OracleKind] = {}
        self.paths: tuple[str, ...] = ()
        self._loaded = False
        self._lock = threading.Lock()

    def load(self, paths: Iterable[str]) -> None:
        """Register the kinds named by `paths` (module paths whose `KIND` is the kind), replacing any."""
        found: dict[str, OracleKind] = {}
        paths = tuple(paths)
        for path in paths:
            try:
                module = importlib.import_module(path)
            except ImportError as exc:
                raise KindRegistrationError(f"FORMA_ORACLE_KINDS names {path!r}, which cannot be imported: {exc}") from exc
            kind = getattr(module, "KIND", None)
            if kind is None:
                raise KindRegistrationError(f"{path!r} (in FORMA_ORACLE_KINDS) has no KIND: set KIND = YourKind() there.")
            problems = kind_problems(kind)
            if problems:
                raise KindRegistrationError(f"The oracle kind in {path!r} " + "; ".join(problems) + ".")
            if kind.name in found:
                raise KindRegistrationError(f"Two registered oracle kinds are named {kind.name!r}.")
            found[kind.name] = kind
        with self._lock:
            self.kinds.clear()
            self.kinds.update(found)
            self.paths = paths
            self._loaded = True

    def ensure_loaded(self) -> None:
        if not self._loaded:
            self.load(configured_kind_paths())

    def get(self, name: str) -> OracleKind:
        """The kind called `name`; KeyError when none is registered."""
        self.ensure_loaded()
        return self.kinds[name]

    def names(self) -> list[str]:
        self.ensure_loaded()
        return list(self.kinds)

    def __iter__(self) -> Iterator[OracleKind]:
        self.ensure_loaded()
        return iter(list(self.kinds.values()))

    def __contains__(self, name: object) -> bool:
        self.ensure_loaded()
        return name in self.kinds


# The engine imports no Django: the oracles app installs a source that reads
# settings.FORMA_ORACLE_KINDS (oracles/apps.py); without one (the bench, a bare script)
# the built-in kinds are served.
def _built_in_kinds() -> Iterable[str]:
    return BUILT_IN_KINDS


_kind_paths: Callable[[], Iterable[str]] = _built_in_kinds


def kind_paths_source(source: Callable[[], Iterable[str]]) -> None:
    """Where the registration lines come from, asked at every (re)load."""
    global _kind_paths
    _kind_paths = source


def configured_kind_paths() -> tuple[str, ...]:
    return tuple(_kind_paths())


REGISTRY = KindRegistry()


def registry_reload() -> None:
    """Load the kinds the configuration names now (after the setting changed)."""
    REGISTRY.load(configured_kind_paths())
