"""A group named in quotes before its members: "Group the services into 'Front office' (portal, app)
and 'Back office' (ledger, payroll)", "box them as \u201cEU region\u201d (Paris, Milan)". Written as the
plain declaration both group readers read: "Group the services into: Front office (portal, app) and
Back office (ledger, payroll)" — the words before the first name are the lead-in that announces the
groups.

Read alike by the drafter (clusters.py) and the check (group_check.py); each then finds the
declarations on its own.
"""

from __future__ import annotations

import re

_NAME = r"['‘\"“](?P<name>[^'’\"”()\n]{1,40})['’\"”]\s*(?=\()"
_FIRST_RE = re.compile(rf"\b(?P<lead>into|as|called|named)\s+{_NAME}", re.IGNORECASE)
_NEXT_RE = re.compile(rf"(?P<sep>,|\band)\s+{_NAME}", re.IGNORECASE)
# The lead-in left before the first quoted name: an instruction to group ("Group the services into").
LEAD_IN_RE = re.compile(r"^\s*(?:(?:please|pls|can\s+you|could\s+you)\s+)?(?:group|box|cluster|split|organi[sz]e|sort|put)\b"
                        r"(?:\s+[\w-]+){0,5}?\s+(?:into|as|called|named)\s*:?\s*$", re.IGNORECASE)


def unquoted_groups(intent: str) -> str:
    """ "… into 'A' (x, y) and 'B' (z)" → "… into: A (x, y) and B (z)"; other text unchanged."""
    if not _FIRST_RE.search(intent):
        return intent
    intent = _FIRST_RE.sub(lambda m: f"{m.group('lead')}: {m.group('name').strip()} ", intent)
    return _NEXT_RE.sub(lambda m: f"{m.group('sep')} {m.group('name').strip()} ", intent)
