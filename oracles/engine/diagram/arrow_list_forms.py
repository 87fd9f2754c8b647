"""Arrow lists of an architecture written as several names on one side of an arrow (the drafter's reading):

- a fan-out, a comma list after the last arrow of a statement: "Load Balancer → web-1, web-2", "Core Switch ->
  Access Switch 1, Access Switch 2; …" is an arrow to each name ("Load Balancer → (web-1, web-2)", the group
  form the chain reader already draws);
- a fan-in, two names joined by "and" before a statement's only arrow: "app-1 and app-2 -> redis" is an arrow
  from each ("(app-1, app-2) -> redis").

Is "A, B" two names or one name with a comma, "A and B" two parts or one ("Sales and Marketing")? Only the
layout settles it, so a list is read only when every name of it is named on its own elsewhere, at an arrow
("web-1 → Postgres"), or, for a fan-out, when the names are numbered alike (replicas: "web-1, web-2", "PC-01,
PC-02", "Access Switch 1, Access Switch 2", "Server A, Server B"). A list with a bracket after it ("app server
1, app server 2 (round robin)": a note on the last name, or the label of every arrow?), a name of more than
ARROW_LIST_NAME_MAX_WORDS words, a joining or condition word in a name (", then c", "redis if cached", "web and
api"), or a fan-in that goes on into a chain is left as written (and refused). The check reads the same intent on its own (glue.py reads "-> a, b" at a
statement's end as an arrow to each, and "a and b ->" as an arrow from each)."""

from __future__ import annotations

import re

from .arrow_list_words import ARROW_LIST_NAME_MAX_WORDS, ITEM_OPENERS

_ARROW = r"(?:-{1,2}>|→|=>|⟶)"
# one name: no separator, bracket, arrow, colon or full stop inside it
_NAME = r"[^\s,;:.()\[\]{}<>→=|`*\"](?:(?!-{1,2}>|=>)[^,;:.()\[\]{}<>→=|\n`*\"])*?"
_END = r"(?=[ \t]*(?:[;\n]|\.(?:\s|$)|$))"
FAN_OUT_RE = re.compile(rf"(?P<arrow>{_ARROW})[ \t]*(?P<list>{_NAME}(?:[ \t]*,[ \t]*{_NAME})+)[ \t]*{_END}")
FAN_IN_RE = re.compile(rf"(?P<lead>(?:^|[;\n])[ \t]*(?:[-*•][ \t]+)?)(?P<a>{_NAME})[ \t]+and[ \t]+(?P<b>{_NAME})"
                       rf"[ \t]*(?P<arrow>{_ARROW})[ \t]*(?P<head>{_NAME})[ \t]*{_END}", re.MULTILINE)
# a numbered name: the same words, then a number or one letter ("web-1", "PC-02", "Switch 1", "Server B")
_NUMBERED_RE = re.compile(r"^(?P<stem>.*?[\s_-]?)(?P<mark>\d{1,3}|[A-Za-z])$")


def _plain_item(name: str) -> bool:
    words = name.split()
    return 0 < len(words) <= ARROW_LIST_NAME_MAX_WORDS and not {w.casefold() for w in words} & ITEM_OPENERS


def _at_an_arrow(name: str, text: str) -> bool:
    """The name said whole on its own right before or after an arrow ("web-1 → Postgres", "LB -> app-1,")."""
    escaped = re.escape(name)
    before = rf"(?:^|[;,\n(]|{_ARROW})[ \t]*(?:[-*•][ \t]+)?{escaped}[ \t]*{_ARROW}"
    after = rf"{_ARROW}[ \t]*{escaped}[ \t]*(?:$|[;,\n]|\.(?:\s|$)|{_ARROW})"
    return re.search(before, text, re.MULTILINE) is not None or re.search(after, text, re.MULTILINE) is not None


def _numbered_alike(names: list[str]) -> bool:
    """ "web-1, web-2", "Access Switch 1, Access Switch 2": one stem, each with its own number or letter."""
    matches = [_NUMBERED_RE.match(name) for name in names]
    if not all(matches):
        return False
    stems = {m.group("stem").casefold() for m in matches if m}
    marks = [m.group("mark").casefold() for m in matches if m]
    kinds = {mark.isdigit() for mark in marks}
    return len(stems) == 1 and len(set(marks)) == len(marks) and len(kinds) == 1 \
        and (bool(next(iter(stems)).strip(" _-")) or all(m.isdigit() for m in marks))


def _elsewhere(text: str, start: int, end: int) -> str:
    return text[:start] + "\n" + text[end:]


def fanned_out_lists(intent: str) -> str:
    """Each settled comma list after a statement's last arrow written as the chain reader's group."""
    def grouped(match: re.Match[str]) -> str:
        names = [n.strip() for n in match.group("list").split(",")]
        if not all(_plain_item(n) for n in names) or len({n.casefold() for n in names}) != len(names):
            return match.group(0)
        rest = _elsewhere(intent, match.start(), match.end())
        if not (_numbered_alike(names) or all(_at_an_arrow(n, rest) for n in names)):
            return match.group(0)
        return f"{match.group('arrow')} ({', '.join(names)})"

    return FAN_OUT_RE.sub(grouped, intent)


def fanned_in_pairs(intent: str) -> str:
    """Each settled "A and B -> C" statement written as one arrow from each."""
    def written_out(match: re.Match[str]) -> str:
        a, b, head = match.group("a").strip(), match.group("b").strip(), match.group("head").strip()
        if not all(_plain_item(n) for n in (a, b, head)) or a.casefold() == b.casefold():
            return match.group(0)
        rest = _elsewhere(intent, match.start("a"), match.end("b"))
        if not (_at_an_arrow(a, rest) and _at_an_arrow(b, rest)):
            return match.group(0)
        arrow = match.group("arrow")
        return f"{match.group('lead')}{a} {arrow} {head}; {b} {arrow} {head}"

    return FAN_IN_RE.sub(written_out, intent)


def arrow_lists_apart(intent: str) -> str:
    """The fan-outs and fan-ins of an arrow list, each arrow on its own (drafter only)."""
    return fanned_out_lists(fanned_in_pairs(intent))
