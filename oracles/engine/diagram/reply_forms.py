"""The drafter's reading of "the API answers the browser with JSON": a reply said with "answers" and
its receiver as the object is the arrow "the API -> the browser: JSON" (labelled with what travels). Only when the receiver was named before ("browser -> API: GET /orders; … API answers the
browser with JSON"): "the bot answers questions with links" names no party and stays as written.
("answers to" is a reporting line, never rewritten.) The check reads it on its own (reply_normal.py)."""

from __future__ import annotations

import re

_ANSWERS_WITH_RE = re.compile(
    r"(?P<lead>(?:^|(?<=[.;\n])|(?<=[.;]\s))\s*(?P<subj>[^.;:\n]{1,40}?)\s+)answers\s+(?P<obj>(?!to\b)(?:the\s+)?[\w-]+(?:\s+[\w-]+)?)"
    r"\s+with\s+(?P<what>[^.;\n]+?)(?=\s*(?:[.;\n]|$))", re.IGNORECASE)


def answers_as_replies(intent: str) -> str:
    def said(match: re.Match[str]) -> str:
        receiver = re.sub(r"^the\s+", "", match.group("obj"), flags=re.IGNORECASE)
        before = intent[:match.start("obj")]
        if not re.search(rf"(?<![\w-]){re.escape(receiver)}(?![\w-])", before, re.IGNORECASE):
            return match.group(0)
        # said as the arrow it is: the sender, the receiver, what travels
        return f"{match.group('lead')}-> {match.group('obj')}: {match.group('what')}"
    return _ANSWERS_WITH_RE.sub(said, intent)
