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
QUOTE_MARK_RE = re.compile(r"(?m)^[ \t]*>[ \t]?")
CODE_SPAN_RE = re.compile(r"`([^`\n]{1,80})`")
CHAT_PREFIX_RE = re.compile(r"(?m)^[ \t]*\[?\d{1,2}:\d{2}(?::\d{2})?(?:\s?[AaPp][Mm])?\]?\s+[\w.@' -]{1,30}?:[ \t]+")


def _blank(match: re.Match[str]) -> str:
    return " " * len(match.group(0))


def blank_surface(text: str) -> str:
    """The text with requests after the data, quote marks, code spans and chat prefixes blanked."""
    for pattern in REQUEST_TAIL_RES:
        text = pattern.sub(_blank, text)
    text = QUOTE_MARK_RE.sub(_blank, text)
    text = CODE_SPAN_RE.sub(lambda m: " " + m.group(1) + " ", text)
    prefixes = CHAT_PREFIX_RE.findall(text)
    lines = [line for line in text.splitlines() if line.strip()]
    if len(prefixes) >= 2 and len(prefixes) >= len(lines) - 1:  # every line (but a heading) is a chat message
        text = CHAT_PREFIX_RE.sub(_blank, text)
    return text
