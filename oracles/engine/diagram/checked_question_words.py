"""Words shared by the drafter and the check for a step that asks: "check if it has doubled", "see whether
the form is valid". The verb asks; "if" / "whether" after it opens what is asked, not a condition."""

from __future__ import annotations

ASKING_VERBS = frozenset("check checks verify verifies see sees test tests confirm confirms ask asks".split())
ASKED_OPENERS = frozenset({"if", "whether"})
