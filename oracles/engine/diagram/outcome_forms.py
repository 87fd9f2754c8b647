"""The drafter's reading of a branch said by its outcome with "on": "Send request → Wait for response.
On success → Process response. On timeout → back to Send request." and "… If the run fails, wait 30s
and go back to Run job. On success, Mark job done."

"On <outcome>" names how the step before turned out, the way "if it succeeds" does: a branch from
that step (the one an earlier branch left, else the last step), the outcome on its edge without the
"on" ("success", "timeout"), the way an event is written on a transition ("CLOSED -> LISTEN on
listen" is labelled "listen").

Only outcome words open such a branch (OUTCOME_WORDS): "On Monday, we ship" and "On arrival, check
in" are no outcomes of a step and are left to the rest of the reader. The check reads these
sentences on its own (glue.py reads "on" before a condition as glue).
"""

from __future__ import annotations

import re

from .vocabulary import OUTCOME_WORDS

_OUTCOME = "|".join(sorted(OUTCOME_WORDS, key=len, reverse=True))
# "On success, mark job done", "on timeout: retry later", "On failure → alert": the outcome, then the step
ON_OUTCOME_RE = re.compile(rf"^on\s+(?P<outcome>(?:{_OUTCOME}))\s*(?:,|:|->|→|=>)\s*(?P<rest>\S.*)$", re.IGNORECASE)
# a case row's condition said with "on" ("On timeout" in "On timeout → back to Send request")
_ON_RE = re.compile(rf"^on\s+(?=(?:{_OUTCOME})$)", re.IGNORECASE)


def outcome_branch(statement: str) -> tuple[str, str] | None:
    """(outcome, the rest) for "On success, X" / "On timeout → X"; None for any other statement."""
    match = ON_OUTCOME_RE.match(statement.strip())
    return (match.group("outcome"), match.group("rest")) if match else None


def outcome_label(condition: str) -> str:
    """A case row's condition without the "on" that says it is an outcome: "On timeout" → "timeout"."""
    return _ON_RE.sub("", condition.strip())
