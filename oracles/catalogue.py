"""The catalogue (Oracle rows) against the oracle-kind registry: seeded from it, checked against it.

A row may rename, re-describe, re-price, narrow or hide what its kind offers, never promise what
the kind does not do: an unknown kind, a format the kind does not make or draw, a default format
not among the row's formats. `catalogue_row_problems` says so once; the system check
(oracles/checks.py, also run when the ASGI app starts), the admin form and the seeding use it.
Options: a kind's pydantic `options_model` is the one list of what a caller may pass besides
the intent (`ask_options`), and the tools' and REST's wording of an option is made from it.
"""

from __future__ import annotations

from typing import Any

from django.db import DatabaseError
from pydantic import ValidationError

from ground.errors import invalid_request

from .engine import REGISTRY, OracleKind
from .models import Oracle


def catalogue_row_problems(
    *, kind: str, formats: Any, default_format: str, drawable_formats: Any, is_active: bool = True
) -> list[str]:
    """What in a catalogue row disagrees with its registered kind (empty when it agrees).

    An inactive row serves nothing, so it may name a kind no longer registered (a retired
    kind keeps its row for the answers that point to it).
    """
    if not is_active:
        return []
    if kind not in REGISTRY:
        return [f"kind {kind!r} is not a registered oracle kind (FORMA_ORACLE_KINDS has {', '.join(REGISTRY.names())})"]
    engine = REGISTRY.get(kind)
    if not isinstance(formats, list) or not formats or not all(isinstance(f, str) for f in formats):
        return [f"formats must be a non-empty list of format names, some of {list(engine.formats)}"]
    if not isinstance(drawable_formats, list) or not all(isinstance(f, str) for f in drawable_formats):
        return [f"drawable_formats must be a list of format names, some of {list(engine.drawable_formats)}"]
    problems = []
    unknown = [f for f in formats if f not in engine.formats]
    if unknown:
        problems.append(f"formats {unknown} are not made by the {kind} kind (it makes {list(engine.formats)})")
    if default_format not in formats:
        problems.append(f"default_format {default_format!r} is not one of the row's formats {formats}")
    undrawable = [f for f in drawable_formats if f not in formats or f not in engine.drawable_formats]
    if undrawable:
        problems.append(
            f"drawable_formats {undrawable} are not formats of the row that the {kind} kind draws "
            f"(it draws {list(engine.drawable_formats)})"
        )
    return problems


def catalogue_problems() -> list[tuple[str, str]]:
    """(oracle name, problem) for every catalogue row that disagrees with the registry."""
    found = []
    for row in Oracle.objects.order_by("sort_order", "name"):
        for problem in catalogue_row_problems(
            kind=row.kind,
            formats=row.formats,
            default_format=row.default_format,
            drawable_formats=row.drawable_formats,
            is_active=row.is_active,
        ):
            found.append((row.name, problem))
    return found


def catalogue_problems_or_none() -> list[tuple[str, str]] | None:
    """`catalogue_problems()`, or None when the catalogue cannot be read (no table yet, no database)."""
    try:
        return catalogue_problems()
    except DatabaseError:
        return None


def catalogue_row_defaults(kind: OracleKind, position: int) -> dict[str, Any]:
    """The catalogue row a kind declares: what `catalogue_seed` creates for it."""
    return {
        "kind": kind.name,
        "title": kind.title,
        "description": kind.description,
        "formats": list(kind.formats),
        "default_format": kind.default_format,
        "drawable_formats": list(kind.drawable_formats),
        "price": kind.price,
        "sort_order": (position + 1) * 10,
    }


def catalogue_seed(*, using: str = "default") -> list[str]:
    """Create the catalogue row of every registered kind that has none; returns the names created.

    Rows that exist are left alone: staff own their title, description, price and order. Run
    after every migrate (oracles.apps) and safe to run any time.
    """
    created = []
    for position, kind in enumerate(REGISTRY):
        _row, made = Oracle.objects.using(using).get_or_create(name=kind.name, defaults=catalogue_row_defaults(kind, position))
        if made:
            created.append(kind.name)
    return created


# ---- options ------------------------------------------------------------------------------


def ask_options(*, oracle: Oracle, given: dict[str, Any]) -> dict[str, Any]:
    """The options of one ask, validated by the oracle's kind's options model (defaults filled in).

    `given` are the option arguments of the ask as the caller sent them; None means left out,
    and so does `false` for an option the kind does not take (a flag left off).
    """
    model = REGISTRY.get(oracle.kind).options_model
    asked = {}
    for name, value in given.items():
        if value is None:
            continue
        if name not in model.model_fields:
            if value is False:
                continue
            takers = option_takers(name)
            raise invalid_request(
                f"'{name}' applies to {' and '.join(takers) or 'no'} oracles, not to {oracle.name}; leave it out.",
                options=sorted(model.model_fields),
            )
        asked[name] = value
    try:
        return model.model_validate(asked).model_dump(mode="json")
    except ValidationError as exc:
        problems = "; ".join(f"'{'.'.join(str(p) for p in err['loc'])}': {err['msg']}" for err in exc.errors())
        raise invalid_request(
            f"The options for {oracle.name} were refused: {problems}.", options=sorted(model.model_fields)
        ) from None


def option_takers(name: str) -> list[str]:
    """The registered kinds whose options model has the option `name`."""
    return [kind.name for kind in REGISTRY if name in kind.options_model.model_fields]


def option_description(name: str) -> str:
    """How the tools and the REST document describe option `name`: who takes it, and what it does."""
    takers = [kind for kind in REGISTRY if name in kind.options_model.model_fields]
    if not takers:
        return "Taken by no oracle of this deployment; leave it out."
    what = takers[0].options_model.model_fields[name].description or ""
    who = " and ".join(f"{kind.name.capitalize()}s" for kind in takers)
    return f"{who} only: {what}".strip()
