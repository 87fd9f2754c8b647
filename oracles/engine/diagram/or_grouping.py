"""An "or" between two steps of a chain, with the chain going on after it, has two groupings.

"build then test or lint then deploy" is "build, then test or lint, then deploy" (a choice that
rejoins) or "build then test" or "lint then deploy" (two flows). Without a comma, a bracket or a
condition the words do not say which, so the check refuses it and shows both ways to write it.
"validate then save or show error" (the chain ends at the choice), "build, then test or lint,
then deploy" (commas group the choice) and "build → test or lint → deploy" (each arrow parts one
stage from the next) are read as they stand.
"""

from __future__ import annotations

import re

from ..contracts import EngineRefusal

_STEP = r"[^\W\d_][\w'’-]*(?:[ \t]+[^\W\d_][\w'’-]*){0,3}"
_LINK = r"then"
_UNGROUPED_OR_RE = re.compile(
    rf"(?P<before>{_STEP})[ \t]+{_LINK}[ \t]+(?P<a>{_STEP})[ \t]+or[ \t]+(?P<b>{_STEP})[ \t]+{_LINK}[ \t]+(?P<after>{_STEP})",
    re.IGNORECASE)


def refuse_ungrouped_or(intent: str) -> None:
    """Raise EngineRefusal when "A then B or C then D" is written with nothing to group the choice."""
    match = _UNGROUPED_OR_RE.search(intent)
    if match is None:
        return
    before, a, b, after = (" ".join(match.group(part).split()) for part in ("before", "a", "b", "after"))
    raise EngineRefusal("UNREADABLE_RELATION", (
        f"'{before} then {a} or {b} then {after}' can be a choice that meets again or two separate flows. "
        f"Group it with commas, e.g. '{before}, then {a} or {b}, then {after}', or write the flows apart, "
        f"e.g. '{before} then {a}; {b} then {after}'."))
