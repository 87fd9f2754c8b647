"""A reporting verb said once for two lines: "the Year 3 lead is managed by Ms Ito and the Year 5 lead
by Mr Odu", "Tom reports to Ana and Sam to Bo" → two statements, each with the verb written out
("…; the Year 5 lead is managed by Mr Odu"). The second clause must repeat the verb's preposition
and hold only a name before it (no verb of its own: "A is managed by B and approved by C" is left).

A documented equivalence, read alike by the drafter (hierarchy.py) and the check's normal form.
"""

from __future__ import annotations

import re

_VERB = (r"(?:is|are)\s+(?:managed|supervised|overseen|led|run|headed|coached|mentored)\s+(?P<by>by)|"
         r"(?:reports?|answers?)\s+(?:directly\s+)?(?P<to>to)|works?\s+(?P<for>for|under)")
_PART = r"[^.;:,\n()]+?"
GAPPED_RE = re.compile(
    rf"(?P<a>(?<![^\s.;:\n])[^.;:,\n]+?)\s+(?P<verb>{_VERB})\s+(?P<b>{_PART})\s*,?\s+and\s+(?P<c>{_PART})\s+"
    rf"(?P<prep>by|to|for|under)\s+(?P<d>{_PART})(?=\s*(?:[.;\n]|$))",
    re.IGNORECASE,
)
_NAME_MAX_WORDS = 5
_VERBISH_RE = re.compile(r"\b\w+ed\b|\b(?:is|are|was|were|reports?|answers?|works?|goes|sends?)\b", re.IGNORECASE)


def ungapped(intent: str) -> str:
    """Every "A <verb> B and C <prep> D" with the verb said once, written as two statements."""
    def written_out(match: re.Match[str]) -> str:
        prep = match.group("by") or match.group("to") or match.group("for")
        second = match.group("c").strip()
        if match.group("prep").casefold() != prep.casefold() or len(second.split()) > _NAME_MAX_WORDS \
                or _VERBISH_RE.search(second):
            return match.group(0)
        return f"{match.group('a')} {match.group('verb')} {match.group('b')}; {second} {match.group('verb')} {match.group('d')}"

    return GAPPED_RE.sub(written_out, intent)
