"""A comma between two arrow chains whose names are alike: "client -> lb -> app1, app2 -> db". Read as two
statements it is lb -> app1 and app2 -> db; read as a list it is lb -> app1 and app2, both -> db. Names that
differ only by their number or letter ("app1, app2", "web-a, web-b") read as a list of replicas, while a comma
after a whole statement reads as its end ("web -> api, api -> db"): which one is meant is not certain, so the
check refuses it and the reason gives both ways to say it. Read from the intent alone (check side)."""

from __future__ import annotations

import re

from ..contracts import EngineRefusal

_ARROW = r"(?:-+>|→|⟶|=>)"
_COMMA_BETWEEN_CHAINS_RE = re.compile(
    rf"{_ARROW}\s*(?P<left>[\w][\w .-]{{0,40}}?)\s*,\s*(?P<right>[\w][\w .-]{{0,40}}?)\s*{_ARROW}")
_STEM_RE = re.compile(r"^(?P<stem>.*?[^\W\d_])[\s_-]?(?P<tag>\d+|[a-z])$", re.IGNORECASE)


def _stem(name: str) -> str | None:
    found = _STEM_RE.match(name.strip())
    return found.group("stem").casefold() if found else None


def refuse_comma_between_alike_chains(intent: str) -> None:
    for found in _COMMA_BETWEEN_CHAINS_RE.finditer(intent):
        left, right = found.group("left").strip(), found.group("right").strip()
        stem = _stem(left)
        if stem is None or stem != _stem(right) or left.casefold() == right.casefold():
            continue
        elsewhere = intent[:found.start()] + intent[found.end():]
        if re.search(rf"(?<![\w-]){re.escape(right)}(?![\w-])", elsewhere, re.IGNORECASE):
            continue  # "app2" said again elsewhere: its own statement
        raise EngineRefusal("CONTENT_NOT_PLACED", (
            f"'{found.group(0).strip()}' may be a list ('{left}' and '{right}' both in the chain) or two statements "
            f"('… -> {left}' and '{right} -> …'). Say which, e.g. '… -> {left}; … -> {right}; {left} -> …; "
            f"{right} -> …' for a list."))
