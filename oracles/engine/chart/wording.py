"""The words around the data: which mark, the title, axis names, sorting."""

from __future__ import annotations

import re
from dataclasses import dataclass

from .calendar import MONTH_INDEX, QUARTER_INDEX, WEEKDAY_INDEX, is_time_like
from .vocabulary import EMPTY_TITLE_WORDS, FOREIGN_STACKED, HORIZONTAL_REQUEST_RE, TITLE_CUT_WORDS


@dataclass(frozen=True)
class Wording:
    """Presentation choices the intent states (None when it does not say)."""

    mark: str | None  # bar | line | area | arc | point
    horizontal: bool
    arrangement: str | None  # grouped | stacked
    donut: bool
    title: str | None
    x_title: str | None
    y_title: str | None
    sort: str | None  # descending | ascending | alphabetical


NEGATED_MARK_RE = re.compile(r"\b(?:not|no|instead\s+of|rather\s+than)\s+(?:an?\s+)?(?:\w+\s+)?"
                             r"(?:line|bar|pie|area|donut|scatter|column)s?(?:\s+(?:chart|graph|plot))?\b")
_AS_A = (r"\b(?:as|in|into|with|using|like|make\s+it|draw\s+it|plot\s+it|show\s+it)\s+(?:an?\s+)?"
         r"(?:(?:simple|single|smooth|dashed|horizontal|vertical|stacked|grouped|clustered|multi-series)\s+)*")
NEGATED_SHAPE_RE = re.compile(r"\b(?:not|no|never|instead\s+of|rather\s+than|n't)\s+(?:(?:an?|the|as|in)\s+)*"
                              r"(?:stack(?:ed|ing)?|grouped|clustered|side[\s-]by[\s-]side|horizontal(?:ly)?)\b")
# "— line of torque against rpm", "a line of weekly signups": a mark named where a request starts
_A_MARK_OF = r"(?:^|[—–:;,.(]\s*|\s-\s|\b(?:an?|one|single)\s+)"
# "type: line", {"mark": "area"}, chart=pie: a mark given as the value of a setting names it outright
_SETTING = r"\b(?:type|mark|chart|kind|chart[_\s-]?type|graph|plot)[\"']?\s*[:=]\s*[\"']?"
# the setting's whole value: {"type": "line item"} names a thing, not a mark
_SETTING_END = r"(?=[\"']?\s*(?:[,;}\n|.]|$|charts?\b|graphs?\b|plots?\b))"
_MARK_PATTERNS: list[tuple[str, str]] = [
    (rf"{_SETTING}(?:bars?|columns?|histogram){_SETTING_END}", "bar"),
    (rf"{_SETTING}lines?{_SETTING_END}", "line"),
    (rf"{_SETTING}area{_SETTING_END}", "area"),
    (rf"{_SETTING}(?:pie|donut|doughnut|arc){_SETTING_END}", "arc"),
    (rf"{_SETTING}(?:scatter(?:plot)?|points?|dots?){_SETTING_END}", "point"),
    # chart names in other languages agents pass through: German, French, Spanish, Portuguese, Italian
    (r"\b(?:kreis|torten|ring)diagramm|\bcamembert\b|\bgraphique\s+(?:circulaire|en\s+secteurs)|"
     r"\bgr[áa]fico\s+(?:circular|de\s+(?:tarta|pastel|torta|pizza|sectores))|\bgrafico\s+a\s+torta|"
     r"\b(?:taart|cirkel)(?:diagram|grafiek)", "arc"),
    (r"\b(?:linien|kurven)diagramm|\bgraphique\s+(?:lin[ée]aire|en\s+courbes?)|\bgr[áa]fico\s+de\s+l[íi]neas?|"
     r"\bgrafico\s+a\s+linee|\bgr[áa]fico\s+de\s+linhas?|\blijn(?:grafiek|diagram)", "line"),
    (r"\b(?:balken|säulen|saeulen)diagramm|\bgraphique\s+(?:en|à)\s+(?:barres|b[âa]tons|colonnes)|"
     r"\bgr[áa]fico\s+de\s+(?:barras|columnas|colunas)|\bgrafico\s+a\s+barre|\b(?:staaf|kolom)(?:diagram|grafiek)", "bar"),
    (r"\bstreudiagramm|\bnuage\s+de\s+points|\bgr[áa]fico\s+de\s+dispers[ií][óo]n|\bspreidings(?:diagram|grafiek)", "point"),
    (r"\bfl[äa]chendiagramm|\bgr[áa]fico\s+de\s+[áa]reas?|\bvlak(?:diagram|grafiek)", "area"),
    (r"\b(?:donut|doughnut|ring)\b", "arc"),
    (r"\bpie\b", "arc"),
    (r"\bscatter\s*(?:plot|chart|graph)?\b|\bscatterplot\b|\bx\s*/?\s*y\s+plot\b|\bbubble\b", "point"),
    (r"\bdot\s*plot\b|\bpoints?\s+chart\b", "point"),
    # "area" and "line" ask for a mark only where a request stands: "area chart", "as a line", "line:" at
    # the start; "the sales area" or "by product line" name something
    (rf"\bstacked\s+area\b|\barea\s*(?:charts?|graphs?|plots?|graphics?|diagrams?)\b|{_AS_A}area\b|^\W*area\b", "area"),
    (rf"\blines?\s*(?:charts?|graphs?|plots?|graphics?|diagrams?)\b|{_AS_A}lines?\b|^\W*lines?\b|{_A_MARK_OF}lines?\s+(?:of|for|showing)\s|"
     r"\bsparkline\b", "line"),
    (r"\bbars?\b|\bbar\s*(?:chart|graph)\b|\bhistogram\b", "bar"),
    # "over time", "the trend" hint at a line but name no chart: a named mark ("bar chart of sales over time") wins
    (r"\btrend(?:line)?\b|\bover\s+time\b|\btimeline\b", "line"),
    (r"\bcolumns?\b", "bar"),
]


def read_wording(text: str, subject_end: int) -> Wording:
    """Read mark, orientation, title, axis titles and sort order from the intent's words."""
    lowered = NEGATED_MARK_RE.sub(" ", re.sub(r"[_*]", " ", text.lower()))  # "a bar chart, not a line": the refused mark is no request
    lowered = NEGATED_SHAPE_RE.sub(" ", lowered)  # "side by side, not stacked"
    mark = next((m for pattern, m in _MARK_PATTERNS if re.search(pattern, lowered)), None)
    horizontal = bool(HORIZONTAL_REQUEST_RE.search(lowered))
    arrangement = None
    if re.search(r"\bstack(?:ed|ing)?\b|" + FOREIGN_STACKED, lowered):  # "stacked bars", "stack paid on top of organic"
        arrangement = "stacked"
    elif re.search(r"\b(?:grouped|clustered|side[\s-]by[\s-]side)\b", lowered):
        arrangement = "grouped"
    if horizontal and mark is None:
        mark = "bar"
    return Wording(
        mark=mark,
        horizontal=horizontal and mark in (None, "bar"),
        arrangement=arrangement,
        donut=bool(re.search(r"\b(?:donut|doughnut|ring)\b", lowered)),
        title=explicit_title(text) or subject_title(text[:subject_end]),
        x_title=_axis_title(text, "x"),
        y_title=_axis_title(text, "y"),
        sort=_sort(lowered),
    )


def explicit_title(text: str) -> str | None:
    """`titled "Q3 sales"`, `title: Q3 sales`, `called 'Signups'`, `"title": "Q3 sales"` in JSON."""
    in_json = re.search(r"[\"'](?:title|chart_title|chartTitle)[\"']\s*:\s*[\"']([^\"'\n]{1,120})[\"']", text, re.IGNORECASE)
    if in_json:
        return in_json.group(1).strip()
    quoted = re.search(r"\b(?:titled|entitled|called|named|with\s+(?:the\s+)?title|title(?:\s+(?:it|put|is|should|must|will|be|"
                       r"to|please|set))*|call\s+it|name\s+it)\s*[:=]?\s*[\"“'‘]([^\"”'’\n]{1,120})[\"”'’]", text, re.IGNORECASE)
    if quoted:
        return quoted.group(1).strip()
    keyed = re.search(r"(?im)^[ \t]*(?:[-*•][ \t]+)?(?:\*\*|__)title(?::(?:\*\*|__)|(?:\*\*|__):)[ \t]*([^\n]{1,120}?)[ \t]*$", text)
    if keyed:  # "**Title:** Avg temperature, Oslo vs Madrid": a markdown key line; the title is the rest of the line
        return keyed.group(1).strip(" *_`")
    marked = re.search(r"\b(?:titled|entitled|title(?:\s+it)?|call\s+it|name\s+it)\s*[:=]?\s*(?:\*\*([^*\n]{1,120})\*\*|`([^`\n]{1,120})`)",
                       text, re.IGNORECASE)  # "title **Regional revenue FY24**": bold or code quotes it
    if marked:
        return (marked.group(1) or marked.group(2)).strip()
    plain = re.search(r"\b(?:titled|entitled|title\s*[:=])\s*([^\n.;:,]{1,120})", text, re.IGNORECASE)
    if plain:
        return plain.group(1).strip()
    return None


# A title asked in quotes ("Title it 'Option costs 2025'"): words and numbers of a title, never data.
# Never a JSON key ("title": "…"): its value is read by the JSON reader.
_QUOTED_TITLE_ASK = re.compile(r"(?<![\"'])\b(?:titled|entitled|with\s+(?:the\s+)?title|title(?:\s+(?:it|put|is|should|must|will|"
                               r"be|to|please|set))*)(?![\"'])\s*[:=]?\s*"
                               r"(?:\"[^\"\n]{1,120}\"|“[^”\n]{1,120}”|‘[^’\n]{1,120}’|'[^'\n]{1,120}'(?!\w))", re.IGNORECASE)


def blank_quoted_title_asks(text: str) -> str:
    """The text with every quoted title ask blanked (same length: positions hold), so that the data
    reader never takes a number of the title ("'Option costs 2025'") for a value."""
    return _QUOTED_TITLE_ASK.sub(lambda m: " " * len(m.group(0)), text)


_LEADING_FILLER = re.compile(
    r"^(?:\s*(?:please|pls|kindly|hey|hi|hello|(?:can|could)\s+(?:we|i)\s+(?:get|have|see)|can\s+you|could\s+you|"
    r"would\s+you|i\s+need|i\s+want|i'd\s+like|we\s+need|"
    r"(?:it|which|that)\s+(?:should\s+|must\s+|will\s+|needs\s+to\s+)?(?:shows?|displays?)|"
    r"give\s+me|make(?:\s+me)?|do|create|draw|plot|chart|graph|show(?:\s+me)?|render|generate|build|produce|"
    r"visuali[sz]e|display|here\s+(?:is|are)|here's|using|use|with|a|an|the|quick|simple|nice|new|"
    r"(?:horizontal|vertical|grouped|stacked|clustered|donut|doughnut|pie|bar|line|area|scatter|column|dot)s?\b|"
    r"(?:chart|graph|graphic|plot|diagram|visual(?:isation|ization)?)s?\b|scatterplot|of|showing|for|that\s+shows|"
    r"comparing|compare|to\s+compare|this(?!\s+(?:year|month|week|quarter|season|term|semester|sprint|weekend)\b)|these|data|values|numbers|please)\b[\s,:-]*)+",
    re.IGNORECASE,
)
# One trailing word or ask that names nothing ("… by region, as a bar chart please"), taken off one at a time
_TRAILING_FILLER = re.compile(
    r"[\s,:(\-–—]+(?:as\s+a\s+\w+(?:\s+chart)?|sorted.*|in\s+(?:a\s+)?\w+\s+chart|chart|graph|plot|please|"
    r"this|these|data|values|numbers|by|of|for|with|over|from|is|are|was|were|and|pairs?|sideways|"
    r"(?:horizontal|vertical|grouped|stacked|bar|line|area|pie|donut|scatter)(?:\s+chart)?)\s*$",
    re.IGNORECASE,
)
# "Sells by product line", "trips per bus line", "tickets by product area": after "by"/"per" a mark word ends
# the name of what is counted, not an ask
_NAMED_BY_MARK_WORD = re.compile(r"\b(?:by|per|each)\s+(?:[^\W\d_][\w'’-]*\s+)?(?:lines?|bars?|areas?)$", re.IGNORECASE)


_IDENTIFIER = re.compile(r"(?<![\w'’-])[a-z][a-z0-9]*(?:_[a-z0-9]+)+(?![\w'’-])", re.IGNORECASE)
_CALL_OPENING = re.compile(r"\s*[A-Za-z_][\w.]*\(\s*(?:[A-Za-z_]\w*\s*=\s*)?")
_SCALE_BRACKET = re.compile(r"\((?:in\s+)?(?:[$€£¥]\s*)?(?:thousands|millions|billions|'?000s?|k|mn?|bn)\)", re.IGNORECASE)


def subject_title(prefix: str) -> str | None:
    """A title from the subject before the data: "a bar chart of signups:" → "Signups"."""
    if _CALL_OPENING.fullmatch(prefix):
        return None  # "render_chart(", "plot(rows=": the name of a function is no title
    text = re.split(r"[\n]|:\s*$", re.sub(r"^\s*#{1,6}\s+", "", prefix.strip()))[0]  # "## Regional revenue"
    scale = _SCALE_BRACKET.search(text)  # "signups (thousands): …": the scale of every value stays in the title
    keep = scale.end() if scale and not re.search(r"[\[{(|]", text[:scale.start()]) else 0
    text = text[:keep] + re.sub(r"[\[{(|].*$", "", text[keep:])  # the data itself starts here
    text = re.sub(r"\b[xy][\s-]*axis\b\s*(?:title\s*)?(?:[:=]|as|labell?ed|called|titled)?\s*(?:[\"“'‘][^\"”'’]*[\"”'’]|[^,;]*)",
                  " ", text, flags=re.IGNORECASE)  # "y axis 'Team'" names an axis, not the chart
    if not re.search(r"[.!?]\s", text):
        return _title_from(text)
    sentences = re.split(r"(?<=[.!?])\s+", text.strip())
    if len(sentences) > 1 and prefix.rstrip().endswith(":") and _CHATTER.search(sentences[0]):
        # "so I think an area chart would work best?? not sure lol. daily active users over the week: Mon 340 …":
        # the first sentence talks to us; the one that opens the data names it, when it is a plain noun phrase
        last = _title_from(sentences[-1])
        if last and not _NOT_A_SUBJECT.search(last) and not (len(last.split()) == 1 and is_time_like(last)):
            return last
    return _title_from(sentences[0])


# A sentence that talks to the reader or asks something, not a subject ("Can u do a stacked bar …", "Help me …")
_CHATTER = re.compile(r"\?|\b(?:i|i'm|i've|i'd|we|we're|we've|my|u|you|can|could|would|please|pls|help|lol|"
                      r"want|wants|need|needs|whatever|do|put|make)\b", re.IGNORECASE)
# A sentence that is no subject: a clause with its own subject or verb, a number, a lone pointing word
_NOT_A_SUBJECT = re.compile(r"\d|\b(?:i|we|you|u|they|it|is|are|was|were|follows?|input|export)\b|\bon\s+[xy]\b|"
                             r"\b[xy][\s-]*axis", re.IGNORECASE)


def _title_from(text: str) -> str | None:
    for _ in range(3):
        text = _LEADING_FILLER.sub("", text).strip()
        while not _NAMED_BY_MARK_WORD.search(text) and (trailing := _TRAILING_FILLER.search(text)):
            text = text[:trailing.start()].strip(" :;,.?!-–—")
        text = text.strip(" :;,.?!-–—")
    text = re.sub(r"\s+", " ", text)
    if not text or len(text) > 80 or not re.search(r"[A-Za-z]", text):
        return None
    if all(w.casefold() in EMPTY_TITLE_WORDS for w in re.findall(r"[^\W\d_][\w'’]*", text)):
        return None  # "we had 120 signups from …": the start of the sentence names nothing
    if names_nothing(text):
        return None
    if _IDENTIFIER.search(text):
        return None  # "chart_request {…}", "tool: make_chart args:": the name of a tool or call is no title
    text = re.sub(r"\s+as(?:\s+(?:an?|the))?$", "", text, flags=re.IGNORECASE)  # "Cash flow by month as an [area chart]"
    text = _AS_A_MARK_ON.sub("", text).strip(" ,;:")  # "Revenue per region as a donut but make North red"
    if not text:
        return None
    if text.split()[-1].casefold() in TITLE_CUT_WORDS:
        return None  # "As a", "Cash flow by month as an": a sentence cut before its end names nothing whole
    return text[0].upper() + text[1:]


# "… as a donut but make North red": the mark asked, and any ask after it, are no part of the subject
_AS_A_MARK_ON = re.compile(r"\s+as\s+(?:an?\s+)?(?:(?:horizontal|vertical|stacked|grouped|simple|nice)\s+)*"
                           r"(?:bars?|columns?|lines?|areas?|pies?|donuts?|doughnuts?|scatter(?:\s*plot)?)\b.*$", re.IGNORECASE)


# Words that point at the data or the request without naming what is charted: "the following CSV?", "this
# data", "x", "y". A title made only of them names nothing; the chart is then drawn without one.
_POINTING_WORDS = frozenset("""following below above attached pasted csv tsv json yaml table spreadsheet sheet data
dataset values value numbers figures x y chart graph plot label labels this these that those the my our some here it
of with bar bars line lines column columns slice slices point points dot dots series one two three four five six seven
eight nine ten""".split())  # "with two bars": a count of the marks, no subject


def names_nothing(title: str) -> bool:
    """A title of pointing words only ("Following CSV?", "Y", "Chart"): it names nothing that is charted."""
    words = re.findall(r"[^\W\d_][\w'’]*", title)
    return not words or all(w.casefold() in _POINTING_WORDS for w in words)


def _axis_title(text: str, axis: str) -> str | None:
    keyed = re.search(rf"(?<![\w.])[\"']?{axis}_?(?:title|label|axis_title|axis_label)[\"']?\s*[=:]\s*[\"']([^\"'\n]{{1,60}})[\"']",
                      text, re.IGNORECASE)  # x_title="dose (mg/kg)", "y_label": "pallets": a call's arguments
    if keyed:
        return keyed.group(1).strip()[:1].upper() + keyed.group(1).strip()[1:]
    match = re.search(
        rf"\b{axis}[\s-]*axis\s*(?:is|=|:|as|for|shows|showing|labell?ed)?\s*[\"“']?([A-Za-z][^,;.:()\n\"”']{{0,60}})",
        text, re.IGNORECASE,
    ) or re.search(rf"\b{axis}\s*[=:]\s*[\"“']?([A-Za-z][^,;.:(\n\"”'=]{{0,60}})", text, re.IGNORECASE)
    if match is None:
        return None
    title = re.split(r"\s+(?:and|with|,)\s+(?:the\s+)?[xy]\b", match.group(1), flags=re.IGNORECASE)[0].strip()
    return title[0].upper() + title[1:] if title else None


def _sort(lowered: str) -> str | None:
    if re.search(r"\balphabetical(?:ly)?\b|\ba\s*(?:-|to)\s*z\b", lowered):
        return "alphabetical"
    if re.search(r"\bascending\b|\b(?:lowest|smallest|shortest)\s+first\b|\bfrom\s+(?:lowest|smallest)\b|\bleast\s+first\b", lowered):
        return "ascending"
    if re.search(r"\bdescending\b|\bsorted\b|\bsort\b|\b(?:highest|largest|biggest|longest|most)\s+first\b|\branked\b|\bfrom\s+(?:highest|largest|biggest)\b", lowered):
        return "descending"
    return None


def label_axis_title(labels: list[str]) -> str | None:
    """A name for the label axis when all labels are of one calendar kind."""
    words = [str(label).lower().rstrip(".") for label in labels]
    if words and all(w in WEEKDAY_INDEX for w in words):
        return "Day"
    if words and all(w in MONTH_INDEX for w in words):
        return "Month"
    if words and all(w in QUARTER_INDEX for w in words):
        return "Quarter"
    if words and all(re.fullmatch(r"(?:19|20)\d\d", w) for w in words):
        return "Year"
    return None


def labels_are_time_like(labels: list[str]) -> bool:
    """Every label names a point in time (then a line is the natural default)."""
    return bool(labels) and all(is_time_like(str(label)) for label in labels)
