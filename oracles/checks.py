"""System checks of the catalogue against the oracle-kind registry (registered by oracles.apps).

`manage.py check` (and every management command that runs checks) refuses a catalogue row that
promises what its kind does not do; the ASGI app runs the same check when it starts
(`refuse_catalogue_disagreement`, in forma.asgi) and will not serve such a catalogue.
Without a readable catalogue (before `migrate`, or no database) there is nothing to check.
"""

from __future__ import annotations

from typing import Any

from django.core import checks
from django.core.exceptions import ImproperlyConfigured
from django.db import connection

from .catalogue import catalogue_problems_or_none


def catalogue_errors() -> list[checks.CheckMessage]:
    """An Error per catalogue row that disagrees with the registry."""
    return [
        checks.Error(
            f"The catalogue row of oracle {name!r} disagrees with its oracle kind: {problem}.",
            hint="Correct the row in the admin (Oracles › Oracles), or register the kind in FORMA_ORACLE_KINDS. "
            "A row may narrow what its kind offers, never add to it.",
            obj=name,
            id="oracles.E001",
        )
        for name, problem in catalogue_problems_or_none() or []
    ]


@checks.register("oracles")
def check_catalogue(app_configs: Any = None, **kwargs: Any) -> list[checks.CheckMessage]:
    return catalogue_errors()


def refuse_catalogue_disagreement() -> None:
    """Refuse to serve a catalogue that disagrees with the registry. Run in a thread of its own at startup."""
    try:
        errors = catalogue_errors()
    finally:
        connection.close()  # this thread's connection: startup must leave none behind
    if errors:
        raise ImproperlyConfigured("Forma will not serve this catalogue:\n" + "\n".join(f"- {e.msg}" for e in errors))
