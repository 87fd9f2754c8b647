"""How a retry loop says where it ends: "If apply fails, go back to fetch (retry at most 3 times); after
the third failure, alert ops." The way back is a branch from the step that failed; the exit,
"after the third failure, …" / "after the 3rd timeout → give up" / "after 3 wrong: lock account", is
one more branch from that same step, labelled with the count ("after the third failure").

A bracketed limit written right after the way back ("(retry at most 3 times)", "(max 3 retries)",
"(try again at most twice)") says the same as the exit that follows it: it is dropped when, and
only when, such an exit opens a later clause. A limit with no exit after it is
left in place, so it must be placed or the answer is refused (what happens after the last try is
not said).

The exit phrase is matched here for both sides (EXIT_RE); which step it leaves is read by each on
its own: the drafter (reading.py) from the branch it drew, the check (glue.py) from the branch its
grammar read.
"""

from __future__ import annotations

import re

_ORDINAL = r"(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|\d{1,2}(?:st|nd|rd|th))"
_COUNT = r"(?:\d{1,2}|two|three|four|five|six|seven|eight|nine|ten)"
# "after the third failure", "after the 3rd timeout", "after 3 wrong", "after 5 failed tries": the phrase
# runs to the comma, colon or arrow that ends it (at most four words after the count)
EXIT_RE = re.compile(
    rf"^(?P<exit>after\s+(?:(?:the\s+)?{_ORDINAL}|{_COUNT})(?:\s+[\w'’-]+){{1,4}}?)\s*(?:,|:|->|→|=>)\s*(?P<rest>\S.*)$",
    re.IGNORECASE,
)
_LIMIT_WORDS = r"(?:retry|retries|re-?try|try|tries|tried|again|attempts?|allow|allowed|extra|more|we|times?|x)"
# "(retry at most 3 times)", "(max 3 retries)", "(try again at most twice)", "(up to 5 times)", "(we allow
# two extra attempts)": a bracket of retry words around one count
_LIMIT_RE = re.compile(
    rf"\s*\((?:\s*{_LIMIT_WORDS}\b)*\s*(?:(?:at\s+most|up\s+to|max(?:imum)?|no\s+more\s+than)\s+)?"
    rf"(?:{_COUNT}|once|twice|thrice)\b(?:\s*{_LIMIT_WORDS}\b)*\s*\)",
    re.IGNORECASE,
)
_WAY_BACK_RE = re.compile(r"\b(?:back\s+to|again|retry|re-?try|return\s+to|returns\s+to)\b", re.IGNORECASE)
# an exit after the note, opening a clause ("; after the third failure", ". after 3 wrong:")
_EXIT_AFTER_RE = re.compile(rf"(?:^|[;,.:\n])\s*after\s+(?:(?:the\s+)?{_ORDINAL}|{_COUNT})\b", re.IGNORECASE)


def without_retry_limits(intent: str) -> str:
    """The intent with each retry limit dropped that sits right after a way back and before an exit."""
    out, position = [], 0
    for match in _LIMIT_RE.finditer(intent):
        before = intent[max(0, match.start() - 80):match.start()]
        clause = re.split(r"[.;:\n]", before)[-1]
        if _WAY_BACK_RE.search(clause + " " + match.group(0)) and _EXIT_AFTER_RE.search(intent[match.end():]):
            out.append(intent[position:match.start()])
            position = match.end()
    out.append(intent[position:])
    return "".join(out)
