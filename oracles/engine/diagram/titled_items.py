"""An org chart typed as an indented list of "Role – Name" lines:

    CEO – Ana Ruiz
      CFO – Bo Lind
        Accountant – Cy Moss

Each line is one person, drawn as "Ana Ruiz (CEO)", the form a name and its role take elsewhere
(appositives.py). Only a list of at least three such lines, indented to more than one depth, with
a dash between spaces and a capitalised name after it, is rewritten; a heading line ending in ":"
may stand above it. Read alike by the drafter (outline.py) and the check's normal form.
"""

from __future__ import annotations

import re

_LINE_RE = re.compile(r"^(?P<indent>[ \t]*)(?:[-*•+][ \t]+)?(?P<role>[^\s–—-][^–—\n]{0,40}?)[ \t]+[–—-][ \t]+"
                      r"(?P<name>[A-Z][\w'’.-]*(?:[ \t]+[A-Z][\w'’.-]*){0,3})[ \t]*$")
_MIN_LINES = 3
_MIN_DEPTHS = 2


def titled_items(intent: str) -> str:
    """The "Role – Name" lines of an indented list as "Name (Role)" items; other intents unchanged."""
    lines = intent.splitlines()
    body = [i for i, line in enumerate(lines) if line.strip()]
    if body and lines[body[0]].rstrip().endswith(":") and not _LINE_RE.match(lines[body[0]]):
        body = body[1:]
    matches = [_LINE_RE.match(lines[i]) for i in body]
    if len(body) < _MIN_LINES or not all(matches):
        return intent
    if len({len(m.group("indent").expandtabs(4)) for m in matches if m}) < _MIN_DEPTHS:
        return intent
    for i, match in zip(body, matches, strict=True):
        if match is None:
            return intent
        lines[i] = f"{match.group('indent')}- {match.group('name')} ({match.group('role').strip()})"
    return "\n".join(lines)
