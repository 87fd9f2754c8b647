"""A tally: the test-only third oracle kind. Counts how often each word of a list occurs.

It shows what adding a kind takes: this package (its declaration, draft, an independent check,
and render) plus one registration line, `"tests.kinds.tally"` in FORMA_ORACLE_KINDS, which the
tests add (tests/test_oracle_kinds.py). Nothing else in Forma names it.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

from oracles.engine import Draft, EngineRefusal, NoOptions, Verdict
from oracles.engine.limits import kind_limits

TALLY_LIMITS = kind_limits({"max_items": 200})

_WORD = re.compile(r"[^\W\d_]+(?:['-][^\W\d_]+)*")


class TallyKind:
    """Tallies: a comma-separated list of words in, the count of each word out (JSON)."""

    name = "tally"
    title = "Tally"
    description = (
        "How often each word of a comma-separated list occurs: 'apple, pear, apple' gives "
        '{"counts": {"apple": 2, "pear": 1}, "total": 3}. Checked by counting the words again.'
    )
    formats: tuple[str, ...] = ("json",)
    default_format = "json"
    drawable_formats: tuple[str, ...] = ()
    price = 2
    options_model = NoOptions
    limits = TALLY_LIMITS

    def draft(self, intent: str, fmt: str, options: dict[str, Any]) -> Draft:
        """Split the list at commas and count each item."""
        items = [item.strip().lower() for item in intent.split(",") if item.strip()]
        if not items:
            raise EngineRefusal("UNREADABLE_INTENT", "Give a comma-separated list of words, e.g. 'apple, pear, apple'.")
        if len(items) > int(self.limits["max_items"]):
            raise EngineRefusal("TOO_MANY_VALUES", f"The list has {len(items)} items; the limit is {self.limits['max_items']}.")
        counts = Counter(items)
        return Draft(fmt, {"counts": dict(sorted(counts.items())), "total": len(items)}, {"items": items})

    def check(self, intent: str, draft: Draft, options: dict[str, Any]) -> Verdict:
        """Count the intent's words again, without the drafter's split, and compare."""
        words = [word.lower() for word in _WORD.findall(intent)]
        recount = dict(sorted(Counter(words).items()))
        artifact = draft.artifact
        if not isinstance(artifact, dict) or artifact.get("counts") != recount or artifact.get("total") != len(words):
            return Verdict.invalid(
                "FACT_NOT_IN_INTENT", "The tally does not match the words of the intent; write one word per item."
            )
        verified_by = {"checker": "tally recount 1", "checks": ["every word counted", "nothing else counted"]}
        return Verdict.valid(artifact, verified_by)

    def render(self, result: dict[str, Any] | str, fmt: str, out: str) -> bytes:
        """Tallies are not drawn."""
        raise EngineRefusal("UNSUPPORTED_FORMAT", "A tally is data, not a drawing.")


KIND = TallyKind()
