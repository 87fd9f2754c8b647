"""The check's normal form for a counted group that reports to one person, the list after the
boss: "Two managers report to her: Felix and Joy", "Three team leads answer to Ana — Bo, Cy and
Di", "two engineers report directly to Sam: Lee and Kim" → "her manages two managers: Felix and
Joy" (the wording the check's grammar reads: a boss, a count, then the names it counts).

The count stays, so the check still counts the names against it ("two managers: Felix" is short
and refused). Only a sentence that opens with the count (a word or a number, at most two role
words after it) and whose boss is one short phrase is rewritten. The drafter reads this wording on
its own (hierarchy.py); this module is the check's reading only.
"""

from __future__ import annotations

import re

_COUNT = r"(?:two|three|four|five|six|seven|eight|nine|ten|\d{1,2})"
_COUNTED_UP_RE = re.compile(
    rf"(?im)(?:(?<=^)|(?<=[.;:?!—–]\s))(?:the\s+)?(?P<count>{_COUNT}(?:\s+[a-z][\w-]*){{0,2}})\s+"
    r"(?:all\s+|both\s+)?(?:report|answer)\s+(?:directly\s+)?to\s+(?P<boss>[^,;:.\n—–]{1,40}?)\s*(?::|\s[—–])\s*(?=\S)"
)


def counted_reports_as_manages(intent: str) -> str:
    """ "Two managers report to her: Felix and Joy" → "her manages two managers: Felix and Joy"."""
    return _COUNTED_UP_RE.sub(lambda m: f"{m.group('boss')} manages {m.group('count')}: ", intent)
