"""The check's own reading of an arrow list's section headings (arrow_list_words.py for the words): a line
that only names a section of the parts, "**Components**", "## Connections", "Connections:", "_Flows_", or
"Flows:" / "Edges:" before arrows at the start of a line or a sentence ("Flows: CDN -> WAF -> ALB", "Nodes: A,
B. Edges: A->B, A->C"), names no part; it says what the lines
under it are. It is taken out before the check reads the intent, like a title. A heading with any other word
("**Payment connections**", "Flows to check:") stays, to be placed or refused; so does a section word said
inside a sentence. The names listed under a components heading are still placed by the check as any name:
one that no arrow draws is refused.

And a rule of its own, after the others: two names joined by "and" before an arrow ("app-1 and app-2 -> redis")
drawn as an arrow from each are confirmed only when each name is said on its own at an arrow elsewhere;
"Sales and Marketing -> Finance" (one department, or two?) drawn so is refused. And names numbered alike listed
before an arrow ("app1, app2 -> pg-primary") are side by side: an arrow drawn between two of them is refused."""

from __future__ import annotations

import re

from ..contracts import EngineRefusal
from .arrow_list_words import SECTION_QUALIFIERS, SECTION_WORDS
from .vocabulary import phrase_key

# a whole line: markdown heading marks or emphasis around one to three words, an optional colon
_HEADING_LINE_RE = re.compile(r"(?m)^[ \t]*(?:#{1,6}[ \t]+)?(?P<mark>\*\*|__|\*|_)?(?P<words>[A-Za-z][A-Za-z ]{0,40}?)"
                              r"(?P=mark)?[ \t]*:?(?P=mark)?[ \t]*$")
# a line that opens with such a heading and its colon before arrows ("Flows: CDN -> WAF")
_HEADED_ARROWS_RE = re.compile(r"(?m)(?:^|(?<=[.!?] ))(?P<lead>[ \t]*)(?P<mark>\*\*|__)?(?P<words>[A-Za-z][A-Za-z ]{0,40}?)(?P=mark)?"
                               r"[ \t]*:(?P=mark)?[ \t]+(?=[^\n.;]*(?:->|→|=>))")


def _section(words: str) -> bool:
    said = words.casefold().split()
    return 0 < len(said) <= 3 and said[-1] in SECTION_WORDS \
        and all(w in SECTION_WORDS or w in SECTION_QUALIFIERS for w in said)


def section_headings_apart(intent: str) -> str:
    """The intent without the lines (and line openings) that only name a section of the parts."""
    text = intent if len(intent.splitlines()) < 2 else \
        _HEADING_LINE_RE.sub(lambda m: "" if _section(m.group("words")) else m.group(0), intent)  # (one line: no sections)
    return _HEADED_ARROWS_RE.sub(lambda m: m.group("lead") if _section(m.group("words")) else m.group(0), text)


# "app-1 and app-2 -> redis": two names joined by "and" before a statement's only arrow (the check's own
# reading, at the start of a line, a bullet or a ";" / sentence part)
_PAIR_BEFORE_ARROW_RE = re.compile(r"(?m)(?:^|(?<=[;\n])|(?<=[.!?:] ))[ \t]*(?:[-*•][ \t]+)?(?P<a>[^\s;,.:()\[\]<>→=-][^;,.:()\[\]<>→=\n]*?)"
                                   r"[ \t]+and[ \t]+(?P<b>[^;,.:()\[\]<>→=\n]+?)[ \t]*(?:-{1,2}>|→|=>)[ \t]*"
                                   r"(?P<head>[^;,.:()\[\]<>→=\n]+?)[ \t]*(?=[;\n]|[.!?](?:\s|$)|$)")
_ARROW_TEXT = r"(?:-{1,2}>|→|=>)"


def _said_alone_at_an_arrow(name: str, text: str) -> bool:
    """The name said whole right before or after an arrow, with nothing else of a name beside it."""
    escaped = r"\s+".join(re.escape(w) for w in name.split())
    edge = r"(?:^|[;,\n(]|" + _ARROW_TEXT + r")[ \t]*(?:[-*•][ \t]+)?`?"
    return re.search(rf"{edge}{escaped}`?[ \t]*{_ARROW_TEXT}", text, re.IGNORECASE | re.MULTILINE) is not None \
        or re.search(rf"{_ARROW_TEXT}[ \t]*`?{escaped}`?[ \t]*(?:$|[;,\n]|[.!?](?:\s|$)|{_ARROW_TEXT})", text,
                     re.IGNORECASE | re.MULTILINE) is not None


def refuse_unsettled_fan_in(intent: str, edges: list[tuple[str, str, str | None]]) -> None:
    """ "Sales and Marketing -> Finance" drawn as an arrow from each: one department or two? Two names
    joined by "and" before an arrow are read as two only when each is said on its own at an arrow elsewhere
    ("LB -> app-1, LB -> app-2; app-1 and app-2 -> redis"); otherwise an arrow drawn from each is refused."""
    drawn = {(phrase_key(t), phrase_key(h)) for t, h, _ in edges}
    for match in _PAIR_BEFORE_ARROW_RE.finditer(intent):
        a, b, head = (phrase_key(match.group(g)) for g in ("a", "b", "head"))
        if (a, head) not in drawn or (b, head) not in drawn:
            continue
        rest = intent[:match.start()] + "\n" + intent[match.end():]
        if _said_alone_at_an_arrow(match.group("a").strip(), rest) and _said_alone_at_an_arrow(match.group("b").strip(), rest):
            continue
        said = f"{match.group('a').strip()} and {match.group('b').strip()}"
        raise EngineRefusal("UNREADABLE_RELATION", f"'{said}' may be one name or two, and the diagram draws an arrow "
                                                   f"from each. Say each arrow on its own, e.g. '{match.group('a').strip()} "
                                                   f"-> {match.group('head').strip()}; {match.group('b').strip()} -> "
                                                   f"{match.group('head').strip()}', or draw the one name.")


# "app1, app2 -> pg-primary": a comma list of names numbered alike before an arrow (the check's own reading)
_LIST_BEFORE_ARROW_RE = re.compile(r"(?m)(?:^|(?<=[;\n])|(?<=[.!?:] ))[ \t]*(?:[-*•][ \t]+)?"
                                   r"(?P<list>[^\s;,.:()\[\]<>→=-][^;,.:()\[\]<>→=\n]*?(?:[ \t]*,[ \t]*[^;,.:()\[\]<>→=\n]+?)+)"
                                   r"[ \t]*(?:-{1,2}>|→|=>)")
_REPLICA_RE = re.compile(r"^(?P<stem>.*?)(?P<mark>\d{1,3}|\b[A-Za-z])$")


def _replicas(names: list[str]) -> bool:
    found = [_REPLICA_RE.match(n) for n in names]
    return all(found) and len({m.group("stem").casefold().rstrip(" _-") for m in found if m}) == 1 \
        and len({m.group("mark").casefold() for m in found if m}) == len(names)


def refuse_chained_replicas(intent: str, edges: list[tuple[str, str, str | None]]) -> None:
    """ "app1, app2 -> pg-primary" drawn as app1 → app2 → pg-primary: names numbered alike listed before an arrow
    are replicas side by side, never one after the other; an arrow drawn between two of them is refused."""
    drawn = {(phrase_key(t), phrase_key(h)) for t, h, _ in edges}
    for match in _LIST_BEFORE_ARROW_RE.finditer(intent):
        names = [n.strip() for n in match.group("list").split(",")]
        if not _replicas(names):
            continue
        keys = [phrase_key(n) for n in names]
        between = next(((a, b) for a in keys for b in keys if (a, b) in drawn), None)
        if between is not None:
            listed = ", ".join(names)
            raise EngineRefusal("UNREADABLE_RELATION", f"'{listed}' lists names side by side before an arrow, but the "
                                                       f"diagram draws an arrow from '{names[keys.index(between[0])]}' to "
                                                       f"'{names[keys.index(between[1])]}'. Say each arrow on its own, "
                                                       f"e.g. '{names[0]} -> …; {names[1]} -> …'.")
