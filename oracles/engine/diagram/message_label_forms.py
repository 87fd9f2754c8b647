"""The drafter's reading of a message label written with emphasis marks.

"User → App: click *Log in*": the asterisks only emphasise the button's name; the message is "click Log in".
Marks are dropped only where they pair up around words ("*Log in*", "**Log in**"), opening right before a
word and closing right after one; a lone or unpaired mark is left as written (and refused by the check).
"""

from __future__ import annotations

import re

_EMPHASIS_RE = re.compile(r"(?<![\w*])(\*{1,2})(?=[^\s*])(?P<inner>[^*\n]*?[^\s*])\1(?![\w*])")


def plain_message_label(label: str) -> str:
    """The label without the asterisks that pair up around its words; unchanged when none do."""
    plain = _EMPHASIS_RE.sub(lambda m: m.group("inner"), label)
    return label if "*" in plain else plain
