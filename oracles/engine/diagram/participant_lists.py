"""A heading that lists the participants before their messages: "Draw the message flow for password
reset between User, Web App, Auth Service and Email Service: User sends 'reset request' to Web App;
…" → "Draw the message flow for password reset: User sends 'reset request' to Web App; …".

A documented equivalence, read alike by the drafter (reading.read_graph) and the check's normal form
(normal_forms.normal_form). The list only names the actors again; it is dropped only when EVERY
name in it is named again after the colon, as a whole phrase, so each stays a drawn node the check
still requires (a participant named only in the heading would be a node with no message: the
heading is then left as written, and read or refused as before). Nothing else of the heading changes.
"""

from __future__ import annotations

import re

_NAME = r"[\w'’./-]+(?:[ \t]+[\w'’./-]+){0,3}"
_LIST = rf"(?P<names>{_NAME}(?:[ \t]*,[ \t]*{_NAME})*,?[ \t]+(?:and|&)[ \t]+{_NAME})"
HEADING_RE = re.compile(
    rf"^(?P<head>[^\n:]*?)[ \t]+(?:between|among|amongst|involving|with\s+(?:the\s+)?(?:participants|actors|parties))"
    rf"[ \t]+(?:the[ \t]+)?{_LIST}[ \t]*(?P<colon>:)",
    re.IGNORECASE,
)
_DETERMINER_RE = re.compile(r"^(?:the|our|my|their|a|an)\s+", re.IGNORECASE)
_SPLIT_RE = re.compile(r"\s*,\s*(?:(?:and|&)\s+)?|\s+(?:and|&)\s+", re.IGNORECASE)


def without_participant_list(intent: str) -> str:
    """The intent without its heading's list of participants when each is named again after it."""
    match = HEADING_RE.match(intent)
    if match is None:
        return intent
    names = [_DETERMINER_RE.sub("", name.strip()) for name in _SPLIT_RE.split(match.group("names")) if name.strip()]
    rest = intent[match.end():]
    named = all(re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", rest, re.IGNORECASE) for name in names)
    if len(names) < 2 or not named:
        return intent
    return match.group("head") + ":" + rest
