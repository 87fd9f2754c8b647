"""Text around inline data that carries no data, blanked before the inline readers look for items.

Every blank is the same length as what it replaces, so positions found in the blanked text still
point into the intent (titles, the subject and the checker's spans rely on that). What is blanked:

    "…, Firefox 25 as a pie"  "… Self-serve (bar chart)"  "…, Wed 29 — bar chart please"
        a request for the chart written after the last item: it names the shape, no value
    "> wk 14: 31" (a quoted paste)   "`north` 120" (code spans)
        markup around a label, not part of it
    "[10:42] dana: EU 1,204" (a chat paste)
        the same "time, speaker:" prefix on every line, not a label
"""

from __future__ import annotations

import re
from collections.abc import Callable

_SHAPES = (r"(?:pie|donut|doughnut|bars?|lines?|areas?|scatter(?:\s*plot)?|columns?|histogram|"
           r"(?:bar|line|area|pie|column|donut)\s+(?:chart|graph|plot)s?|chart|graph|plot)")
_SHAPE_WORDS = r"(?:(?:simple|single|horizontal|vertical|stacked|grouped|clustered|smooth|nice|quick)\s+)*"
_POLITE = r"(?:\s*[,!]?\s*(?:please|pls|plz|thanks|thank\s+you|thx|ty))*"
_END = r"(?=\s*[.!?]*\s*(?:\n|$))"
REQUEST_TAIL_RES = (
    # "… Firefox 25 as a pie", "… Wed 29, as a bar chart please", "… into a line chart"
    re.compile(rf"[,;]?\s*[-–—(]?\s*\b(?:as|in|into|on|using)\s+(?:an?\s+)?{_SHAPE_WORDS}{_SHAPES}\s*\)?{_POLITE}{_END}",
               re.IGNORECASE),
    # "… Self-serve (bar chart)", "(pie please)"
    re.compile(rf"\s*\(\s*(?:an?\s+)?{_SHAPE_WORDS}{_SHAPES}{_POLITE}\s*\)", re.IGNORECASE),
    # "… Wed 29 — bar chart please", "… 70 in May - line chart"
    re.compile(rf"\s+[-–—]\s*(?:an?\s+)?{_SHAPE_WORDS}{_SHAPES}{_POLITE}{_END}", re.IGNORECASE),
)
LEADER_RE = re.compile(r"(?<=\S) ?(?:\.{3,}|…+|_{3,}|·{3,}|(?:\.[ \t]){2,}\.) ?(?=[ \t]*[-−+$€£¥]?\d)")  # "Manila ........ 94", "Oslo . . . 7": dot leaders
QUOTE_MARK_RE = re.compile(r"(?m)^[ \t]*>[ \t]?")
CODE_SPAN_RE = re.compile(r"`([^`\n]{1,80})`")
CHAT_PREFIX_RE = re.compile(r"(?m)^[ \t]*\[?\d{1,2}:\d{2}(?::\d{2})?(?:\s?[AaPp][Mm])?\]?\s+[\w.@' -]{1,30}?:[ \t]+")


def _blank(match: re.Match[str]) -> str:
    return " " * len(match.group(0))


# "Ward A 14*, …  (*provisional)", "Monterrey 18,400¹ … ¹Includes rework.": a mark right after a value that opens a
# note elsewhere refers to that note; the mark and the note (to its sentence or line end) are no data.
FOOTNOTE_MARKS = "*†‡¹²³⁴⁵⁶⁷⁸⁹"
_MARK_AFTER_VALUE_RE = re.compile(rf"(?<=\d)([{FOOTNOTE_MARKS}])(?![\w{FOOTNOTE_MARKS}])")


def _note_re(mark: str) -> re.Pattern[str]:
    return re.compile(rf"(?:(?<=^)|(?<=[\s(]))\(?{re.escape(mark)}\s*(?=[^\W\d_])[^\n]*?(?:\)|\.(?=\s|$)|$)", re.MULTILINE)


def blank_footnotes(text: str) -> str:
    """Footnote marks after values, and their notes, blanked (same length); the text unchanged unless every mark
    after a value opens exactly one note."""
    marks = {m.group(1) for m in _MARK_AFTER_VALUE_RE.finditer(text)}
    if not marks:
        return text
    notes = {mark: list(_note_re(mark).finditer(text)) for mark in marks}
    if any(len(found) != 1 for found in notes.values()):
        return text
    for found in notes.values():
        start, end = found[0].span()
        text = text[:start] + " " * (end - start) + text[end:]
    return _MARK_AFTER_VALUE_RE.sub(" ", text)


def blank_surface(text: str) -> str:
    """The text with requests after the data, quote marks, code spans, chat prefixes and footnotes blanked."""
    text = blank_footnotes(text)
    for pattern in REQUEST_TAIL_RES:
        text = pattern.sub(_blank, text)
    text = QUOTE_MARK_RE.sub(_blank, text)
    text = LEADER_RE.sub(_blank, text)
    text = CODE_SPAN_RE.sub(lambda m: " " + m.group(1) + " ", text)
    prefixes = CHAT_PREFIX_RE.findall(text)
    lines = [line for line in text.splitlines() if line.strip()]
    if len(prefixes) >= 2 and len(prefixes) >= len(lines) - 1:  # every line (but a heading) is a chat message
        text = CHAT_PREFIX_RE.sub(_blank, text)
    return text


# Words a sentence puts around a label that are no part of it: "followed by Chile with 18",
# "Brazil led with 31", "In January we spent $4,200; in February $3,900".
LEADING_LINKS_RE = re.compile(r"^(?:(?:followed\s+by|then|and|while|whereas|but|plus|also|with)\s+)+", re.IGNORECASE)
TRAILING_WORDS = {"at", "hit", "hits", "reached", "reaches", "peaked", "was", "were", "is", "are", "with", "had", "has",
                  "scored", "saw", "got", "totalled", "totaled", "came", "to", "stood", "ended", "closed", "led", "leads",
                  "sold", "spent", "made", "earned", "did", "recorded", "posted", "logged", "gained", "won", "took",
                  "finished", "received", "handled", "shipped", "generated", "drew", "attracted", "brought", "in",
                  "we", "they", "i", "it", "you", "he", "she", "about", "around", "roughly", "approximately", "nearly",
                  "almost", "only", "just"}
LABEL_PREPOSITIONS = {"in", "on", "at", "during", "for", "by", "from"}


def tidy_labels(labels: list[str], time_like: Callable[[str], bool]) -> list[str]:
    """The labels without the sentence around them (see above). Each step is kept only when the labels
    stay distinct and none is emptied, so a label whose own words look like links keeps them."""
    steps = (_without_leading_links, lambda ls: _without_shared_preposition(ls, time_like), _without_trailing_words,
             lambda ls: _without_subject_before_period(ls, time_like))
    for step in steps:
        tidied = step(labels)
        if all(tidied) and len({t.casefold() for t in tidied}) == len(tidied):
            labels = tidied
    return labels


def _without_leading_links(labels: list[str]) -> list[str]:
    return [labels[0]] + [LEADING_LINKS_RE.sub("", label) for label in labels[1:]]


def _without_shared_preposition(labels: list[str], time_like: Callable[[str], bool]) -> list[str]:
    """"In January …, in February, in March": the same preposition opens every label; what follows it
    is a time or a name, so the preposition is the sentence's."""
    later = labels[1:]  # the first label may have lost it with the subject ("In January we spent")
    firsts = {label.split()[0].casefold() for label in later if label.split()}
    if len(later) < 2 or len(firsts) != 1 or (word := firsts.pop()) not in LABEL_PREPOSITIONS:
        return labels
    if not all(label.split()[0].islower() for label in later):
        return labels  # "On Hold 5, On Track 10": capitalised in every item, the word is part of the name
    first = labels[0]
    if " " in first and first.split()[0].casefold() == word:
        first = first.split(" ", 1)[1]
    rests = [first] + [label.split(" ", 1)[1] if " " in label else "" for label in later]
    if not all(r and (time_like(r.split()[0]) or r[0].isupper()) for r in rests):
        return labels
    return rests


def _without_subject_before_period(labels: list[str], time_like: Callable[[str], bool]) -> list[str]:
    """"revenue 2019 1.2M, 2020 0.9M, 2021 1.6M": every later label is a period alone, so the words before the
    first one's period are the list's subject ("revenue"), not part of its label."""
    first, later = labels[0], labels[1:]
    if len(later) < 2 or time_like(first) or not all(time_like(label) for label in later):
        return labels
    words = first.split()
    for cut in range(1, len(words)):
        if time_like(" ".join(words[cut:])):
            return [" ".join(words[cut:]), *later]
    return labels


def _without_trailing_words(labels: list[str]) -> list[str]:
    tidied = []
    for label in labels:
        words = label.split()
        while len(words) > 1 and words[-1].casefold() in TRAILING_WORDS:
            words.pop()
        tidied.append(" ".join(words))
    return tidied
