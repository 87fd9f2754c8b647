"""Is the drawn chart what the intent says? Read from the intent on its own, conservatively.

This check never looks at the drafter's facts. It takes the chart's own inline rows, mark and
encoding, and the intent text, and refuses (a reason naming what it could not place and how to
say it) unless all of these hold:

- Grounding: every drawn value is a number the intent states, at its own place in the text (two
  equal values need two statements); every label and series name is a whole phrase of the intent
  (not "York" out of "New York", no sign glued on: "Sales +"), or a documented normal form of one
  (a calendar or numbered range expanded: "Mon to Fri", "weeks 1 to 4").
- Placement: each value sits beside its label in the text (in one direction for the whole
  chart: "Mon 34" or "58 in March"), in its table row under its series' column, at its key in
  JSON, or in order against a range or list of labels; a value belongs to the series named last
  before it (or, in "2023 vs 2024: Jan 10/12", to the series in its slot).
- Coverage: every number in the intent that could be data is drawn, or is inside a drawn label,
  or is explained as not data (`NOT_DATA_BEFORE`/`NOT_DATA_AFTER`, a year that names the subject).
- The asked shape: a mark, orientation, stacking, title or sort order the intent asks for is
  the one drawn; x/y pairs are drawn as pairs and plain numbers are not drawn as categories.
  Words that only instruct are listed once, in `INSTRUCTION_WORDS`; a chart word inside a
  drawn name ("the coastal line") asks for nothing.

Reason codes are the chart section of `ground/reasons.py`.
"""

from __future__ import annotations

import ast
import csv
import json
import re
from bisect import bisect_left, bisect_right
from collections.abc import Iterable
from dataclasses import dataclass, replace
from functools import cached_property
from typing import Any

from .approximate import APPROXIMATE_WORDS
from .calendar import NUMERIC_RANGE_RE, RANGE_RE, calendar_ranges, is_time_like, numeric_ranges
from .fail_closed import check_fail_closed
from .fail_closed_values import holds_change
from .notation import balanced_end
from .numbered_check import numbered_axis_refusal, numbered_pair, numbered_stem, numbered_structured
from .picks import axis_of_field, read_field_picks
from .picks_check import pick_fields
from .references import reference_statements
from .scanning import Scanned
from .values import StatedNumber, stated_numbers
from .vocabulary import HORIZONTAL_REQUEST_RE
from .yaml_block import yaml_blocks

# ---------------------------------------------------------------------------------------------
# Vocabulary: the one place that says which words only instruct or connect.

# Words that only instruct or frame the request; they never carry chart content.
INSTRUCTION_WORDS = frozenset("""
a an the please pls kindly can could would you i we me us our my make draw plot chart graph show
create render give build produce visualise visualize display use using as with of for this these
that data values numbers diagram title titled called labelled labeled sorted sort axis is are
thanks thank want need compare comparing comparison
""".split())
# Words that may stand between a label and its value ("Season 1 peaked at 48k", "58 in March").
CONNECTOR_WORDS = frozenset("""
in on at of for by to during from with was were is are be been had has have got get gets saw sees
reached reach reaches hit hits peaked peaks scored scores totalled totaled came comes
stood stands ended ends closed closes rose fell grew dropped climbed recorded logged
made makes did does about around approximately roughly nearly almost over under some only just
then and or vs versus against respectively via through
""".split()) | APPROXIMATE_WORDS  # "Ben approx. 15": a documented approximate marker (approximate.py)
# "120 units in January", "40 users in week 1": a value stated before its label, in the subject too
_VALUE_THEN_LABEL = re.compile(r"(?:\s+[^\W\d_][\w'-]*){0,2}?\s+(?:in|on|at|during|for|by|from|via|through)\s+[^\W_]",
                               re.IGNORECASE)
_UNIT_AFTER = re.compile(r"\s?(°\s?[CFcf]\b|[$€£¥])")
_BRACKETED = re.compile(r"\([^()]*\)")
_SLASHED_ABBREVIATION = re.compile(r"\b([^\W\d_])/([^\W\d_])\b")  # "n/a", "N/A": one word, not two
_NAME_WORD = re.compile(r"[^\W\d_][\w'’]*")  # a word of a name: starts with a letter
_HYPHENATED_WORD = re.compile(r"[^\W\d_][\w'’-]*")
_DIGIT = re.compile(r"\d")
_OPENING_BRACKET_BEFORE = re.compile(r"\(\s*$")
_LETTER = re.compile(r"[^\W\d_]")
_CAPITALISED_AFTER_LOWER = re.compile(r"(?<=[a-z]) +(?P<word>[A-Z][a-z]+)\b")
_ONE_WORD = re.compile(r"\w+")
_PLAIN_NUMBER = re.compile(r"[-+]?\d+(?:[.,]\d+)?")
_IDENTIFIER_DASH = re.compile(r"[^\W\d_]-$")
_LEADER_FREE_WORD = re.compile(r"(?:(?!_{3})\w)+")
_WORD_RUN = re.compile(r"\w+")
# Around an occurrence of a label (compiled once: they run for every label of the intent)
_SENTENCE_BREAK = re.compile(r"[.?!;:]\s")
_SCORE_AFTER = re.compile(r"[-–—/:]\d")
_WORD_BEFORE = re.compile(r"([^\W\d_][\w'’]*) +$")
_WORD_AFTER = re.compile(r" +([^\W\d_][\w'’]*)")
_VERSUS_BEFORE = re.compile(r"\b(?:vs\.?|versus|against)\s+$", re.IGNORECASE)
_VERSUS_AFTER = re.compile(r"\s+(?:vs\.?|versus|against)\b", re.IGNORECASE)
_ITEM_BREAK = re.compile(r"[,;\n|•]|\band\b|\.\s")
_JOIN_TOKENS = re.compile(r"[^\W\d_][\w'’&]*|&|\d[\d,.]*|[^\w\s]")
# "Bergen 289 330": a label's last one to three digits, and the group of three written after it
_TRAILING_DIGITS = re.compile(r"(?:^|\s)(\d{1,3})$")
_THOUSANDS_GROUP = re.compile(r"[ '’\u00a0\u2009\u202f](\d{3})(?![\d'’]|[.,]\d)")
# Words that join the words of one name ("Home and Garden", "Bank of America", "Lord of the Rings").
NAME_JOINING_WORDS = frozenset("and & or of the de del la le du von van y".split())
# Articles that open a name when capitalised before a capitalised word ("The Grind", "La Boulange", "El Farolito").
CAPITALISED_ARTICLES = frozenset("The La Le Les El Los Las Il Lo Der Die Das De Het".split())
# Words that join two statements; a label never starts or ends with one ("vs variant").
LINKING_WORDS = frozenset("vs versus and or against then plus".split())
# The last word before a label that follows its value ("1,310 in week 2").
LABEL_AFTER_WORDS = frozenset("in on at during for by from of via through".split())
# Numbers that size or frame the question, not values: "top 5", "n=200", "a 30-year mortgage".
NOT_DATA_BEFORE = re.compile(
    r"(?:\b(?:[Tt]op|[Bb]ottom|[Ll]ast|[Pp]ast|[Nn]ext|[Ff]irst|[Ee]very|[Ee]ach|[Oo]ver\s+the\s+last|[Nn]|[Vv]ersion|"
    r"[Ss]tep|[Pp]hase|[Qq]uestion|[Tt]he|a|an|[Oo]ur|[Tt]heir|[Ii]ts|[Tt]his|[Tt]hat)\s*[-=:]?\s*|#)$")
# "March 3–7, 2025", "Jan 5th": days of a date, not values (only ever used to explain an undrawn number)
DATE_SPAN = re.compile(
    r"\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?\s+\d{1,2}(?:st|nd|rd|th)?"
    r"(?:\s*[-–—]\s*\d{1,2}(?:st|nd|rd|th)?(?:,?\s+\d{4})?|,?\s+\d{4})\b", re.IGNORECASE)  # a range or a year: "Mar 12" alone is data
_MONTH = r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?"
_DAY = r"\d{1,2}(?:st|nd|rd|th)?"
# "12 May 2025", "3–17 June 2024" (a year closes it), "on 14 March", "as of 2 May": a day written before its
# month is a date in the prose, not a value (only ever used to explain an undrawn number, like DATE_SPAN)
DAY_FIRST_DATE = re.compile(
    rf"\b{_DAY}(?:\s*[-–—]\s*{_DAY})?\s+{_MONTH},?\s+\d{{4}}\b|"
    rf"\b(?:on|since|until|till|dated|as\s+of)\s+{_DAY}\s+{_MONTH}(?![\w-])", re.IGNORECASE)


def in_day_first_date(intent: str, position: int) -> bool:
    """Whether the number at `position` is the day of a date written day first (see DAY_FIRST_DATE)."""
    window = max(0, position - 24)
    return any(m.start() <= position < m.end() for m in DAY_FIRST_DATE.finditer(intent, window, min(len(intent), position + 32)))


NOT_DATA_AFTER = re.compile(
    r"^(?:-(?:year|yr|month|day|week|hour|minute|second|point|page|item|step|person|people|star)s?\b|"
    r"[ \t]*(?:series|items|categories|bars|slices|lines|columns|rows|charts|colou?rs|respondents|"
    r"people|participants|samples?|responses)\b|(?:st|nd|rd|th)\b)", re.IGNORECASE)

# A number between two parts of a label ("LATAM $310k Also EMEA", "18:00 4.1 Also 00:00", "Fri −2 (°C) Also
# Mon"): the label ran across a value into the next statement. A clock time with words after it is no time.
_INNER_NUMBER = re.compile(r"\S(?:\s+|\s*=\s*)[-−+(]?[$€£¥]?\d[\d,.]*(?:[kKMB]|bn|mn)?%?\)?\s+\W*[^\W\d_]")
_CLOCK_WITH_TAIL = re.compile(r"\d{1,2}:\d{2}\s+\S")
# Words that open the next statement; a label never starts with one ("Also Samsung 937").
OPENING_WORDS = frozenset("also finally lastly plus then while but whereas".split())
# " — " between words separates a statement from the next; inside a label it means two were run together.
_SPACED_DASH = re.compile(r"\s[-–—]\s")
# A label never holds the request for the chart itself ("May — line chart please").
_INSTRUCTION_IN_LABEL = re.compile(
    r"\b(?:please|pls|kindly|(?:bar|line|area|pie|donut|doughnut|scatter|column)[\s-]*(?:charts?|graphs?|plots?))\b",
    re.IGNORECASE)
_DASHES = str.maketrans({"–": "-", "—": "-", "−": "-", "‐": "-", "‑": "-", "‒": "-"})
_SIGNS = "+-"
_LEADER = re.compile(r"[ \t]*(?:\.{3,}|…+|_{3,}|·{3,}|(?:\.[ \t]){2,}\.)[ \t]*:?[ \t]*")
# A value then its label (": 41 occupied, 12 available."): the item opens right before the value and
# closes right after the label; "60 % equities": a share, then what it is of. Compiled once: `_beside`
# runs for every label and every value it may stand beside.
_ITEM_OPENS_BEFORE = re.compile(r"(?:^|[:;,\n•(]|\band|\.\s)\s*[-−+]?[$€£¥]?$")
_ITEM_ENDS_AFTER = re.compile(r"\s*(?:$|[,;\n)]|\.(?!\d)|and\b)")
_SHARE_GAP = re.compile(r"\s*(?:%|percent|per\s+cent|pct)\s+", re.IGNORECASE)
_SEPARATOR_IN_GAP = re.compile(r"[,;\n.!?|\t]|\)\s*\(|→|->|=>|⟶")
# A label never starts or ends with these: they link it to something else ("28 psi →", "iOS (").
_LINKING_EDGE = re.compile(r"^[\s(\[{:=→>|,;·]|[\s(\[{:=→|,;·]$|->$|=>$|^/\s|\s/$")  # "/ Ingrid", not "/search"
_MARK_NAMES: dict[str, str] = {
    "bar": "bar", "bars": "bar", "column": "bar", "columns": "bar", "histogram": "bar", "hbar": "bar",
    "barh": "bar", "line": "line", "lines": "line", "sparkline": "line", "area": "area",
    "pie": "arc", "donut": "arc", "doughnut": "arc", "ring": "arc", "scatter": "point", "scatterplot": "point",
    "dot": "point", "bubble": "point", "trend": "line", "trendline": "line", "timeline": "line", "over time": "line",
}
_MARK_WORD = r"(?P<word>bars?|columns?|histogram|hbar|barh|lines?|sparkline|area|pie|donut|doughnut|scatter(?:plot)?|dot|bubble)"
_MARK_REQUESTS = [
    re.compile(rf"\b{_MARK_WORD}[\s-]*(?:charts?|graphs?|plots?|diagrams?|visuali[sz]ation)\b", re.IGNORECASE),
    re.compile(rf"\b(?:as|in|into|with|using|make\s+it|draw\s+it|like)\s+(?:an?\s+)?"
               rf"(?:(?:horizontal|vertical|stacked|grouped|clustered|simple|single)\s+)*{_MARK_WORD}\b", re.IGNORECASE),
    re.compile(r"\b(?P<word>pie|donut|doughnut|scatter(?:plot)?|histogram|hbar|barh|sparkline)\b", re.IGNORECASE),
    re.compile(r"\b(?:horizontal|vertical|stacked|grouped|clustered)\s+(?P<word>bars?|columns?|area|lines?)\b", re.IGNORECASE),
    re.compile(rf"^\W*{_MARK_WORD}\b(?!\s+\d)", re.IGNORECASE),
    # "— line of torque against rpm", "a line of weekly signups": a mark named where a request starts
    re.compile(r"(?:^|[—–:;,.(]\s*|\s-\s|\b(?:an?|one|single)\s+)(?P<word>lines?|area)\s+(?:of|for|showing)\s", re.IGNORECASE),
    # "a ring chart": another name of a donut, only beside a chart word ("Ring Road 120" asks for nothing)
    re.compile(r"\b(?P<word>ring)[\s-]*(?:charts?|graphs?|plots?)\b", re.IGNORECASE),
    re.compile(r"\b(?P<word>trend(?:line)?|timeline|over\s+time)\b", re.IGNORECASE),  # weak: keep it last
]
# "over time", "the trend" hint at a line but do not name a chart: beside a named mark they ask for nothing else.
_WEAK_MARK_REQUESTS = frozenset({len(_MARK_REQUESTS) - 1})
# "just chart the sales column", "ignore the margin": a selection the chart would have to make.
_DROPPING = re.compile(r"\b(?:except|excluding|exclude|ignore|ignoring|without|skip|leave\s+out|drop|apart\s+from|"
                       r"other\s+than|but\s+not|omit|omitting|"
                       r"(?:do\s+not|don['’]t|dont|not)\s+(?:include|show|chart|plot|draw))\b", re.IGNORECASE)
# Asking for values the intent does not give: projections, forecasts, fitted lines, invented data. The
# words of the subject ("forecast revenue: Q1 10") only ask when they come after the data; verbs always do.
_INVENTING = re.compile(
    r"(?P<verb>\b(?:extrapolat\w*|interpolat\w*|fill(?:ed|ing)?\s+in|invent\w*|make\s+up|made[\s-]up|simulat\w*|"
    r"guess(?:ed|es|ing)?|project(?:ing)?\s+(?:it\s+|them\s+|the\s+\w+\s+)?(?:forward|ahead|out|through|until|into)|"
    r"estimat(?:e|ed|es|ing)\s+(?:the\s+)?(?:missing|rest|remaining|next|future|gaps?)|"
    r"(?:add|with|plus|include|overlay)\s+(?:an?\s+|the\s+)?(?:linear\s+)?(?:trend|regression|best[\s-]fit)[\s-]*lines?|"
    r"lines?\s+of\s+best\s+fit|moving\s+averages?)\b)"
    r"|\b(?:projected|projections?|forecast(?:ed|s|ing)?|predict(?:ed|ions?|s|ing)?|estimated)\b", re.IGNORECASE)
_NEGATED = re.compile(r"\b(?:not|no|never|instead\s+of|rather\s+than|n't)\s+(?:(?:an?|the|as|in)\s+)*$", re.IGNORECASE)
_SELECTION = re.compile(r"\b(?:only|just)\s+"
                        r"(?:the\s+|chart\s+the\s+|plot\s+the\s+|draw\s+the\s+|show\s+the\s+)?((?:[^\W\d_][\w%]*\s*){1,3})",
                        re.IGNORECASE)
# Chart requests in other languages people write in. A chart word this list does not know
# ("…diagramm", "gráfico …") makes the asked mark unknown, and the answer is refused, not guessed.
FOREIGN_MARKS: list[tuple[re.Pattern[str], str]] = [
    (re.compile(r"\b(?:kreis|torten|ring)diagramm|\bcamembert\b|\bgraphique\s+(?:circulaire|en\s+secteurs)|"
                r"\bgr[áa]fico\s+(?:circular|de\s+(?:tarta|pastel|torta|pizza|sectores))|\bgrafico\s+a\s+torta|\bdiagrama\s+circular",
                re.IGNORECASE), "arc"),
    (re.compile(r"\b(?:linien|kurven)diagramm|\bgraphique\s+(?:lin[ée]aire|en\s+courbes?)|\bcourbe\b|"
                r"\bgr[áa]fico\s+de\s+l[íi]neas?|\bgrafico\s+a\s+linee|\bgr[áa]fico\s+de\s+linhas?", re.IGNORECASE), "line"),
    (re.compile(r"\b(?:balken|säulen|saeulen)diagramm|\bgraphique\s+(?:en|à)\s+(?:barres|b[âa]tons|colonnes)|\bhistogramme\b|"
                r"\bgr[áa]fico\s+de\s+(?:barras|columnas|colunas)|\bgrafico\s+a\s+barre", re.IGNORECASE), "bar"),
    (re.compile(r"\bfl[äa]chendiagramm|\bgraphique\s+en\s+aires?|\bgr[áa]fico\s+de\s+[áa]reas?", re.IGNORECASE), "area"),
    (re.compile(r"\bstreudiagramm|\bpunktdiagramm|\bnuage\s+de\s+points|\bgr[áa]fico\s+de\s+dispers[ií][óo]n", re.IGNORECASE),
     "point"),
]
_FOREIGN_CHART_WORD = re.compile(r"\b\w*diagramm\w*|\bgr[áa]fico\s+(?:de|a|em)\s+\w+|\bgraphique\s+(?:en|à)\s+\w+",
                                 re.IGNORECASE)
_JSON_KEY_AROUND = re.compile(r"[\"']\s*:")  # after a quoted word: it is a key of JSON or a Python dict
_SCATTER_WORD = re.compile(r"\bscatter(?:[\s-]?plot)?s?\b", re.IGNORECASE)  # x/y pairs, unlike a dot plot
_STACKED = re.compile(r"\bstack(?:ed|ing)?\b", re.IGNORECASE)  # "stacked bars", "stack paid on top of organic"
_GROUPED = re.compile(r"\b(?:grouped|clustered|side[\s-]by[\s-]side)\b", re.IGNORECASE)
_JSON_TITLE = re.compile(r"[\"'](?:title|chart_title|chartTitle)[\"']\s*:\s*[\"']([^\"'\n]{1,120})[\"']", re.IGNORECASE)
_TITLE = re.compile(r"\b(?:title(?:d)?|entitled|heading|header)\s*(?:it|as|:|=)?\s*[\"“'‘]([^\"”'’\n]{1,120})[\"”'’]",
                    re.IGNORECASE)
_DESCENDING = re.compile(r"\b(?:descending|(?:highest|largest|biggest|longest|most)\s+(?:first|on\s+top|at\s+the\s+top)|"
                         r"from\s+(?:highest|largest|biggest|most)|ranked)\b", re.IGNORECASE)
_ASCENDING = re.compile(r"\b(?:ascending|(?:lowest|smallest|shortest|least)\s+(?:first|on\s+top)|from\s+(?:lowest|smallest|least))\b",
                        re.IGNORECASE)
_AXIS_TITLE_QUOTED = re.compile(r"\b([xy])[\s-]*axis\s*(?:title\s*)?(?:is|=|:|as|labell?ed|called|titled|named|reads)?\s*"
                                r"[\"“'‘]([^\"”'’\n]{1,60})[\"”'’]", re.IGNORECASE)
_AXIS_TITLE_PLAIN = re.compile(r"\b([xy])[\s-]*axis\s*(?:title\s*)?[:=]\s*([^\W\d_][^,;.:()\n\"”'’]{0,60})", re.IGNORECASE)
_ALPHABETICAL = re.compile(r"\balphabetical(?:ly)?\b|\ba\s*(?:-|to)\s*z\b", re.IGNORECASE)
_SORTED = re.compile(r"\bsort(?:ed)?\b", re.IGNORECASE)
_AXES_NAMED = re.compile(r"\((?:x|y)\)|\b[xy][\s-]?axis\b|\bagainst\b", re.IGNORECASE)
YEAR_RANGE = (1900, 2100)
# "We sold", "they made": a subject pronoun and its verb open a sentence, never a name
_CLAUSE_OPENING = re.compile(r"(?i:we|i|they|you|he|she)\s+[a-z][a-z'’]*(?:\s+[a-z][a-z'’]*)?$")
# "4 of 10", "7 out of 9", "35 to 40": words that join two numbers into one statement
_FRACTION_WORDS = frozenset("of out in per over to from by".split())
_TRAILING_NUMBER = re.compile(r"[\s\d.,%]+$")
# A label that opens with the request to leave an item out ("Leave out size" 42 from "Leave out size 42").
_DROPPING_OPENS_LABEL = re.compile(r"(?:leave\s+out|exclude|excluding|ignore|ignoring|omit|remove|"
                                   r"(?:do\s+not|don['’]t|dont)\s+(?:include|show|chart|plot|draw))\b", re.IGNORECASE)
# A bracketed total or summary inside a label ("mon (total 3590)"): a note, not part of the name.
_TOTAL_ASIDE = re.compile(r"[(\[][^()\[\]]*\b(?:total|sum|overall|combined|altogether|in\s+all|average|avg|mean|median)\b"
                          r"[^()\[\]]*\d[^()\[\]]*[)\]]", re.IGNORECASE)
# "two charts please", "and a second chart of churn", "one chart per region": more than one chart asked.
_SEVERAL_CHARTS = re.compile(
    r"\b(?:two|2|three|3|four|4|several|multiple|separate|individual)\s+(?:[\w-]+\s+)?(?:charts|graphs|plots|visuals)\b|"
    r"\b(?:second|another|separate|2nd)\s+(?:[\w-]+\s+)?(?:chart|graph|plot)\b|"
    r"\b(?:one|a)\s+(?:[\w-]+\s+)?(?:chart|graph|plot)\s+(?:each|per|for\s+each)\b", re.IGNORECASE)
# A note under the data: "*excludes refunds", "† provisional", "Note: 3 regions missing", "Source: …".
# ("* Mon 34" with a space is a bullet, not a note.)
FOOTNOTE_RE = re.compile(r"(?m)^[ \t]*(?:\*(?=[^\s*])|[†‡]|\(\*\)|(?:notes?|nb|n\.b\.|footnote|caveats?|sources?|"
                         r"disclaimer)\s*[:.]\s).*$", re.IGNORECASE)
# Words that end a phrasal name ("Log in", "Check out", "Sign up") as often as they link a name to its value.
PARTICLE_WORDS = frozenset("in on out off up down over back through".split())
# A value written in words: "twelve", "forty-two", "a dozen", "half a million".
_UNITS_WORDS = ("zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|"
                "sixteen|seventeen|eighteen|nineteen")
_TENS_WORDS = "twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety"
NUMBER_WORD_RE = re.compile(
    rf"\b(?:\d[\d,.]*\s?-?ish|(?:a|one|half\s+a|a\s+half|a\s+couple\s+of)\s+(?:dozen|hundred|thousand|million|billion)|"
    rf"(?:{_TENS_WORDS})(?:[-\s](?:one|two|three|four|five|six|seven|eight|nine))?(?:\s+(?:thousand|million|billion))?|"
    rf"(?:{_UNITS_WORDS})(?:\s+(?:hundred|thousand|million|billion|dozen))?)\b", re.IGNORECASE)
# "one bar per version", "two lines for each region": a number word that counts the marks asked is an instruction.
_MARKS_COUNTED = re.compile(r"\s+(?:bar|line|slice|column|point|dot|colou?r|panel|series)s?\s+(?:per|for\s+(?:each|every)|each)\b",
                            re.IGNORECASE)


def counts_marks(intent: str, end: int) -> bool:
    """Whether the number word ending at `end` counts the marks asked ("one bar per version"), not a value."""
    return _MARKS_COUNTED.match(intent, end) is not None


# A value stated as a change: "is up 937", "rose by 5", "down 3"; "… from last week", "vs the prior month".
_CHANGE_BEFORE = re.compile(
    r"\b(?:(?:is|was|are|were|went|go|goes|came|come|comes)\s+(?:up|down)|(?:up|down)\s+by|"
    r"(?:increased|decreased|rose|fell|grew|dropped|climbed|declined|jumped|slipped|gained|lost)\s+by)"
    r"\s*[-−+]?[$€£¥]?\s*$", re.IGNORECASE)
_CHANGE_BARE = re.compile(r"\b(?:up|down)\s*[-−+]?[$€£¥]?\s*$", re.IGNORECASE)
# Every match of _CHANGE_BEFORE or _CHANGE_BARE holds one of these: a window without any needs neither search
# (they run before every drawn value). Keep in step with the two patterns above.
_CHANGE_KEYS = ("up", "down", "by")
_CHANGE_AFTER = re.compile(
    r"(?:\s?(?:%|pts?\b|points?\b|pp\b))?\s+(?:(?:from|vs\.?|versus|on|over|compared\s+(?:to|with)|than)\s+(?:the\s+)?"
    r"(?:last|previous|prior|preceding|yesterday|a\s+(?:week|month|year)\s+ago)\b|(?:more|less|fewer|higher|lower)\s+than\b)",
    re.IGNORECASE)
_CHANGE_SUBJECT = re.compile(r"\b(?:change[sd]?|delta|difference|growth|increase|decrease|gain|loss|net|"
                             r"(?:week|month|year|day|quarter)[\s-]+(?:on|over)[\s-]+(?:week|month|year|day|quarter)|wow|mom|yoy)\b",
                             re.IGNORECASE)
# "All figures in thousands", "(values in millions)", "revenue (in $ millions)": one scale for every value.
_SCALE_ONCE = re.compile(r"\(?\b(?:(?:all\s+)?(?:figures|values|numbers|amounts|data)\s+(?:are\s+)?)?in\s+(?:[$€£¥]\s*|\w+\s+)?"
                         r"(?P<scale>thousands|millions|billions|'?000s)\b\)?|"
                         r"\((?:[$€£¥]\s*)?(?P<bracketed>thousands|millions|billions|'?000s?|k|mn?|bn|mio|mrd)\)", re.IGNORECASE)


class _Spans:
    """Sorted spans, for "is this position inside one of them?" in O(log n)."""

    def __init__(self, spans: Iterable[tuple[int, int]]) -> None:
        merged: list[list[int]] = []
        for a, b in sorted(spans):
            if merged and a <= merged[-1][1]:
                merged[-1][1] = max(merged[-1][1], b)
            else:
                merged.append([a, b])
        self.starts = [a for a, _ in merged]
        self.ends = [b for _, b in merged]

    def holds(self, position: int) -> bool:
        index = bisect_right(self.starts, position) - 1
        return index >= 0 and position < self.ends[index]


_NUMBERED_NAME = re.compile(r"(.*?)\s+\d+", re.DOTALL)


# How far a label may stand from its value ("Paris ........ 41"): `_Reader._beside` looks no further.
_REACH = 40


class _TokensInReach:
    """Which numbers can stand beside a label: those starting at most _REACH after its end (label before
    value) or ending at most _REACH before its start (value before label). Sorted once, found by bisection,
    so a rule that ties 1,000 labels to their values does not try every number of the same value."""

    def __init__(self, tokens: list[StatedNumber]) -> None:
        by_start = sorted((t.start, i) for i, t in enumerate(tokens))
        by_end = sorted((t.end, i) for i, t in enumerate(tokens))
        self._starts, self._in_start_order = [start for start, _ in by_start], [i for _, i in by_start]
        self._ends, self._in_end_order = [end for end, _ in by_end], [i for _, i in by_end]

    def near(self, spans: list[tuple[int, int]], direction: str) -> set[int]:
        """Indexes of the tokens in reach of any span, in one direction ("before": the label is before)."""
        found: set[int] = set()
        for start, end in spans:
            if direction == "before":
                found.update(self._in_start_order[bisect_left(self._starts, end):bisect_right(self._starts, end + _REACH)])
            else:
                found.update(self._in_end_order[bisect_left(self._ends, start - _REACH):bisect_right(self._ends, start)])
        return found


class _DrawnNames:
    """The drawn labels and series names, normalised once: the rules ask of every label or mark word
    "is this a drawn name?", so asking must not fold all names again (1,000 labels: a million folds)."""

    def __init__(self, names: list[str]) -> None:
        self.names = names  # sorted, distinct
        self.folded = [(name, _fold(name)) for name in names]
        self.folded_set = {folded for _, folded in self.folded}
        # casefolded words of every name ("Bugs opened" -> bugs, opened)
        self.words_of = {name: frozenset(w.casefold() for w in _NAME_WORD.findall(name)) for name in names}
        self.words = set().union(*self.words_of.values())
        # all names in one text: a pattern that cannot match it matches no name, so its per-name search is skipped
        self.scan = Scanned("\n".join(names))
        # "Team 1", "Team 2": how many names are one stem and a number (the stem, folded and stripped)
        self.numbered_stems: dict[str, int] = {}
        for _, folded in self.folded:
            numbered = _NUMBERED_NAME.fullmatch(folded.strip())
            if numbered:
                self.numbered_stems[numbered.group(1)] = self.numbered_stems.get(numbered.group(1), 0) + 1

    @cached_property
    def hyphenated_words(self) -> frozenset[str]:
        """Casefolded words of every name, a hyphen kept inside a word ("e-mail"), read once for the rules that ask."""
        return frozenset(w.casefold() for name in self.names for w in _HYPHENATED_WORD.findall(name))


class Unfaithful(Exception):
    """The chart is not what the intent says: (code, message) of the refusal."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


@dataclass
class _Point:
    series: str | None
    label: Any  # str for categories, a number for pairs
    value: float


def check_faithful(intent: str, spec: dict[str, Any], rows: list[dict[str, Any]]) -> tuple[str, str] | None:
    """(code, message) when the chart is not faithful to the intent; None when it is."""
    try:
        _Reader(intent, spec, rows).check()
    except Unfaithful as refusal:
        return refusal.code, refusal.message
    return None


def _title_text_of(spec: dict[str, Any]) -> str:
    title = spec.get("title")
    if isinstance(title, dict):
        parts = [title.get("text"), title.get("subtitle")]
        return " ".join(p if isinstance(p, str) else " ".join(map(str, p or [])) for p in parts)
    return " ".join(map(str, title)) if isinstance(title, list) else str(title or "")


def _fold(text: str) -> str:
    """Same-length, case- and dash-folded text, so positions found in it are positions in the intent."""
    text = text.translate(_DASHES)
    lowered = text.lower()
    if len(lowered) == len(text):
        return lowered
    return "".join(c if len(c.lower()) != 1 else c.lower() for c in text)  # a letter whose lower case is longer


def _phrase_re(phrase: str) -> re.Pattern[str] | None:
    words = _fold(phrase).split()
    if not words:
        return None
    body = r"\s+".join(re.escape(w) for w in words)
    before = r"(?<![\w])" if words[0][0].isalnum() else ""
    after = r"(?:(?![\w])|(?=_{3}))" if words[-1][-1].isalnum() else ""  # "AV______800": a leader ends the name
    return re.compile(before + body + after)


def _number_key(value: Any) -> float:
    return float(f"{float(value):.10g}")


def _words(text: str) -> list[str]:
    return _NAME_WORD.findall(text)


def _word_before(intent: str, start: int) -> re.Match[str] | None:
    """The word before `start`, spaces between (`_WORD_BEFORE` in the 40 characters before it). It asks for
    a word character right before those spaces, so where none stands (", d6") the search is not made."""
    window = intent[max(0, start - 40):start]
    head = window.rstrip(" ")
    if head == window or not head or not (head[-1].isalnum() or head[-1] in "_'’"):
        return None
    return _WORD_BEFORE.search(window)


class _Reader:
    """One check of one chart against one intent."""

    def __init__(self, intent: str, spec: dict[str, Any], rows: list[dict[str, Any]]) -> None:
        self.intent = intent
        self.folded = _fold(intent)
        # "_horizontal bars please_", "**stacked**": markdown emphasis around request words (same length)
        self.plain = re.sub(r"[_*]", " ", intent)
        # the scans of the whole intent (and of its plain form), each made once and only where it can match
        self.scan, self.plain_scan = Scanned(intent), Scanned(self.plain)
        self.spec = spec
        self.encoding: dict[str, Any] = spec.get("encoding") or {}
        mark = spec.get("mark")
        self.mark = mark.get("type") if isinstance(mark, dict) else mark
        self.pairs = (self.encoding.get("x") or {}).get("field") == "x"
        self.points = [
            _Point(row.get("series"), row.get("x") if self.pairs else row.get("label"),
                   _number_key(row.get("y") if self.pairs else row.get("value")))
            for row in rows
        ]
        # "AV______800": a leader of underscores parts a label from its number (same length, positions hold)
        unled = re.sub(r"_{3,}", lambda m: " " * len(m.group(0)), intent)
        # every number of the intent as written, scanned once (the fail-closed number rule reads it too)
        self.stated = stated_numbers(intent)
        self.numbers = [n for n in (_strict(n) for n in (self.stated if unled == intent else stated_numbers(unled)))
                        if n.readings]
        self._occurrences: dict[str, list[tuple[int, int]]] = {}
        self._words_at: dict[str, list[int]] | None = None
        self.drawn = _DrawnNames(self._drawn_names())
        self._names = self.drawn.names
        self._folded_names = self.drawn.folded_set
        self._first_name_start: int | None = None
        self._names_inside: tuple[dict[str, list[tuple[int, int]]], _Spans] | None = None
        self._slots: dict[int, tuple[int, int, int] | None] = {}
        # a value stands in a slot ("10/12", "94 vs 89") only where _slot finds one of these beside it
        self._slotted = any(separator in self.scan.lowered for separator in ("/", "vs", "versus"))
        self._asked_marks: set[str] | None = None
        self._named_marks: set[str] = set()

    # -- the rules, in the order a caller would fix them ------------------------------------------

    def check(self) -> None:
        if not self.points:
            raise Unfaithful("VALUE_NOT_PLACED", "The chart has no data.")
        self._check_shape()
        if len(self.points) == 1:
            raise Unfaithful("VALUE_NOT_PLACED", (
                f"I read only one value ({self.points[0].value:g}) from the intent, which makes no chart. "
                "Give each value with its label, e.g. 'Mon 34, Tue 41, Wed 29'."))
        self.structured = self._picked(_structured_points(self.intent))
        stated = {reading for number in self.numbers for reading in number.readings}
        for point in self.points if self.structured is None else ():  # a grid is matched cell by cell
            for number in (point.value, point.label if self.pairs else None):
                if number is not None and _number_key(number) not in stated:
                    raise Unfaithful("VALUE_NOT_IN_INTENT", f"The chart's data holds {float(number):g}, which the intent does not state.")
        labels = [str(p.label).split() for p in self.points if isinstance(p.label, str)]
        if len(labels) > 1 and all(len(words) > 1 for words in labels) and len({w[-1] for w in labels}) == 1 \
                and labels[0][-1].islower() and labels[0][-1].endswith("ed") \
                and not all(all(_is_degree_word(w) for w in words[:-1]) for words in labels):
            raise Unfaithful("LABEL_NOT_IN_INTENT", (
                f"Every label ends with '{labels[0][-1]}', which reads as part of the sentence, not of the names. "
                "Write 'name value' items, e.g. 'Alice 27, Bob 19'."))
        if len(labels) > 1 and all(len(words) == 2 for words in labels) and len({w[-1] for w in labels}) == 1 \
                and labels[0][-1].islower() and all(is_time_like(words[0]) for words in labels):
            raise Unfaithful("LABEL_NOT_IN_INTENT", (
                f"Every label ends with '{labels[0][-1]}', which names the measure, not the period. Write "
                f"'{labels[0][-1]}: {labels[0][0]} 100, {labels[1][0]} 120'."))
        label_spans = self._check_names()
        self._check_asides(label_spans)
        used = self._place_values(label_spans)
        self._check_given_once()  # after placement: a label drawn twice that the intent states once is not placed
        self._check_footnotes(used, label_spans)
        self._check_coverage(used, label_spans)
        self._check_number_words(label_spans)
        self._check_changes(used)
        self._check_scale()
        if refusal := check_fail_closed(self, label_spans, used):  # what the rules above cannot explain (fail_closed.py)
            raise Unfaithful(*refusal)
        self._check_whole(used)
        self._check_requests()

    def _check_given_once(self) -> None:
        """One value per label in a series, one series per name: "Berlin" drawn twice (120 and 134) stacks or
        hides one of them, and which holds is not certain."""
        seen: dict[tuple[str, str], float] = {}
        for point in self.points if not self.pairs else ():
            key = (_fold(str(point.series or "")).strip(), _fold(str(point.label)).strip())
            if key in seen:
                where = f" in series '{point.series}'" if point.series else ""
                raise Unfaithful("UNREADABLE_INTENT", (
                    f"The label '{point.label}' is drawn twice{where} ({seen[key]:g} and {point.value:g}); a chart has one "
                    "value per label. Give each label once, e.g. 'Berlin 120, Munich 95', or name the series."))
            seen[key] = point.value

    def _picked(self, structured: _Structured | None) -> _Structured | None:
        """The grid a faithful chart holds when the call's arguments name the fields to draw (picks_check.py)."""
        if structured is None:
            return None
        picked = pick_fields(structured, read_field_picks(self.intent), self.intent, "point" in self.asked_marks())
        if isinstance(picked, tuple):
            raise Unfaithful(*picked)
        return picked

    # -- the asked shape ----------------------------------------------------------------------

    def _inside_drawn_name(self, start: int, end: int) -> bool:
        word = self.folded[start:end]
        for text, folded in self.drawn.folded:
            if word not in folded:
                continue  # only a name holding these letters can hold this occurrence
            for a, b in self._find(text):
                if a <= start and end <= b:
                    return True
        return False

    def _drawn_names(self) -> list[str]:
        names = {str(p.label) for p in self.points if isinstance(p.label, str)}
        names |= {p.series for p in self.points if p.series}
        return sorted(names)

    def asked_marks(self) -> set[str]:
        """Marks the intent asks for, ignoring chart words that are part of a drawn name."""
        if self._asked_marks is None:
            self._asked_marks = self._read_asked_marks()
        return self._asked_marks

    def _read_asked_marks(self) -> set[str]:
        asked = set()
        for index, pattern in enumerate(_MARK_REQUESTS):
            for match in self.plain_scan.matches(pattern):
                if _NEGATED.search(self.plain[max(0, match.start() - 24):match.start()]):
                    continue  # "a bar chart, not a line": a refusal of a mark asks for none
                if match.start("word") > 0 and self.plain[match.start("word") - 1] in "\"'" \
                        and _JSON_KEY_AROUND.match(self.plain, match.end("word")):
                    continue  # {"columns": […]}: a key of the data names a member, it asks for no chart
                if not self._inside_drawn_name(match.start("word"), match.end("word")):
                    mark = _MARK_NAMES[re.sub(r"\s+", " ", match.group("word").lower())]
                    asked.add(mark)
                    if index not in _WEAK_MARK_REQUESTS:
                        self._named_marks.add(mark)
        for pattern, mark in FOREIGN_MARKS:
            if self.scan.first(pattern):
                asked.add(mark)
                self._named_marks.add(mark)
        for match in self.scan.matches(_FOREIGN_CHART_WORD):
            if not any(p.match(self.intent, match.start()) for p, _ in FOREIGN_MARKS) and not re.fullmatch(
                    r"diagramm\w*", match.group(0), re.IGNORECASE):
                raise Unfaithful("SHAPE_NOT_ASKED", (
                    f"I could not tell which chart '{match.group(0)}' asks for. Name it in English, e.g. 'as a line chart'."))
        return asked

    def _asked(self, pattern: re.Pattern[str]) -> bool:
        """The intent asks for it: said outside a drawn name, and not refused ("side by side, not stacked")."""
        return any(not self._inside_drawn_name(m.start(), m.end())
                   and not _NEGATED.search(self.plain[max(0, m.start() - 24):m.start()])
                   for m in self.plain_scan.matches(pattern))

    def _check_shape(self) -> None:
        asked = self.asked_marks()
        drawn = self.mark
        if len(self._named_marks) > 1:
            # "pie chart … draw it as a line": one chart cannot be both; drawing either ignores the other
            named = " and a ".join(sorted(self._named_marks))
            raise Unfaithful("SHAPE_NOT_ASKED", (
                f"The intent asks for both a {named} chart; one chart is one of them. Ask for one, e.g. 'as a line "
                "chart'. If a chart word is part of a name, quote the name."))
        if asked and drawn not in asked:
            wanted = " or ".join(sorted(asked))
            raise Unfaithful("SHAPE_NOT_ASKED", (
                f"The intent asks for a {wanted} chart but a {drawn} chart was drawn. If a chart word is part of a "
                "name, quote the name, e.g. 'bar chart: \"the coastal line\" 2340'."))
        horizontal_asked = self._asked(HORIZONTAL_REQUEST_RE)
        horizontal = (self.encoding.get("y") or {}).get("field") == "label" and drawn == "bar"
        if horizontal_asked and drawn != "bar":
            raise Unfaithful("SHAPE_NOT_ASKED", (
                f"Horizontal bars were asked for but a {drawn} chart was drawn. Ask for one chart, e.g. "
                "'horizontal bar chart: …' or 'as a line chart'."))
        if horizontal != (horizontal_asked and drawn == "bar"):
            raise Unfaithful("SHAPE_NOT_ASKED", "Horizontal bars were asked for but not drawn." if horizontal_asked
                             else "Horizontal bars were drawn but not asked for.")
        series = {p.series for p in self.points}
        if len(series) > 1 and drawn in ("bar", "area"):
            offset = "xOffset" in self.encoding or "yOffset" in self.encoding
            value_channel = self.encoding.get("x" if horizontal else "y") or {}
            stacked = not offset and value_channel.get("stack", True) is not None
            if self._asked(_STACKED) and not stacked:
                raise Unfaithful("SHAPE_NOT_ASKED", "Stacked series were asked for but drawn side by side.")
            if stacked and not self._asked(_STACKED) and drawn == "bar":
                raise Unfaithful("SHAPE_NOT_ASKED", "The bars are stacked but stacking was not asked for.")
        if not self.pairs and self._axes_named() and not asked & {"bar", "arc", "area"}:
            measured = [re.fullmatch(r"[-+]?\d+(?:\.\d+)?\s*([^\W\d_]+)\.?", str(p.label).strip()) for p in self.points]
            if all(measured) and len({m.group(1).lower().rstrip("s") for m in measured if m}) == 1:
                raise Unfaithful("SHAPE_NOT_ASKED", (
                    "The intent names the x and y axes and every label is a number in one unit, so these are x/y pairs, "
                    "not categories. Say which, e.g. 'scatter of salary against years: (1, 42k), (3, 51k)' or "
                    "'bar chart: 1 yr: 42k, 3 yrs: 51k'."))
        if not self.pairs and len(series) == 2 and None not in series and self._asked(_SCATTER_WORD):
            raise Unfaithful("SHAPE_NOT_ASKED", (
                "A scatter plot was asked for, but two numbers per name were drawn as two series over categories; "
                "they are x/y pairs. Draw them as pairs, e.g. 'scatter of price vs rating: (4.50, 4.2), (3.75, 3.9)'."))
        if not self.pairs and {axis_of_field(s) for s in series} == {"x", "y"} \
                and not all(is_time_like(str(p.label)) for p in self.points):  # "brand X vs Y by month" are names
            raise Unfaithful("SHAPE_NOT_ASKED", (
                "The values named x and y were drawn as two series over categories; they are the two coordinates of "
                "x/y pairs. Draw them as pairs, e.g. 'scatter: (0.5, 2.25), (1.0, 3.5)'."))
        if not self.pairs:
            if refusal := numbered_axis_refusal(self, asked):  # "week 1, 2, 4, 8" as a line (numbered_check.py)
                raise Unfaithful(*refusal)
            labels = [p.label for p in self.points]
            numeric = [lbl for lbl in labels if isinstance(lbl, str) and _PLAIN_NUMBER.fullmatch(lbl.strip())]
            if labels and len(numeric) == len(labels) and not all(_year_like(lbl) for lbl in numeric):
                raise Unfaithful("SHAPE_NOT_ASKED", (
                    "The labels are plain numbers, so these look like x/y pairs, not categories. Say which, e.g. "
                    "'scatter of x vs y: (1, 10), (2, 14)' or 'bar chart: size 1: 10, size 2: 14'."))
        elif all(isinstance(p.label, int | float) and float(p.label).is_integer() and _year_like(str(int(p.label)))
                 for p in self.points):
            raise Unfaithful("SHAPE_NOT_ASKED", "Years were drawn as numbers on an x/y plot; they are labels.")
        elif len(series) > 1 and len(series) == len(self.points):
            raise Unfaithful("SHAPE_NOT_ASKED", (
                "Each x/y pair was drawn as a series of its own: a name given with one pair labels a point, it heads "
                "no series. To compare groups, give each several pairs, e.g. 'men: (170, 65), (182, 81); women: "
                "(160, 55), (168, 60)'."))

    def _axes_named(self) -> bool:
        """"salary (y) against years (x)", "x axis: load": the intent says what runs along x."""
        return self.scan.first(_AXES_NAMED) is not None

    def _default_marks(self) -> set[str]:
        """The marks drawn when none is asked: points for x/y pairs, a line (or bars) over time, bars otherwise."""
        if self.pairs:
            return {"point", "line"}
        if all(isinstance(p.label, str) and is_time_like(p.label) for p in self.points):
            return {"line", "bar"}
        return {"bar"}

    def _check_whole(self, used: set[int]) -> None:
        """A pie's slices are parts of one whole: shares stated in percent cannot add up to more than 100
        (half a point per share is rounding)."""
        if self.mark != "arc":
            return
        placed = [n for n in self.numbers if n.start in used]
        if not placed or not all(re.match(r"\s?(?:%|percent\b|pct\b)", self.intent[n.end:n.end + 9]) for n in placed):
            return
        total = sum(p.value for p in self.points)
        if total > 100 + 0.5 * len(self.points):
            raise Unfaithful("UNSUPPORTED_CHART", (
                f"The slices add up to {total:g}%, more than the whole. A pie shows parts of one whole; check the "
                "numbers, or ask for bars, e.g. 'bar chart of approval: Acme 60%, Globex 50%'."))

    def _check_requests(self) -> None:
        if not self.asked_marks() and self.mark not in self._default_marks():
            raise Unfaithful("SHAPE_NOT_ASKED", (
                f"A {self.mark} chart was drawn but the intent asks for no chart type, so it gets the plain one "
                f"({' or '.join(sorted(self._default_marks()))}). To ask for another, say so, e.g. 'as a line chart'."))
        for match in self.plain_scan.matches(_SEVERAL_CHARTS):
            if not _NEGATED.search(self.plain[max(0, match.start() - 24):match.start()]) \
                    and not self._inside_drawn_name(match.start(), match.end()):
                raise Unfaithful("REQUEST_NOT_HONOURED", (
                    f"The intent asks for more than one chart ('{match.group(0).strip()}'); one answer draws one chart. "
                    "Ask for each chart on its own, or for one chart with several series, e.g. 'signups vs churn: "
                    "Mon 34/3, Tue 41/4'."))
        for match in self.plain_scan.matches(_INVENTING):
            after_data = match.start() >= getattr(self, "_data_start", 0) or match.group("verb")
            if not after_data or self._inside_drawn_name(match.start(), match.end()) \
                    or _NEGATED.search(self.plain[max(0, match.start() - 24):match.start()]) \
                    or re.search(r"\(\s*$", self.plain[max(0, match.start() - 3):match.start()]):  # "Mar 14 (projected)": a note
                continue
            raise Unfaithful("REQUEST_NOT_HONOURED", (
                f"The intent asks for values it does not state ('{match.group(0)}'); I only chart the values given and "
                "never project, estimate or invent others. Send every value to draw, e.g. 'Apr 16, May 18'."))
        dropping = self.scan.first(_DROPPING)
        if dropping and not self._inside_drawn_name(dropping.start(), dropping.end()):
            raise Unfaithful("REQUEST_NOT_HONOURED", (
                f"The intent asks to leave something out ('{dropping.group(0)}'); I only chart every value given. "
                "Send just the values to draw, e.g. 'Jan 10, Feb 12'."))
        for match in self.scan.matches(_SELECTION):
            words = _fold(match.group(1)).split()
            named = self._folded_names | set(_header_words(self.intent))
            if any(w in named or w in {"column", "columns", "row", "rows", "series"} for w in words):
                raise Unfaithful("REQUEST_NOT_HONOURED", (
                    f"The intent asks to leave some data out ('{match.group(0).strip()}'); I only chart every value "
                    "given. Send just the values to draw."))
        # every title asked is drawn: "title it 'A'" … "Title it 'B'" cannot both be, so it is refused
        in_json = [m.span() for m in self.scan.matches(_JSON_TITLE)]
        asked_titles = [*self.scan.matches(_JSON_TITLE),
                        *(m for m in self.scan.matches(_TITLE) if not any(a <= m.start() < b for a, b in in_json))]
        for title_match in asked_titles:
            asked_title = _fold(title_match.group(1)).strip()
            drawn = self.spec.get("title")
            drawn_text = drawn.get("text", "") if isinstance(drawn, dict) else str(drawn or "")
            if asked_title not in _fold(str(drawn_text)):
                raise Unfaithful("REQUEST_NOT_HONOURED", f"The title '{title_match.group(1)}' was asked for but not drawn.")
        self._check_axis_titles()
        if self.pairs or self.mark == "arc":
            return
        label_channel = self.encoding.get("y" if (self.encoding.get("y") or {}).get("field") == "label" else "x") or {}
        sort = label_channel.get("sort")
        alphabetical, ascending, descending = orders = [
            bool(self.scan.first(_ALPHABETICAL)), bool(self.scan.first(_ASCENDING)), bool(self.scan.first(_DESCENDING))]
        if sum(orders) > 1:
            raise Unfaithful("REQUEST_NOT_HONOURED", (
                "The intent asks for more than one sort order (alphabetical, ascending, descending); one chart has "
                "one. Ask for one, e.g. 'sorted descending'."))
        if alphabetical:
            wanted: tuple[Any, ...] = ("ascending",)
        elif ascending:
            wanted = ("x", "y")
        elif descending or self.scan.first(_SORTED):
            wanted = ("-x", "-y")
        else:
            return
        if sort not in wanted:
            raise Unfaithful("REQUEST_NOT_HONOURED", "The intent asks for a sort order that the chart does not use.")

    def _check_axis_titles(self) -> None:
        """"y axis 'Errors'", "x-axis: Month": the asked title is on that axis (the one drawn there)."""
        for pattern in (_AXIS_TITLE_QUOTED, _AXIS_TITLE_PLAIN):
            for match in self.scan.matches(pattern):
                axis, asked = match.group(1).lower(), _fold(re.split(r"\s+(?:and|with)\s", match.group(2))[0]).strip()
                channel = self.encoding.get(axis) or {}
                title = channel.get("title") if isinstance(channel, dict) else None
                drawn = " ".join(map(str, title)) if isinstance(title, list) else str(title or "")
                if self.mark == "arc" or asked not in _fold(drawn):
                    raise Unfaithful("REQUEST_NOT_HONOURED", (
                        f"The {axis} axis was asked to read '{match.group(2).strip()}' but it does not. "
                        f"Ask for it plainly, e.g. \"{axis} axis '{match.group(2).strip()}'\"."))

    # -- grounding of names -------------------------------------------------------------------

    def _find(self, phrase: str) -> list[tuple[int, int]]:
        """Whole-phrase occurrences of `phrase` in the intent (case- and dash-insensitive)."""
        if phrase not in self._occurrences:
            folded = _fold(phrase).strip()
            if _ONE_WORD.fullmatch(folded):  # one word: its occurrences are whole \w+ runs (no regex to build)
                self._occurrences[phrase] = [(a, a + len(folded)) for a in self._word_index().get(folded, [])]
                return self._occurrences[phrase]
            pattern = _phrase_re(phrase)
            first = _ONE_WORD.match(folded)
            if pattern is None:
                found: list[tuple[int, int]] = []
            elif first is not None:  # only where a word starts with the phrase's first word
                found = [m.span() for start in self._word_index().get(first.group(0), [])
                         if (m := pattern.match(self.folded, start))]
            else:
                found = [m.span() for m in pattern.finditer(self.folded)]
            self._occurrences[phrase] = found
        return self._occurrences[phrase]

    def _word_index(self) -> dict[str, list[int]]:
        if self._words_at is None:
            self._words_at = {}
            # "AV______800": a leader parts two words (without a leader in the intent, plain \w+ runs are the same)
            words = _LEADER_FREE_WORD if "___" in self.folded else _WORD_RUN
            for match in words.finditer(self.folded):
                self._words_at.setdefault(match.group(0), []).append(match.start())
        return self._words_at

    def _range_labels(self) -> list[tuple[int, int, list[str]]]:
        spans = []
        for match_range, expanded in _calendar_spans(self.intent) if self.scan.may_match(RANGE_RE) else ():
            spans.append((*match_range, expanded))
        for start, end, labels in numeric_ranges(self.intent) if self.scan.may_match(NUMERIC_RANGE_RE) else ():
            dated = re.match(r"(?:,|\s+(?:of|in))?\s+(?:19|20)\d\d\b", self.intent[end:end + 10])
            if dated and labels and all(is_time_like(label) for label in labels):
                end += dated.end()  # "weeks 10–14 of 2025": the year dates the range, it is no value
            spans.append((start, end, labels))
        return spans

    def _check_names(self) -> dict[str, list[tuple[int, int]]]:
        """Every drawn label and series name is a whole phrase of the intent; returns their spans."""
        ranges = self._range_labels()
        spans: dict[str, list[tuple[int, int]]] = {}
        # each per-name search, or one that finds nothing when no name can match its pattern
        names = self.drawn.scan
        clause_opening, dropping_opens = names.finder(_CLAUSE_OPENING, "match"), names.finder(_DROPPING_OPENS_LABEL, "match")
        total_aside, inner_number, spaced_dash, instruction_in = (
            names.finder(p) for p in (_TOTAL_ASIDE, _INNER_NUMBER, _SPACED_DASH, _INSTRUCTION_IN_LABEL))
        capitalised = names.may_match(_CAPITALISED_AFTER_LOWER)
        for name in self._names:
            stripped = name.strip()
            if not stripped:
                raise Unfaithful("LABEL_NOT_IN_INTENT", "A drawn label is empty.")
            if clause_opening(stripped):
                raise Unfaithful("LABEL_NOT_IN_INTENT", (
                    f"The name '{stripped}' is the start of a sentence, not a name. Name each series, e.g. "
                    "'units sold: March 58, April 61. Returns: March 4'."))
            if dropping_opens(stripped):
                raise Unfaithful("LABEL_NOT_IN_INTENT", (
                    f"The label '{stripped}' starts with a request to leave something out, not with a name. Send just "
                    "the values to draw, e.g. 'Jan 10, Feb 12'."))
            aside = total_aside(stripped)
            if aside:
                raise Unfaithful("LABEL_NOT_IN_INTENT", (
                    f"The label '{stripped}' holds a note about the data ('{aside.group(0)}'), not part of the name. "
                    "Leave totals out of the list, e.g. 'sat 1200, sun 1750, mon 640'."))
            if stripped[-1] in _SIGNS + "−–" and any(
                    re.match(r"\d", self.intent[b:b + 1]) for _, b in self._find(stripped)):
                raise Unfaithful("LABEL_NOT_IN_INTENT", (
                    f"The label '{stripped}' carries the sign of its value. Put the sign on the number, e.g. "
                    f"'{stripped[:-1].strip()}: {stripped[-1]}6'."))
            if all(w.lower() in CONNECTOR_WORDS for w in _words(stripped)) \
                    and _words(stripped) and not re.search(r"\d", stripped):
                raise Unfaithful("LABEL_NOT_IN_INTENT", (
                    f"'{stripped}' is not a name. Put each label right before its value, e.g. 'Haaland 27, Salah 19'."))
            if stripped.count("(") != stripped.count(")") or stripped.count("[") != stripped.count("]"):
                raise Unfaithful("LABEL_NOT_IN_INTENT", (
                    f"The label '{stripped}' opens a bracket it does not close, so it runs into a note. Put notes "
                    "after the value, e.g. 'organic 1,240 (up 12%)' → 'organic 1,240'."))
            if inner_number(stripped) and not (is_time_like(stripped) and not _CLOCK_WITH_TAIL.match(stripped)):
                raise Unfaithful("LABEL_NOT_IN_INTENT", (
                    f"The label '{stripped}' has a number inside it between words, so it may hold another value. "
                    "Give one value per label, e.g. 'Team A high: 3, Team A low: 5'."))
            if spaced_dash(stripped) and not is_time_like(stripped):
                raise Unfaithful("LABEL_NOT_IN_INTENT", (
                    f"The label '{stripped}' holds a dash between spaces, which separates statements, so it runs "
                    "into the next one. Put each label right before its value, e.g. 'May 70, line chart'."))
            instructing = instruction_in(stripped)
            if instructing:
                raise Unfaithful("LABEL_NOT_IN_INTENT", (
                    f"The label '{stripped}' holds '{instructing.group(0)}', which asks for the chart rather than "
                    "names a value. Put the request apart from the data, e.g. 'line chart: Mar 58, Apr 61'."))
            edge_words = [w.strip(".,;:!?()\"'").lower() for w in stripped.split()]  # "E.ON" is one word, not "E" and "on"
            edge_words = [w for w in edge_words if w]
            opening = next((m for m in _CAPITALISED_AFTER_LOWER.finditer(stripped)
                            if m.group("word").lower() in OPENING_WORDS), None) if capitalised else None
            if opening:
                # "bars Also Rovers": a capitalised opening word after a lowercase one starts a new statement
                raise Unfaithful("LABEL_NOT_IN_INTENT", (
                    f"The label '{stripped}' runs into the next statement at '{opening.group('word')}'. End each "
                    "statement with a full stop, e.g. 'Rovers 9. Also Town 4.'"))
            if len(edge_words) > 1 and (edge_words[0] in LINKING_WORDS | OPENING_WORDS
                                        or edge_words[-1] in LINKING_WORDS | CONNECTOR_WORDS) \
                    and not self._line_heading(stripped):
                raise Unfaithful("LABEL_NOT_IN_INTENT", (
                    f"The label '{stripped}' starts or ends with a linking word. Write 'label value' items, e.g. "
                    "'control 3.2%, variant 4.1%'."))
            if _LINKING_EDGE.search(stripped):
                raise Unfaithful("LABEL_NOT_IN_INTENT", (
                    f"The label '{stripped}' carries part of its statement. Write 'label value' items, e.g. 'iOS 52k', "
                    "or x/y pairs as '(28, 41.2)'."))
            self._check_split_number(stripped)
            found = [s for s in self._find(stripped) if self._whole(s, stripped)]
            if not found:
                expanded = [(a, b) for a, b, labels in ranges if _fold(stripped) in {_fold(x) for x in labels}]
                if expanded:
                    spans[name] = expanded
                    continue
                raise Unfaithful("LABEL_NOT_IN_INTENT", (
                    f"I could not find '{stripped}' as a whole name in the intent. Write each label in full next to "
                    f"its value, e.g. 'New York 8.3M, Los Angeles 3.9M'."))
            if all(self._cut_from_line_head(a, b) for a, b in found):
                raise Unfaithful("LABEL_NOT_IN_INTENT", (
                    f"'{stripped}' is only part of the name that heads its line. Write each name in full, e.g. "
                    "'- tickets closed: wk1 110'."))
            spans[name] = found
        return spans

    def _cut_from_line_head(self, start: int, end: int) -> bool:
        """"- bugs closed: wk1 12" drawn as "bugs": the occurrence sits in the head of a line (before its colon)
        whose other words would read as linking words ("closed"), so the name was cut from the head."""
        line_start = self.intent.rfind("\n", 0, start) + 1
        colon = self.intent.find(":", end)
        newline = self.intent.find("\n", end)
        if colon < 0 or 0 <= newline < colon:
            return False
        head = re.sub(r"^[ \t]*(?:[-*•+]|\d{1,2}[.)])?[ \t]*", "", self.intent[line_start:colon])
        if re.search(r"[\d,;()]", head):
            return False
        rest = _words(self.intent[line_start:start]) + _words(self.intent[end:colon])
        return bool(rest) and all(w.lower() in CONNECTOR_WORDS for w in rest)

    def _line_heading(self, name: str) -> bool:
        """"- tickets closed: wk1 110": the name is the whole head of a line (after a bullet) before its colon,
        so a word like "closed" ends the name, not a sentence."""
        for start, end in self._find(name):
            head = self.intent[self.intent.rfind("\n", 0, start) + 1:start]
            if re.fullmatch(r"[ \t]*(?:[-*•+]|\d{1,2}[.)])?[ \t]*", head) and re.match(r"[ \t]*:", self.intent[end:end + 3]):
                return True
        return False

    def _check_split_number(self, label: str) -> None:
        """"Bergen 289 330", "Zürich 48'200": a label ending with one to three digits right before a group of
        three may hold the first group of a number written with a space or an apostrophe between thousands."""
        head = _TRAILING_DIGITS.search(label)
        if head is None or is_time_like(label):
            return
        stem = _fold(label[:head.start()]).strip()
        if stem and self.drawn.numbered_stems.get(stem, 0) > 1:
            return  # "Team 1 100, Team 2 200": labels that number one word, each with its value
        for _, end in self._find(label):
            group = _THOUSANDS_GROUP.match(self.intent[end:end + 6])
            if group:
                whole = f"{head.group(1)}{group.group(1)}"
                raise Unfaithful("LABEL_NOT_IN_INTENT", (
                    f"The label '{label}' ends with '{head.group(1)}', which with '{group.group(1)}' after it may be one "
                    f"number written with a separator between thousands. Write it as {whole} or {int(whole):,}, or put a "
                    f"colon after the label, e.g. '{label}: {group.group(1)}'."))

    def _joined_on(self, start: int, label: str) -> bool:
        """"Home and Garden 320", "The Lord of the Rings 8.9": the words before the label join it to a
        content word ("and", "of", "the"), so the label is the tail of a longer name. Not when a value,
        a request word or another drawn name stands before the joining words ("Alice 27 and Bob 19")."""
        window = self.intent[max(0, start - 60):start]
        last = window.rstrip()[-1:]
        if not last or last.isdecimal() or not (last.isalnum() or last in "_&"):
            return False  # it ends in a number or a sign, so its last token is no joining word (the common case)
        words = _JOIN_TOKENS.findall(window)
        joined = 0
        while words and words[-1].lower() in NAME_JOINING_WORDS:
            words.pop()
            joined += 1
        if not joined or not words or not _LETTER.match(words[-1]):
            return False
        word = words[-1].lower()
        if len(words) > 1 and _DIGIT.match(words[-2]):
            return False  # "120 units of Basic": a unit after a value, then the value's label
        if word in CONNECTOR_WORDS or word in INSTRUCTION_WORDS or _is_unit_word(word) or _fold(word) in self._folded_names:
            return False
        return not (word.islower() and self._opens_the_list(start) and not is_time_like(label))

    def _whole(self, span: tuple[int, int], label: str) -> bool:
        """Not a fragment of a longer name: no content word glued on either side (spaces only between)."""
        start, end = span
        if end < len(self.intent) and self.intent[end] in _SIGNS + "−" and end + 1 < len(self.intent) \
                and self.intent[end + 1].isdigit() and label[-1:] in _SIGNS + "−–":
            return False
        if _SENTENCE_BREAK.search(self.intent, start, end):
            return False  # "office? London": a sentence break is never inside a label
        if label[-1:].isdigit() and _SCORE_AFTER.match(self.intent[end:end + 2]):
            return False  # "Team Red 3-1": the label's number is half of a score or range
        before = _word_before(self.intent, start)
        after = _WORD_AFTER.match(self.intent[end:end + 40])
        names = self._folded_names
        if self._joined_on(start, label):
            return False
        if before is not None and before.group(1) in CAPITALISED_ARTICLES and label[:1].isupper() \
                and not is_time_like(label):
            return False  # "The Grind" drawn as "Grind": a capitalised article before a capitalised name opens it
        if before is None and after is None:
            return True  # nothing but separators and numbers on either side (the common case: no word to weigh)
        # A name beside "vs" ("Python vs R usage", "iOS against Android crash rate") is delimited on that side;
        # the other may run into the measure.
        versus_before = _VERSUS_BEFORE.search(self.intent[max(0, start - 10):start])
        versus_after = _VERSUS_AFTER.match(self.intent[end:end + 10])
        for side, neighbour in (("before", before.group(1) if before else None), ("after", after.group(1) if after else None)):
            if neighbour is None:
                continue
            word = neighbour.lower()
            if word in CONNECTOR_WORDS or word in INSTRUCTION_WORDS or _is_unit_word(word) or _fold(word) in names:
                continue
            if is_time_like(label):
                continue  # "revenue Jan 1.2k", "2024 sales": a calendar name stands on its own
            if neighbour.islower() and ((side == "after" and versus_before) or (side == "before" and versus_after)):
                continue
            if side == "after" and _is_past_verb(neighbour) and not label[:1].islower():
                continue  # "Alice resolved 27": a verb links the name to its value
            if side == "before" and neighbour.islower() and self._opens_the_list(start) and not self._bare_run(start):
                continue  # "rating per app version v1 3.9, v2 4.1": the subject runs into the first label
            return False
        return True

    def _check_asides(self, label_spans: dict[str, list[tuple[int, int]]]) -> None:
        """A total drawn beside its parts, or a bracketed note ("(goal 10k)") drawn as a category."""
        by_series: dict[str | None, list[_Point]] = {}
        for point in self.points:
            by_series.setdefault(point.series, []).append(point)
        for points in by_series.values():
            for point in points:
                if isinstance(point.label, str) and _fold(point.label).strip() in {"total", "sum", "overall", "grand total", "all"}:
                    rest = sum(p.value for p in points if p is not point)
                    if len(points) > 2 and abs(rest - point.value) <= 1e-9 * max(1.0, abs(rest)) + 1e-6:
                        raise Unfaithful("VALUE_NOT_PLACED", (
                            f"'{point.label}' is the sum of the other values, so the chart would count it twice. "
                            "Leave the total out, e.g. 'Alice 40, Bob 38.5, Carol 42'."))
        if len(self.points) < 3:
            return
        for point in self.points:
            for start, end in label_spans.get(str(point.label), []):
                if not _OPENING_BRACKET_BEFORE.search(self.intent[max(0, start - 3):start]):
                    continue  # only a label right after "(" can be a note; the scan for its ")" is only then
                closing = self.intent.find(")", end)
                inside = self.intent[end:closing] if closing > 0 else ""
                # A list in brackets is the data only when no drawn label stands outside the brackets
                # ("signups (Mon 3, Tue 4)"); after labels outside, it is a note ("Mobile 22 (Mobile
                # includes 5 duplicates, count them as 17)"), whatever it lists.
                listed = "," in inside or ";" in inside
                if _DIGIT.search(inside) and (not listed or self._labelled_outside(label_spans, start, closing)):
                    raise Unfaithful("VALUE_NOT_PLACED", (
                        f"'{point.label}' is a note in brackets, not one of the values. Leave it out, or list it with "
                        "the others, e.g. 'Mon 8k, Tue 10k, goal 10k'."))

    @staticmethod
    def _labelled_outside(label_spans: dict[str, list[tuple[int, int]]], start: int, closing: int) -> bool:
        """A drawn label stands in the intent before `start` (an opening bracket's content) or after `closing`."""
        return any(b <= start - 1 or a > closing for spans in label_spans.values() for a, b in spans)

    def _bare_run(self, start: int) -> bool:
        """"new york city 8.3M, los angeles 3.9M": only plain words stand before the first label, none that
        asks, links or measures, and the other names run to several words, so those words may be the start
        of its name, not a subject. With one-word names ("revenue north 120, south 95") the subject stands apart."""
        words = _words(self.intent[:start])
        names = [str(p.label).split() for p in self.points if isinstance(p.label, str)]
        return bool(words) and max((len(n) for n in names), default=1) > 1 and not any(
            _fills_a_gap(w.lower()) or w.lower() in _MARK_NAMES or w.lower() in TAIL_WORDS for w in words)

    def _opens_the_list(self, start: int) -> bool:
        """The first label of the data, with no heading separator (':', '—', a line break) before it."""
        first = self.first_name_start()
        return (first is None or first >= start) and not re.search(r":|\s[-–—]\s|\n|[.?!]\s", self.intent[:start])

    def first_name_start(self) -> int | None:
        """Where the first whole occurrence of any drawn name starts (None: none occurs); found once."""
        if self._first_name_start is None:
            self._first_name_start = min((a for name in self._names for a, _ in self._find(name)), default=-1)
        return None if self._first_name_start < 0 else self._first_name_start

    # -- placement of values ------------------------------------------------------------------

    def names_inside(self, label_spans: dict[str, list[tuple[int, int]]]) -> _Spans:
        """Where the drawn names are written, merged once per check: several rules ask if a number is inside one."""
        if self._names_inside is None or self._names_inside[0] is not label_spans:
            self._names_inside = (label_spans, _Spans(span for spans in label_spans.values() for span in spans))
        return self._names_inside[1]

    def _value_tokens(self, label_spans: dict[str, list[tuple[int, int]]]) -> list[StatedNumber]:
        inside = self.names_inside(label_spans)
        # "ticket OPS-4417": the number of an identifier is never a value
        identifier_dash = self.scan.finder(_IDENTIFIER_DASH)
        return [n for n in self.numbers if not inside.holds(n.start) and not self._sized(n, inside)
                and not identifier_dash(self.intent[max(0, n.start - 2):n.start])]

    def _sized(self, number: StatedNumber, names: _Spans) -> bool:
        """"top 5", "a 30-year": a number the word before frames as not data (unless that word is a drawn name: "a 1, b 2")."""
        offset = max(0, number.start - 16)
        window = self.intent[offset:number.start]
        last = window.rstrip()[-1:]
        if not last or not (last.isalpha() or last in "-=:#"):
            return False  # NOT_DATA_BEFORE ends in a word, "-", "=", ":" or "#" (then spaces): none stands here
        match = NOT_DATA_BEFORE.search(window)
        return match is not None and not names.holds(offset + match.start() + (1 if match.group(0)[:1].isspace() else 0))

    def slot(self, token: StatedNumber) -> tuple[int, int, int] | None:
        if token.start not in self._slots:
            self._slots[token.start] = _slot(self.intent, token) if self._slotted else None
        return self._slots[token.start]

    def _place_values(self, label_spans: dict[str, list[tuple[int, int]]]) -> set[int]:
        """Tie each drawn point to the statement it comes from; the numbers used, by position."""
        structured = self.structured
        tokens = self._value_tokens(label_spans)
        if structured is not None:
            return self._match_structured(structured, tokens)
        if self.pairs:
            stem = numbered_stem(self, tokens)
            candidates = [self._pair_candidates(p, tokens, stem) for p in self.points]
        else:
            adjacent, complete = self._adjacent_candidates(tokens, label_spans)
            candidates = adjacent
            if not complete:
                listed = self._listed_candidates(tokens, label_spans)
                if not all(listed):
                    listed = self._series_listed_candidates(tokens, label_spans)
                candidates = listed if all(listed) else adjacent
        chosen = _match(candidates)
        if chosen is None:
            if len({p.series for p in self.points}) > 1 and not all(
                    isinstance(p.label, str) and is_time_like(p.label) for p in self.points):
                raise Unfaithful("VALUE_NOT_PLACED", (
                    "I could not tell which names are the series. Write the series in slots, e.g. "
                    "'2023 vs 2024 sales: North 10/14, South 12/11', one series per sentence over time labels "
                    "('Revenue: Q1 120, Q2 135. Cost: Q1 90, Q2 100'), or a table with one column per series."))
            lost = next((p for p, c in zip(self.points, candidates, strict=True) if not c), self.points[0])
            where = f" in series '{lost.series}'" if lost.series else ""
            raise Unfaithful("VALUE_NOT_PLACED", (
                f"I could not tie {lost.value:g} to '{lost.label}'{where} in the intent. Write each value right after "
                f"its label, e.g. '{lost.label}: {lost.value:g}', and name each series before its values."))
        self._check_units([tokens[i] for index in chosen for i in index[-1:]])
        if not self.pairs and len({p.series for p in self.points}) == 1:
            self._check_statement_breaks([tokens[index[0]] for index in chosen], label_spans)
        used = set()
        for index in chosen:
            used.update(tokens[i].start for i in index)
        return used

    def _check_units(self, values: list[StatedNumber]) -> None:
        """One axis, one unit: "Mon 21 °C, Tue 70 °F" or "$120, €95" cannot be drawn together."""
        units = set()
        for token in values:
            currency = re.match(r"[-−+]?([$€£¥])", token.text)
            after = _UNIT_AFTER.match(self.intent, token.end)
            unit = currency.group(1) if currency else (re.sub(r"\s", "", after.group(1)).upper() if after else None)
            if unit:
                units.add(unit)
        temperatures = {u for u in units if u.startswith("°")}
        money = {u for u in units if u in "$€£¥"}
        if len(temperatures) > 1 or len(money) > 1:
            raise Unfaithful("UNITS_MIXED", (
                f"The values are stated in different units ({', '.join(sorted(units))}), which one axis cannot show. "
                "Convert them to one unit, e.g. 'Mon 21 °C, Tue 21.1 °C'."))

    def _check_tail(self, statements: list[tuple[int, int, str]]) -> None:
        """A lone name after the last value, with none of its own ("…, Gamma 30, Delta"), is refused: the
        chart would leave it out. A sentence after the list (a request, a note) is not a name."""
        end = statements[-1][1]
        tail = re.split(r"[.!?](?:\s|$)|\n", self.intent[end:end + 80], maxsplit=1)[0]
        if all(not self.intent[a:b].strip(" \t") for (_, a, _), (b, _, _) in zip(statements, statements[1:], strict=False)):
            after = tail  # a list with no separators: any word after the last value stands alone
        else:
            parts = _ITEM_BREAK.split(_BRACKETED.sub(" ", tail), maxsplit=1)
            after = parts[1] if len(parts) > 1 else ""
        words = _words(_SLASHED_ABBREVIATION.sub(r"\1\2", after))  # "Italy n/a" is a name and one word
        if 0 < len(words) <= 2 and not re.search(r"\d", after) and not all(
                _fills_a_gap(w.lower()) or w.lower() in _MARK_NAMES or w.lower() in TAIL_WORDS for w in words):
            raise Unfaithful("VALUE_MISSING", (
                f"I could not place '{after.strip(' ,;')}' after the last value: it has no value of its own. Give it one "
                f"in digits, e.g. '{next((w for w in words if not _fills_a_gap(w.lower())), words[0])} 12', or leave it out."))

    def _check_gaps(self, statements: list[tuple[int, int, str]]) -> None:
        """Between two statements of one list stand only separators, linking or request words, notes in
        brackets, or a word every gap repeats (a unit: "27 points, Bob 19 points"). Anything else is
        content the chart leaves out: "Jan 5, Feb ?, Mar 7", "Mon 34, Tue forty-one, Wed 29"."""
        bracketed = self.scan.may_match(_BRACKETED)  # no "(…)" in the intent: no gap holds one to blank
        gaps = [_BRACKETED.sub(" ", gap) if bracketed else gap
                for gap in (self.intent[a:b] for (_, a, _), (b, _, _) in zip(statements, statements[1:], strict=False))]
        # Words right after a value, before the item's separator, are about it ("48k concurrent players,")
        gaps = [parts[1] if len(parts := _ITEM_BREAK.split(gap, maxsplit=1)) > 1 else gap for gap in gaps]
        words = [{w.lower() for w in _words(gap)} for gap in gaps]
        repeated = set.intersection(*words) if len(words) > 1 else set()
        for gap, found in zip(gaps, words, strict=True):
            stray = sorted(w for w in found - repeated if not _fills_a_gap(w))
            if stray or "?" in gap:
                what = stray[0] if stray else "?"
                raise Unfaithful("VALUE_MISSING", (
                    f"I could not place '{what}' (in '{gap.strip()}') in the chart: it stands between two values "
                    "without one of its own. Give it a value in digits, e.g. 'Feb 6', or leave it out."))

    def _check_statement_breaks(self, placed: list[StatedNumber], label_spans: dict[str, list[tuple[int, int]]]) -> None:
        """Statements of one list are split alike: "New Balance 990 model 210, Nike Air Max 340" is
        refused, since "990 model" may be one name when every other item ends at a comma."""
        statements = []
        for point, token in zip(self.points, placed, strict=True):
            spans = label_spans.get(str(point.label), [])
            beside = next((s for s in spans if self._beside(s, token, "before") or self._beside(s, token, "after")), None)
            if beside is None:
                return  # labelled elsewhere (a range, a list): there are no item breaks to compare
            statements.append((min(beside[0], token.start), max(beside[1], token.end), str(point.label)))
        self._check_particles(placed, label_spans)
        statements.sort()
        self._check_gaps(statements)
        self._check_tail(statements)
        bare = [(b, c) for (_, a, _), (b, _, c) in zip(statements, statements[1:], strict=False)
                if not self.intent[a:b].strip(" \t")]
        if bare and len(bare) < len(statements) - 1:
            label = bare[0][1]
            raise Unfaithful("LABEL_NOT_IN_INTENT", (
                f"Every other item ends at a separator, but nothing separates '{label}' from the number before it, "
                f"so that number may belong to its name. Separate every item alike, e.g. 'A 10, {label} 20'."))

    def _check_particles(self, placed: list[StatedNumber], label_spans: dict[str, list[tuple[int, int]]]) -> None:
        """"Sign up 42, Log in 30, Browse 12": where the other items put their value right after the name, a
        lone "in"/"on"/"out" between one name and its value ends that name ("Log in"), it does not link them."""
        linked, plain = [], 0
        for point, token in zip(self.points, placed, strict=True):
            span = next((s for s in label_spans.get(str(point.label), []) if self._beside(s, token, "before")), None)
            if span is None:
                continue
            words = _words(self.intent[span[1]:token.start])
            if (words and re.search(r"\d%?$", str(point.label)) and all(w.lower() in _FRACTION_WORDS for w in words)
                    and not holds_change(str(point.label))):  # "north rose 12% to 840": a change, said by its own rule
                # "Acme 4 of 10", "Team 3 out of 12": a number, a linking word and a number are one
                # statement (a fraction, a score), not a name ending in a number and its value
                said = f"{point.label}{self.intent[span[1]:token.end]}"
                name = _TRAILING_NUMBER.sub("", str(point.label)) or "Acme"
                raise Unfaithful("LABEL_NOT_IN_INTENT", (
                    f"'{said}' reads as one statement (a fraction or a score), not a name and its value. Give one "
                    f"value per name, e.g. '{name}: 40%'."))
            if not words:
                plain += 1
            elif len(words) == 1 and words[0].lower() in PARTICLE_WORDS:
                linked.append(f"{point.label} {words[0]}: {token.text.strip()}")
        if linked and plain:
            raise Unfaithful("LABEL_NOT_IN_INTENT", (
                f"'{linked[0].split(':')[0]}' may be the whole name, since the other items put their value right after the "
                f"name. Write it as '{linked[0]}', with a colon after every name."))

    def _adjacent_candidates(self, tokens: list[StatedNumber],
                             label_spans: dict[str, list[tuple[int, int]]]) -> tuple[list[list[tuple[int, ...]]], bool]:
        """Label right before (or, for the whole chart, right after) its value; series named before.
        Returns the candidates of the better direction and whether every point has one."""
        # With several series written inline, which names are the series is only certain when the
        # categories are points in time ("Revenue: Q1 120, Q2 135; Cost: Q1 90" or "2021 home 34, away
        # 22"): "France — nuclear 320, hydro 55; Germany — …" reads either way, so it is refused unless
        # the series sit in slots ("A vs B: X 10/12").
        multi = len({p.series for p in self.points}) > 1
        timed = all(isinstance(p.label, str) and is_time_like(p.label) for p in self.points)
        by_value: dict[float, list[int]] = {}
        for index, token in enumerate(tokens):
            for reading in token.readings:
                by_value.setdefault(reading, []).append(index)
        label_starts = self._label_starts(label_spans)
        # A value in a slot ("10/12") stands where its group stands; found once per value, not once per point
        slots = [self.slot(token) for token in tokens]
        probes = [replace(token, start=grouped[1], end=grouped[2]) if grouped else token
                  for token, grouped in zip(tokens, slots, strict=True)]
        probes_in_reach = _TokensInReach(probes)
        tokens_in_reach = _TokensInReach(tokens) if multi and timed else None  # only series are looked up by token
        best: list[list[tuple[int, ...]]] = [[] for _ in self.points]
        for direction in ("before", "after"):
            candidates = []
            for point in self.points:
                spans = label_spans.get(str(point.label), [])
                series_spans = label_spans.get(point.series, []) if point.series else []
                # only a value in reach of the label (or, below, of its series) can be beside it
                reach = probes_in_reach.near(spans, direction)
                if tokens_in_reach is not None:
                    reach |= tokens_in_reach.near(series_spans, direction)
                found = []
                for index in by_value.get(point.value, []):
                    if index not in reach:
                        continue
                    token, probe = tokens[index], probes[index]
                    slotted = slots[index] is not None
                    beside = self._beside_any(spans, probe, direction)
                    if beside and (point.series is None or ((timed or slotted) and self._series_owns(
                            point.series, token, label_spans))):
                        found.append((index,))
                    elif multi and timed and self._beside_any(series_spans, token, direction) \
                            and self._nearest_before(token.start, spans, label_starts):
                        found.append((index,))  # "2021 home 34, away 22": series beside, label heads the group
                candidates.append(found)
            if all(candidates):
                return candidates, True
            if sum(map(bool, candidates)) > sum(map(bool, best)):
                best = candidates
        return best, False

    def _label_starts(self, label_spans: dict[str, list[tuple[int, int]]]) -> list[int]:
        labels = {str(p.label) for p in self.points}
        return sorted(a for name, spans in label_spans.items() if name in labels for a, _ in spans)

    def _nearest_before(self, position: int, own: list[tuple[int, int]], all_starts: list[int]) -> bool:
        index = bisect_left(all_starts, position) - 1
        return index >= 0 and any(a == all_starts[index] for a, _ in own)

    def _series_owns(self, series: str, token: StatedNumber, label_spans: dict[str, list[tuple[int, int]]]) -> bool:
        """The series named last before the value, or the one in the value's slot of "10/12"."""
        names = self._series_names
        grouped = self.slot(token)
        if grouped is not None:
            slot = grouped[0]
            order = sorted(names, key=lambda n: min((a for a, _ in label_spans.get(n, [])), default=10**9))
            return slot < len(order) and order[slot] == series
        best, best_start = None, -1
        for name in names:
            for a, b in label_spans.get(name, []):
                if b <= token.start and a > best_start:
                    best, best_start = name, a
        return best == series

    @cached_property
    def _series_names(self) -> list[str]:
        """The drawn series, sorted: read once, not once per value of every point (1,000 points, a million reads)."""
        return sorted({p.series for p in self.points if p.series})

    @staticmethod
    def in_reach(tokens: list[StatedNumber]) -> _TokensInReach:
        """An index of `tokens` by place, for rules that look for the value beside a label (fail_closed.py)."""
        return _TokensInReach(tokens)

    def _beside_any(self, spans: list[tuple[int, int]], token: StatedNumber, direction: str) -> bool:
        for span in spans:  # a loop, not any(genexpr): it runs for every point and every token of its value
            if self._beside(span, token, direction):
                return True
        return False

    def _beside(self, span: tuple[int, int], token: StatedNumber, direction: str) -> bool:
        start, end = span
        if direction == "before":
            if end > token.start or token.start - end > _REACH:
                return False
            gap = self.intent[end:token.start]
            if not gap.strip(" :=-–—"):
                return True  # "Mon 34", "Mon: 34", "2019 – 115": the common case, without a regex
            if _LEADER.fullmatch(gap):
                return True  # "Paris ........ 41": a dot leader on one line joins a label to its value
            words = _words(gap)
            return not _SEPARATOR_IN_GAP.search(gap) and not _DIGIT.search(gap) and len(gap) <= 40 \
                and all(w.lower() in CONNECTOR_WORDS or _is_past_verb(w) for w in words)
        if start < token.end or start - token.end > _REACH:
            return False
        gap = self.intent[token.end:start]
        if gap in (" ", "\u00a0") and _ITEM_OPENS_BEFORE.search(self.intent[max(0, token.start - 8):token.start]) \
                and _ITEM_ENDS_AFTER.match(self.intent[end:end + 6]):
            return True  # ": 41 occupied, 12 available.": each item is a value and then its label, nothing else
        if _SHARE_GAP.fullmatch(gap):
            return True  # "60 % equities": a share, then what it is of
        words = _words(gap)
        return not _SEPARATOR_IN_GAP.search(gap) and not _DIGIT.search(gap) and len(gap) <= 40 \
            and bool(words) and words[-1].lower() in LABEL_AFTER_WORDS

    def _listed_candidates(self, tokens: list[StatedNumber],
                           label_spans: dict[str, list[tuple[int, int]]]) -> list[list[tuple[int, ...]]]:
        """Bare values labelled elsewhere: the n-th stated value goes with the n-th label of one range
        ("Mon to Fri") or one list ("for Chrome, Safari and Firefox"), in order."""
        empty: list[list[tuple[int, ...]]] = [[] for _ in self.points]
        if any(p.series for p in self.points):
            return empty
        labels = [_fold(str(p.label)) for p in self.points]
        data = [t for t in tokens if t.is_data_candidate]
        if len(data) != len(labels):
            return empty
        if not all(p.value in t.readings for p, t in zip(self.points, data, strict=True)):
            return empty
        in_order = any([_fold(x) for x in expanded] == labels for _, _, expanded in self._range_labels())
        if not in_order:
            positions = [min((a for a, _ in label_spans.get(str(p.label), [])), default=-1) for p in self.points]
            in_order = -1 not in positions and positions == sorted(positions) and all(
                re.fullmatch(r"[\s,&/]*(?:and\s*)?", self.folded[label_spans[str(p.label)][0][1]:nxt])
                for p, nxt in zip(self.points, positions[1:], strict=False))
        if not in_order:
            return empty
        index = {id(t): i for i, t in enumerate(tokens)}
        return [[(index[id(t)],)] for t in data]

    def _series_listed_candidates(self, tokens: list[StatedNumber],
                                  label_spans: dict[str, list[tuple[int, int]]]) -> list[list[tuple[int, ...]]]:
        """Several series of bare values labelled elsewhere: "for Mon, Tue, Wed … p50: 42, 40, 45. p99: 210,
        190, 260": right after each series name, its values in the order of one list or range of labels."""
        empty: list[list[tuple[int, ...]]] = [[] for _ in self.points]
        names = list(dict.fromkeys(p.series for p in self.points))
        if len(names) < 2 or None in names:
            return empty
        labels = [str(p.label) for p in self.points if p.series == names[0]]
        if any([str(p.label) for p in self.points if p.series == name] != labels for name in names):
            return empty
        in_order = any([_fold(x) for x in expanded] == [_fold(x) for x in labels] for _, _, expanded in self._range_labels())
        if not in_order:
            positions = [min((a for a, _ in label_spans.get(label, [])), default=-1) for label in labels]
            in_order = -1 not in positions and positions == sorted(positions) and all(
                re.fullmatch(r"[\s,&/]*(?:and\s*)?", self.folded[label_spans[label][0][1]:nxt])
                for label, nxt in zip(labels, positions[1:], strict=False))
        if not in_order:
            return empty
        data = list(enumerate(tokens))  # every number right after the name: "…, 51, 39. p99 latency" ends at 39
        chosen: dict[str, list[int]] = {}
        for name in names:
            for _, end in label_spans.get(name, []):
                run = [(i, t) for i, t in data if t.start >= end]
                if not run or not re.fullmatch(r"[\s:=\-–—]*", self.intent[end:run[0][1].start]):
                    continue
                values = [run[0]]
                for i, t in run[1:]:
                    if not re.fullmatch(r"\s*(?:,|;)?\s*(?:and\s+)?", self.intent[values[-1][1].end:t.start]):
                        break
                    values.append((i, t))
                if len(values) == len(labels):
                    chosen[name] = [i for i, _ in values]
                    break
            if name not in chosen:
                return empty
        out = []
        for point in self.points:
            index = chosen[point.series][labels.index(str(point.label))]  # type: ignore[index]
            out.append([(index,)] if point.value in tokens[index].readings else [])
        return out

    def _pair_candidates(self, point: _Point, tokens: list[StatedNumber],
                         stem: tuple[str, str] | None = None) -> list[tuple[int, ...]]:
        """x then y in one "(x, y)" or "x → y" statement, or "<stem> x y" of a numbered axis ("week 4 48")."""
        found = []
        for i, x in enumerate(tokens):
            if _number_key(point.label) not in x.readings:
                continue
            for j in range(i + 1, min(i + 2, len(tokens))):
                y = tokens[j]
                gap = self.intent[x.end:y.start]
                if point.value in y.readings and (re.fullmatch(
                        r"\s*(?:[^\W\d_]{1,4}\.?|°\s?[CF]|%)?\s*(?:[,;/:]|→|->|=>|⟶|vs\.?)\s*[$€£¥]?\s*", gap)
                        # "1 yr 42k" where the axes are named: the x's unit alone stands between x and y
                        or (re.fullmatch(r"\s*[^\W\d_]{1,6}\.?\s+[$€£¥]?", gap) and self._axes_named())
                        # "x=0 y=1": the coordinates named, y's name between x and y (and x's name before x)
                        or (re.fullmatch(r"\s*[,;/]?\s*y\s*[=:]\s*", gap, re.IGNORECASE)
                            and re.search(r"(?<![\w.])x\s*[=:]\s*$", self.intent[max(0, x.start - 6):x.start], re.IGNORECASE))
                        # "week 4 48", "4 weeks 48": the numbered axis's word, its number, the value
                        or numbered_pair(self.intent, stem, x, gap)):
                    found.append((i, j))
        return found

    def _match_structured(self, structured: _Structured, tokens: list[StatedNumber]) -> set[int]:
        if self.pairs and not structured.pairs and "point" in self.asked_marks() and all(
                s is None and re.fullmatch(r"[-+]?\d+(?:\.\d+)?", str(lbl).strip()) for s, lbl, _ in structured.points) \
                and not all(_year_like(str(lbl)) for _, lbl, _ in structured.points):
            # {"10": 310, "20": 580} and a scatter asked: the numeric keys are the x of x/y pairs
            structured = replace(structured, pairs=True, points=[(None, _number_key(lbl), v) for _, lbl, v in structured.points])
        if self.pairs and not structured.pairs and (numbered := numbered_structured(self, structured)) is not None:
            structured = numbered  # {"week 1": 100, "week 2": 64, "week 4": 48} as a line: the week is the x
        if structured.pairs != self.pairs:
            raise Unfaithful("SHAPE_NOT_ASKED", (
                "The data are x/y pairs but were drawn as categories." if structured.pairs else
                "The data are labelled values but were drawn as x/y pairs."))
        multi = len({p.series for p in self.points}) > 1
        points = structured.points
        if self.mark in ("line", "area") and not self.pairs and all(s and is_time_like(str(s)) for s, _, _ in points) \
                and not any(is_time_like(str(lbl)) for _, lbl, _ in points):
            # Columns named by times, rows by things: a line runs along time, so each row is a line.
            points = [(str(lbl), s, v) for s, lbl, v in points]
        expected = [(s if multi else None, _fold(str(lbl)) if not self.pairs else _number_key(lbl), v)
                    for s, lbl, v in points]
        drawn = [(_fold(p.series) if p.series else None,
                  _fold(str(p.label)) if not self.pairs else _number_key(p.label), p.value) for p in self.points]
        remaining = list(expected)
        for series, label, value in drawn:
            hit = next((e for e in remaining if (e[0] is None or _fold(str(e[0])) == series) and e[1] == label
                        and value in e[2]), None)
            if hit is None:
                raise Unfaithful("VALUE_NOT_PLACED", (
                    f"I could not find {value:g} for '{label}'{f' in series {series!r}' if series else ''} where the "
                    f"{structured.kind} puts it. Give one row per label and one column per series."))
            remaining.remove(hit)
        if remaining:
            series, label, _ = remaining[0]
            raise Unfaithful("VALUE_MISSING", f"The {structured.kind} has a value for '{label}'"
                             f"{f' in {series!r}' if series else ''} that the chart does not show.")
        spans = structured.spans or ((structured.start, structured.end),)
        return {t.start for t in tokens if any(a <= t.start < b for a, b in spans)}

    # -- coverage -----------------------------------------------------------------------------

    def _check_coverage(self, used: set[int], label_spans: dict[str, list[tuple[int, int]]]) -> None:
        inside = self.names_inside(label_spans)
        self._used = used
        self._data_start = min((a for spans in label_spans.values() for a, _ in spans), default=0)
        for number in self.numbers:
            if number.start in used or not number.is_data_candidate:
                continue
            if inside.holds(number.start):
                continue
            if self._explained(number):
                continue
            text = number.text.strip()
            raise Unfaithful("VALUE_MISSING", (
                f"I could not place '{text}' in the chart. Give it a label, e.g. 'Mar {text}', or, if it is not "
                "data, leave it out."))

    def _footnotes(self) -> _Spans:
        if not hasattr(self, "_footnote_spans"):
            self._footnote_spans = _Spans(m.span() for m in self.scan.matches(FOOTNOTE_RE))
        return self._footnote_spans

    def _check_footnotes(self, used: set[int], label_spans: dict[str, list[tuple[int, int]]]) -> None:
        """"*excludes 12 incomplete responses", "Note: 3 regions missing": a note under the data qualifies it;
        its words are no label and its numbers no value."""
        notes = self._footnotes()
        if not notes.starts:
            return
        for label, spans in label_spans.items():
            if spans and all(notes.holds(a) for a, _ in spans):
                raise Unfaithful("LABEL_NOT_IN_INTENT", (
                    f"'{label}' is in a note ('{self._note_at(spans[0][0])}'), not in the data. Put every item in the "
                    "list itself, e.g. 'A 12, B 15', and keep notes without numbers, or leave them out."))
        for number in self.numbers:
            if number.start in used and notes.holds(number.start):
                raise Unfaithful("VALUE_NOT_PLACED", (
                    f"'{number.text.strip()}' is in a note ('{self._note_at(number.start)}'), not in the data. Put every "
                    "item in the list itself, e.g. 'A 12, B 15'."))

    def _note_at(self, position: int) -> str:
        match = next(m for m in self.scan.matches(FOOTNOTE_RE) if m.start() <= position < m.end())
        return match.group(0).strip()[:60]

    def _check_number_words(self, label_spans: dict[str, list[tuple[int, int]]]) -> None:
        """A value written in words ("Zorvex: twelve", "Acme a dozen,") is a value the number scanner
        does not read: it is refused, not left out. Words that count the question ("top five") are not values."""
        inside = self.names_inside(label_spans)
        for match in self.scan.matches(NUMBER_WORD_RE):
            if inside.holds(match.start()) or self._inside_drawn_name(match.start(), match.end()) \
                    or counts_marks(self.intent, match.end()):
                continue
            before = self.intent[max(0, match.start() - 24):match.start()]
            after = self.intent[match.end():match.end() + 3]
            valued = re.search(r"(?:[:=]|\b(?:was|were|is|are|at|reached|hit|totall?ed|scored))\s*$", before) is not None
            ends_item = re.match(r"\s*(?:[,;\n|)]|\.(?:\s|$)|$)", after) is not None and re.search(r"[^\W\d_]\s+$", before) \
                is not None and not NOT_DATA_BEFORE.search(before) and not re.search(
                    r"\b(?:all|both|each|every|these|those|of|the|only|just|with|and|or|no)\s+$", before, re.IGNORECASE)
            if valued or ends_item:
                raise Unfaithful("VALUE_MISSING", (
                    f"I could not place '{match.group(0)}' in the chart: a value written in words or as a guess ('40ish') is not read. Write it in "
                    f"digits, e.g. 'Acme: 12', or leave it out."))

    def _check_changes(self, used: set[int]) -> None:
        """A value stated as a change ("Zorvex is up 937 from last week", "A up 5, B down 3") is not a level:
        drawn as one, a fall reads as a rise and a change as a total. Refused unless every drawn value is a
        change of the same kind, the subject says so, and falls are drawn below zero."""
        if not any(key in self.scan.lowered for key in _CHANGE_KEYS) and not self.scan.may_match(_CHANGE_AFTER):
            return  # no change word anywhere in the intent, so none before or after any value
        placed = [n for n in self.numbers if n.start in used]
        changed = []
        change_after = self.scan.finder(_CHANGE_AFTER, "match")
        for token in placed:
            before = self.intent[max(0, token.start - 30):token.start]
            after = self.intent[token.end:token.end + 40]
            lowered = before.lower()
            said = (_CHANGE_BEFORE.search(before) or _CHANGE_BARE.search(before)) \
                if any(key in lowered for key in _CHANGE_KEYS) else None
            tail = change_after(after)
            if said or tail:
                changed.append((token, said, tail))
        if not changed:
            return
        bare_only = [c for c in changed if c[1] is not None and c[1].re is _CHANGE_BARE and c[2] is None]
        if len(bare_only) == 1 and len(changed) == 1:
            return  # "Sign up 42": one name ending in "up" is a name, not a change
        subject_says_change = _CHANGE_SUBJECT.search(self.intent[:getattr(self, "_data_start", 0)]) is not None
        falls_negative = all(
            not (c[1] is not None and re.search(r"down|decreas|fell|dropped|declin|lost|slipped", c[1].group(0), re.IGNORECASE))
            or any(p.value < 0 and abs(p.value) in c[0].readings for p in self.points) for c in changed)
        names_clean = not any(re.search(r"\b(?:up|down)$", str(p.label), re.IGNORECASE) for p in self.points
                              if isinstance(p.label, str))
        if len(changed) == len(placed) and subject_says_change and falls_negative and names_clean:
            return
        token, said_before, said_after = changed[0]
        said = " ".join(part for part in (said_before.group(0).strip() if said_before else "", token.text.strip(),
                                          said_after.group(0).strip() if said_after else "") if part)
        raise Unfaithful("VALUE_NOT_PLACED", (
            f"'{said}' states a change, not a value, and the chart would draw it as a value. Give the values "
            "themselves ('Zorvex 950'), or chart the changes alone with their signs ('change vs last week: A +5, B -3')."))

    def _check_scale(self) -> None:
        """"All figures in thousands", "(values in millions)": a scale stated once for every value is shown
        in the chart (a title or an axis title), or the chart would read a thousand times too small."""
        for match in self.scan.matches(_SCALE_ONCE):
            word = (match.group("scale") or match.group("bracketed")).lower().rstrip("s").lstrip("'")
            root = word if len(word) > 3 or word == "000" else match.group(0).lower()
            shown = " ".join([_title_text_of(self.spec), *self._names, *(
                str((self.encoding.get(c) or {}).get("title") or "") for c in ("x", "y", "color", "theta"))])
            if root not in shown.lower() and not self._inside_drawn_name(match.start(), match.end()):
                raise Unfaithful("VALUE_NOT_PLACED", (
                    f"The intent says the values are {match.group(0).strip(' ()')}, but the chart does not show it, so "
                    "every value would read as stated. Put the scale in the subject, e.g. 'revenue in thousands: A 12, "
                    "B 15', or write the full values ('A 12,000')."))

    def _explained(self, number: StatedNumber) -> bool:
        """A number the intent states that is not data: counts, sizes, years naming the subject."""
        if self._footnotes().holds(number.start):
            return True  # "*excludes 12 incomplete responses": a note about the data (its labels are refused above)
        if any(r.is_target and r.number_start <= number.start < r.number_end for r in reference_statements(self.intent)):
            return True  # "Our target is 1,500.": a reference stated apart, not data (references.py)
        before = self.intent[max(0, number.start - 16):number.start]
        after = self.intent[number.end:number.end + 24]
        if NOT_DATA_BEFORE.search(before) or NOT_DATA_AFTER.match(after):
            return True
        if len(number.text.strip()) <= 2 and re.match(r"[.)]\s+[^\W\d_]", after) and re.search(r"(?:^|[\n,;])\s*$", before):
            return True  # "3) Oslo — 0.7M", "1. Oslo": the numbering of a list
        if any(m.start() <= number.start < m.end() for m in DATE_SPAN.finditer(
                self.intent, max(0, number.start - 20), min(len(self.intent), number.end + 12))):
            return True
        if in_day_first_date(self.intent, number.start):
            return True
        digits = number.text.strip()
        note = re.search(r"\d[%kKMB]?\s*\((?:up|down|\+|-|−|vs\.?|was|from|prev|change)[^()\n]{0,40}$", before + self.intent[
            number.start:number.start + 1], re.IGNORECASE)
        if note and any(n.start in self._used and n.end <= number.start and number.start - n.end < 48 for n in self.numbers):
            return True  # "organic 1,240 (up 12%)": a note about the value before it
        heading = re.search(r":\s|\s[-–—]\s", self.intent)
        if heading and number.end <= heading.start() < getattr(self, "_data_start", 0) \
                and re.fullmatch(r"\d{1,2}", digits) and int(digits) <= 20 \
                and re.match(r" [a-z]{3,}", after) and not _is_unit_word(after.split()[0]):
            return True  # "Compare 3 plans: …": a count in the subject, before any data
        if heading and number.end <= heading.start() < getattr(self, "_data_start", 0) and (
                (re.match(r"\s?-?[^\W\d_]", after) and not _VALUE_THEN_LABEL.match(after)) or re.search(r"\b(?:week|day|month|floor|grade|level|room|under|over|"
                                                             r"aged?|ages|version|round|wave|phase)\s*-?$", before, re.IGNORECASE)):
            return True  # "survey of 1,200 employees", "best 100 m times", "in week 14:": the subject's own numbers
        if heading and number.end <= heading.start() < getattr(self, "_data_start", 0) and re.fullmatch(r"\d{1,4}", digits) \
                and re.search(r"\b[A-Z][^\W\d_]+\s$", before) and not re.match(r"\s*[:=]", after):
            return True  # "on floor 4 of Building 2 (°C): Room 401 21.5": the number of a name in the subject
        if _year_like(digits) and not re.match(r"\s*[:=\-–—]?\s*[-−$€£¥]?\d", after):
            return True  # "orders in 2024", "2024 revenue": a year that names the subject, not a value
        drawn_title = self.spec.get("title")
        drawn_title = _fold(str(drawn_title.get("text", "") if isinstance(drawn_title, dict) else drawn_title or ""))
        for match in (*self.scan.matches(_TITLE), *self.scan.matches(_JSON_TITLE)):
            if match.start(1) <= number.start < match.end(1) and _fold(match.group(1)).strip() in drawn_title:
                return True  # "title 'Sprint 42 mix'": a number of the title asked for and drawn
        return False


# ---------------------------------------------------------------------------------------------
# Structured data (JSON, markdown tables, TSV/CSV): the checker's own reading of the grid.


@dataclass
class _Structured:
    kind: str  # "JSON" | "table"
    pairs: bool
    points: list[tuple[str | None, Any, frozenset[float]]]  # (series, label or x, readings of the value)
    start: int
    end: int
    spans: tuple[tuple[int, int], ...] = ()  # where the data are written, when not all of start..end
    # the field names the data give, for the fields a call's arguments pick (picks_check.py): the labels', and
    # of x/y pairs the x's and the y's
    label_name: str | None = None
    x_name: str | None = None
    y_name: str | None = None


def _cell_readings(cell: Any) -> frozenset[float] | None:
    if isinstance(cell, bool) or cell is None:
        return None
    if isinstance(cell, int | float):
        return frozenset({_number_key(cell)})
    text = str(cell).strip()
    accounting = re.fullmatch(r"\(\s*([$€£¥]?\d[\d,]*(?:\.\d+)?)\s*\)", text)
    if accounting:  # "(1,200)" alone in a cell: accounting notation for -1,200
        readings = _cell_readings(accounting.group(1))
        return frozenset(-r for r in readings) if readings else None
    if not re.fullmatch(r"[-−+]?[$€£¥]?\s?\d[\d,]*(?:\.\d+)?(?:\s?(?:[kKMB]|bn|mn|thousand|million|billion))?"
                        r"\s?(?:%|°\s?[CF]?|[A-Za-zµ/]{1,5})?", text):
        return None
    if re.fullmatch(r"[-−+]?\d+,\d{1,2}\s?%?", text):
        text = text.replace(",", ".")  # a cell holds one number: "41,5" has a decimal comma
    numbers = [_strict(n) for n in stated_numbers(text)]  # "1,820" is 1820, never 1 or 820
    return numbers[0].readings if len(numbers) == 1 and numbers[0].readings else None


def _is_numeric_column(cells: list[Any]) -> bool:
    return bool(cells) and all(_cell_readings(c) is not None for c in cells)


def _grid_points(header: list[str] | None, rows: list[list[Any]], kind: str, start: int, end: int) -> _Structured | None:
    width = len(rows[0])
    if width < 2 or any(len(r) != width for r in rows):
        return None
    columns = [[r[i] for r in rows] for i in range(width)]
    numeric = [i for i in range(width) if _is_numeric_column(columns[i])]
    text = [i for i in range(width) if i not in numeric]
    names = header or [None] * width
    if not numeric:
        return None
    if not text and len(numeric) >= 2:
        first = columns[numeric[0]]
        label_named = header is not None and str(header[0]).strip().lower() in {
            "year", "month", "day", "week", "quarter", "date", "period", "label", "category", "name"}
        if label_named or all(_year_like(str(c).strip()) for c in first):
            text, numeric = [numeric[0]], numeric[1:]
        elif len(numeric) == 2:
            x, y = numeric
            points = [(None, next(iter(_cell_readings(r[x]) or {0.0})), _cell_readings(r[y]) or frozenset())
                      for r in rows]
            if any(len(_cell_readings(r[x]) or ()) != 1 for r in rows):
                return None
            return _Structured(kind, True, points, start, end, x_name=header and str(header[x]),  # type: ignore[arg-type]
                               y_name=header and str(header[y]))
        else:
            return None
    if not text:
        return None
    if len(numeric) > 1 and any(all(_year_like(str(c).strip()) for c in columns[i]) for i in numeric):
        return None  # names, years and values: which is the series is not certain, and years are never values
    label = text[0]
    out: list[tuple[str | None, Any, frozenset[float]]] = []
    if len(text) == 2 and len(numeric) == 1:
        # Long format ("region, quarter, sales"): the column of times runs along the axis and the other
        # names the series. With no such column either could be the series, so it is refused.
        label, series_column = _time_axis(columns[text[0]], columns[text[1]], text[0], text[1])
        for r in rows:
            out.append((str(r[series_column]).strip(), str(r[label]).strip(), _cell_readings(r[numeric[0]]) or frozenset()))
        return _Structured(kind, False, out, start, end, label_name=header and str(header[label]),
                           y_name=header and str(header[numeric[0]]))
    if len(text) > 1:
        return None
    for i in numeric:
        series = str(names[i]).strip() if names[i] is not None and len(numeric) > 1 else None
        if len(numeric) > 1 and not series:
            return None
        for r in rows:
            out.append((series, str(r[label]).strip(), _cell_readings(r[i]) or frozenset()))
    return _Structured(kind, False, out, start, end, label_name=header and str(header[label]),
                       y_name=header and len(numeric) == 1 and str(header[numeric[0]]) or None)


def _structured_points(intent: str) -> _Structured | None:
    return _assigned_points(intent) or _json_points(intent) or _yaml_points(intent) or _table_points(intent)


# Keys whose text only describes the chart: a number in it ("title: Sprint 42 mix") is no value.
DESCRIBING_KEYS = frozenset("""
title subtitle caption heading name label unit units x_label y_label xlabel ylabel x_title
y_title xtitle ytitle x_axis y_axis type kind chart chart_type mark
""".split())


def _text_leaves(value: Any, key: str = "") -> Iterable[tuple[str, str]]:
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _text_leaves(v, str(k))
    elif isinstance(value, list):
        for v in value:
            yield from _text_leaves(v, key)
    elif isinstance(value, str):
        yield key, value


def _numbers_in_text_are_names(value: Any, read: _Structured) -> bool:
    """A text member with a number in it is a drawn label or series name, or describes the chart
    ("title: Q3 2025"); otherwise ("note: about 40 more") its number would pass unread."""
    names = {_fold(str(label)) for _, label, _ in read.points} | {_fold(s) for s, _, _ in read.points if s}
    return all(not re.search(r"\d", text) or _fold(text.strip()) in names or key.strip().lower() in DESCRIBING_KEYS
               for key, text in _text_leaves(value))


def _read_value(value: Any, start: int, end: int, kind: str) -> _Structured | None:
    """The first data-carrying reading of a parsed value (see `_json_candidates`), every number in it
    accounted for; None when it holds no grid or hides a number in its text."""
    for candidate in _json_candidates(value):
        read = _json_grid(candidate, start, end)
        if read is not None:
            if not _numbers_in_text_are_names(value, read):
                return None
            _json_numbers_accounted(value, read)
            return replace(read, kind=kind)
    return None


def _yaml_points(intent: str) -> _Structured | None:
    """A YAML block ("series:\n  - name: Red\n    values: {Jan: 12}") read like the JSON it stands for."""
    for start, end, value in yaml_blocks(intent):
        read = _read_value(value, start, end, "YAML")
        if read is not None:
            return read
    return None


_ASSIGNED = re.compile(r"(?<![\w.\"'])([A-Za-z_]\w{0,30})[ \t]*(?:=|:)[ \t]*(?=[\[(])")


def _literal(text: str) -> Any:
    """A Python literal as the JSON-like value it writes (tuples as lists); None when it is none."""
    try:
        for node in ast.walk(ast.parse(text.strip(), mode="eval")):
            if isinstance(node, ast.Dict):
                keys = [k.value for k in node.keys if isinstance(k, ast.Constant)]
                if len(set(keys)) != len(keys):
                    _given_twice(next(k for k in keys if keys.count(k) > 1))
        value = ast.literal_eval(text)
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        return None

    def plain(v: Any) -> Any:
        if isinstance(v, list | tuple):
            items = [plain(i) for i in v]
            if any(i is _NOT_PLAIN for i in items):
                return _NOT_PLAIN
            return items
        if isinstance(v, dict):
            out = {str(k): plain(i) for k, i in v.items() if isinstance(k, str | int | float) and not isinstance(k, bool)}
            if len(out) != len(v) or any(i is _NOT_PLAIN for i in out.values()):
                return _NOT_PLAIN
            return out
        if isinstance(v, float) and v != v or isinstance(v, float) and v in (float("inf"), float("-inf")):
            return _NOT_PLAIN
        if isinstance(v, str | int | float) or v is None:
            return v
        return _NOT_PLAIN

    result = plain(value)
    return None if result is _NOT_PLAIN else result


_NOT_PLAIN = object()


def _assigned_points(intent: str) -> _Structured | None:
    """Lists given names in code or a call: "months = ['Jan', 'Feb']\nsales = [1200, 1350]",
    "plot(labels=['A', 'B'], values=[3, 5])": one object of those names, each list where it is written."""
    found: dict[str, Any] = {}
    spans: list[tuple[int, int]] = []
    for match in _ASSIGNED.finditer(intent):
        end = balanced_end(intent, match.end())
        if end is None or intent[match.end()] == "(" and (":" in match.group(0) or re.match(r"\s*,\s*\(", intent[end:])):
            continue  # "men: (170, 65), (182, 81)": one pair of several, not a named tuple of values
        value = _literal(intent[match.end():end])
        if isinstance(value, list) and value and all(isinstance(v, str | int | float) for v in value):
            # (a list of lists or tuples, "men: (170, 65), (182, 81)", holds pairs, not one named column)
            if match.group(1) in found:
                return None  # one name given two lists: which one holds is not certain
            found[match.group(1)] = value
            spans.append((match.end(), end))  # type: ignore[arg-type]
    if len(found) < 2:
        return None
    read = _read_value(found, spans[0][0], spans[-1][1], "code")
    return replace(read, spans=tuple(spans)) if read is not None else None


def _given_twice(key: Any) -> None:
    raise Unfaithful("UNREADABLE_INTENT", (
        f"The data give '{key}' twice, so which value holds is not certain. Give each label once, e.g. "
        '{"Berlin": 120, "Munich": 95}.'))


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object, refused when it gives one key twice (a parser would keep the last one, silently)."""
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            _given_twice(key)
        out[key] = value
    return out


def _json_points(intent: str) -> _Structured | None:
    match = re.search(r"[\[{]", intent)
    if match is None:
        return None
    start = match.start()
    try:
        value, end = json.JSONDecoder(object_pairs_hook=_unique_keys).raw_decode(intent, match.start())
    except (json.JSONDecodeError, RecursionError, ValueError):
        # the same data written as a Python literal: {'city': ['Lagos', 'Accra'], 'pm25': [68.1, 41.7]}
        close = balanced_end(intent, start)
        value = _literal(intent[start:close]) if close is not None else None
        if not isinstance(value, dict | list) or not value:
            return None
        return _read_value(value, start, close, "Python literal")  # type: ignore[arg-type]
    if not isinstance(value, dict | list) or not value:
        return None
    for candidate in _json_candidates(value):
        read = _json_grid(candidate, start, end)
        if read is not None:
            _json_numbers_accounted(value, read)
            return read
    raise Unfaithful("UNREADABLE_INTENT", (
        'I could not read the JSON as chart data. Send label→value pairs, e.g. {"Mon": 34, "Tue": 41} or '
        '[{"day": "Mon", "signups": 34}].'))


# JSON members whose number describes the request, not the data: {"top": 5, "width": 600, "year": 2024}.
JSON_SETTING_KEYS = frozenset("""
top limit n sample sample_size width height size version precision decimals digits id page year max min
bins bin_count rows columns font_size dpi scale
""".split())


def _json_leaves(value: Any, key: str = "") -> Iterable[tuple[str, float]]:
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _json_leaves(v, str(k))
    elif isinstance(value, list):
        for v in value:
            yield from _json_leaves(v, key)
    elif isinstance(value, int | float) and not isinstance(value, bool):
        yield key, _number_key(value)


def _json_numbers_accounted(value: Any, read: _Structured) -> None:
    """Every number in the JSON is drawn (as a value, or as an x or a label), or sits under a key that
    sets up the chart ("top", "width") or is a year: {"sales": {…}, "target": 150} is refused."""
    left: dict[float, int] = {}
    for _, number in _json_leaves(value):
        left[number] = left.get(number, 0) + 1
    for _, label, readings in read.points:
        label_readings = frozenset({_number_key(label)}) if isinstance(label, int | float) else _cell_readings(label)
        for options in (readings, label_readings or frozenset()):
            number = next((n for n in options if left.get(n)), None)
            if number is not None:
                left[number] -= 1
    for key, number in _json_leaves(value):
        if not left.get(number):
            continue
        left[number] -= 1
        if key.strip().lower() in JSON_SETTING_KEYS or (number.is_integer() and _year_like(str(int(number)))):
            continue
        raise Unfaithful("VALUE_MISSING", (
            f"The JSON holds {number:g} under '{key}', which the chart does not show. Put every value in the data "
            f'(e.g. {{"data": {{"A": 1, "{key}": {number:g}}}}}) or leave it out.'))


def _json_candidates(value: Any, depth: int = 0) -> list[Any]:
    """The value itself, then (for tool-call-like payloads) its data-carrying members, nested up to
    three levels ({"payload": {"points": [...]}})."""
    out = [value]
    if isinstance(value, dict) and depth < 3:
        members = [value[key] for key in ("data", "values", "rows", "points", "series", "records", "items") if key in value]
        members += [v for v in value.values() if isinstance(v, dict | list) and all(v is not m for m in members)]
        for member in members:
            out.extend(c for c in _json_candidates(member, depth + 1) if all(c is not o for o in out))
    return out


def _json_grid(value: Any, start: int, end: int) -> _Structured | None:
    if isinstance(value, dict) and value:
        header = next((value[k] for k in ("columns", "fields", "headers", "header") if isinstance(value.get(k), list)), None)
        body = next((value[k] for k in ("data", "rows", "values") if isinstance(value.get(k), list)), None)
        if header and body and all(isinstance(c, str) for c in header) \
                and all(isinstance(row, list) and len(row) == len(header) for row in body):
            # {"columns": ["team", "pts"], "rows": [["Red", 31], …]}: a table split into its header and rows
            return _grid_points(header, body, "JSON", start, end)
        columns = {str(k): v for k, v in value.items() if isinstance(v, list) and v}
        names = [k for k, v in columns.items() if all(isinstance(x, str) and _cell_readings(x) is None for x in v)]
        numeric = [k for k, v in columns.items() if all(_cell_readings(x) is not None for x in v)]
        if not names and len(numeric) == 2 and len(columns) == 2 and len(columns[numeric[0]]) == len(columns[numeric[1]]) \
                and all(isinstance(v, str) for k, v in value.items() if k not in columns):
            # {"x": [1, 2], "y": [10, 14]}: two lists of numbers and nothing else (but words: "type": "scatter")
            # are x/y pairs; x is the key named "x", else the first one given
            x_key, y_key = numeric if numeric[1].strip().lower() != "x" else numeric[::-1]
            if any(len(_cell_readings(v) or ()) != 1 for v in columns[x_key]):
                return None
            return _Structured("JSON", True, [(None, next(iter(_cell_readings(a) or {0.0})), _cell_readings(b) or frozenset())
                                              for a, b in zip(columns[x_key], columns[y_key], strict=True)], start, end,
                               x_name=x_key, y_name=y_key)
        if len(names) == 1 and numeric and all(len(columns[k]) == len(columns[names[0]]) for k in numeric):
            # parallel lists: {"x": ["Sprint 41", …], "y": [34, …]}; other members only describe them
            return _Structured("JSON", False, [(k if len(numeric) > 1 else None, str(label), _cell_readings(v))  # type: ignore[misc]
                                               for k in numeric for label, v in zip(columns[names[0]], columns[k], strict=True)],
                               start, end, label_name=names[0], y_name=numeric[0] if len(numeric) == 1 else None)
        grouped = [v for v in value.values() if isinstance(v, dict) and v and all(isinstance(x, list) for x in v.values())]
        if len(names) == 1 and not numeric and len(grouped) == 1:
            # {"x": ["Mon", "Tue"], "series": {"orders": [120, 135]}}: named lists as long as the names
            labels = columns[names[0]]
            if any(len(data) != len(labels) or any(_cell_readings(x) is None for x in data) for data in grouped[0].values()):
                return None
            return _Structured("JSON", False, [(str(name), str(label), _cell_readings(x)) for name, data in grouped[0].items()  # type: ignore[misc]
                                               for label, x in zip(labels, data, strict=True)], start, end)
        datasets = [v for v in value.values() if isinstance(v, list) and v and all(isinstance(i, dict) for i in v)]
        if len(names) == 1 and not numeric and len(datasets) == 1:
            # {"labels": [...], "datasets": [{"label": "2023", "data": [10, 12]}]}: named lists as long as the names
            labels = columns[names[0]]
            points = []
            for item in datasets[0]:
                name = next((item[k] for k in ("label", "name", "series") if isinstance(item.get(k), str)), None)
                data = next((item[k] for k in ("data", "values", "y") if isinstance(item.get(k), list)), None)
                if name is None or data is None or len(data) != len(labels) or any(_cell_readings(x) is None for x in data):
                    return None
                points.extend((name, str(label), _cell_readings(x)) for label, x in zip(labels, data, strict=True))
            return _Structured("JSON", False, points, start, end)  # type: ignore[arg-type]
        for key in ("series", "data", "datasets"):
            listed = value.get(key)
            if isinstance(listed, list) and listed and all(isinstance(i, dict) for i in listed):
                points = []
                for item in listed:
                    name = next((item[k] for k in ("name", "label", "series") if isinstance(item.get(k), str)), None)
                    data = next((item[k] for k in ("points", "values", "data") if isinstance(item.get(k), dict)), None)
                    if name is None or data is None or not all(_cell_readings(x) is not None for x in data.values()):
                        points = []
                        break
                    points.extend((name, str(k), _cell_readings(x)) for k, x in data.items())
                if points:
                    return _Structured("JSON", False, points, start, end)  # type: ignore[arg-type]
        items = list(value.items())
        if all(_cell_readings(v) is not None for _, v in items):
            return _Structured("JSON", False, [(None, str(k), _cell_readings(v)) for k, v in items], start, end)  # type: ignore[misc]
        if len(items) > 1 and all(isinstance(v, dict) and v and all(_cell_readings(x) is not None for x in v.values())
                                  for _, v in items):
            cells = [(str(name), str(k), _cell_readings(x)) for name, inner in items for k, x in inner.items()]
            label_side, _ = _time_axis([c[1] for c in cells], [c[0] for c in cells], 1, 0)
            # {"2023": {"North": 10}}: the times are the labels and the inner names the series
            return _Structured("JSON", False, [(c[1 - label_side], c[label_side], c[2]) for c in cells],  # type: ignore[misc]
                               start, end)
        if all(isinstance(v, list) for _, v in items) and len({len(v) for _, v in items}) == 1:
            keys = [str(k) for k, _ in items]
            rows = [[v[i] for _, v in items] for i in range(len(items[0][1]))]
            return _grid_points(keys, rows, "JSON", start, end) if rows else None
        return None
    if isinstance(value, list) and value:
        rows = [v for v in value if isinstance(v, list)]
        if len(rows) == len(value) >= 3 and len({len(r) for r in rows}) == 1 and len(rows[0]) >= 2 \
                and all(isinstance(c, str) and _cell_readings(c) is None for c in rows[0]) \
                and any(_is_numeric_column([r[i] for r in rows[1:]]) for i in range(len(rows[0]))):
            # [["Stage", "Candidates"], ["Applied", 1200], …]: a first row of names over the rows is their header
            return _grid_points([str(c) for c in rows[0]], [list(r) for r in rows[1:]], "JSON", start, end)
        if all(isinstance(v, list) and len(v) == 2 for v in value):
            return _grid_points(None, [list(v) for v in value], "JSON", start, end)
        if all(isinstance(v, dict) for v in value):
            value = [_flattened(item) for item in value]  # {"metrics": {"open": 14}} → {"metrics.open": 14}
            keys: list[str] = []
            for item in value:
                keys.extend(k for k in item if k not in keys)
            if any(set(item) != set(keys) for item in value):
                return None
            return _grid_points(keys, [[item[k] for k in keys] for item in value], "JSON", start, end)
    return None


def _flattened(record: dict[str, Any]) -> dict[str, Any]:
    """A record whose members nest one level ({"region": {"code": "EMEA"}, "metrics": {"open": 14}}) as one flat
    record with dotted keys, the way a call names such a field ("y_field": "metrics.open")."""
    flat: dict[str, Any] = {}
    for key, inner in record.items():
        if isinstance(inner, dict) and inner and not any(isinstance(v, dict | list) for v in inner.values()):
            flat.update({f"{key}.{k}": v for k, v in inner.items()})
        else:
            flat[key] = inner
    return flat


def _table_points(intent: str) -> _Structured | None:
    lines = intent.split("\n")
    offsets = [0]
    for line in lines:
        offsets.append(offsets[-1] + len(line) + 1)
    for index, line in enumerate(lines):
        if index and "|" in lines[index - 1] and re.fullmatch(r"\s*\|?\s*:?-{2,}:?\s*(?:\|\s*:?-{2,}:?\s*)*\|?\s*", line):
            header = _pipe_cells(lines[index - 1])
            body = []
            for row in lines[index + 1:]:
                if "|" not in row:
                    break
                body.append(_pipe_cells(row))
            end = offsets[index + 1 + len(body)]
            if body and all(len(r) == len(header) for r in body):
                return _grid_points(header, _sum_row_dropped(body), "table", offsets[index - 1], end)
            raise Unfaithful("UNREADABLE_INTENT", "Every row of the table needs as many cells as its header.")
    for delimiter in ("\t", ";", "  ", ","):
        block: list[int] = []
        for index, line in enumerate([*lines, ""]):
            cells = _split_cells(line, delimiter)
            if len(cells) >= 2 and (not block or len(cells) == len(_split_cells(lines[block[0]], delimiter))):
                block.append(index)
                continue
            while len(block) > 3 and not any(_cell_readings(c) is not None for c in _split_cells(lines[block[-1]], delimiter)):
                block = block[:-1]  # "-- donut please, title 'Q3'" after the rows: a sentence with a comma, no row
            if len(block) >= 3 or (len(block) >= 2 and delimiter == "\t"):
                grid = [_split_cells(lines[i], delimiter) for i in block]
                numeric_cells = [c for c in grid[0] if _cell_readings(c) is not None]
                years_header = len(numeric_cells) < len(grid[0]) and all(_year_like(c) for c in numeric_cells) and not all(
                    _year_like(row[grid[0].index(numeric_cells[0])]) for row in grid[1:]) if numeric_cells else False
                header, body = (None, grid) if numeric_cells and not years_header else (grid[0], grid[1:])
                read = _grid_points(header, body, "table", offsets[block[0]], offsets[block[-1] + 1])
                if read is not None:
                    return read
            block = [index] if len(cells) >= 2 else []
    return None


def _split_cells(line: str, delimiter: str) -> list[str]:
    """Cells of one pasted row: quoted cells keep their commas ("Smith, J.",42); columns aligned with
    runs of spaces (a sheet copied as text) split at two or more spaces."""
    if delimiter == "  ":
        cells = [c for c in re.split(r"\s{2,}", line.strip())] if line.strip() else [""]
        return ["", *cells] if re.match(r"\s{2,}\S", line) else cells  # a blank corner above the row names
    if '"' in line:
        return [c.strip() for c in next(csv.reader([line], delimiter=delimiter, skipinitialspace=True), [])]
    return [c.strip() for c in line.split(delimiter)]


def _time_axis(first: list[Any], second: list[Any], first_id: int, second_id: int) -> tuple[int, int]:
    """(label, series) of two columns of names: the one that is all times is the label. Two columns
    of times: the first given is the label. No column of times: which is the series cannot be told."""
    first_timed = all(is_time_like(str(c).strip()) for c in first)
    second_timed = all(is_time_like(str(c).strip()) for c in second)
    if first_timed or second_timed:
        return (first_id, second_id) if first_timed else (second_id, first_id)
    raise Unfaithful("VALUE_NOT_PLACED", (
        "The data have two columns of names and I could not tell which one is the series. Give one row per "
        "label and one column per series, e.g. 'store | Jan | Feb' rows, or {\"North\": {\"Jan\": 10, \"Feb\": 12}}."))


def _header_words(intent: str) -> list[str]:
    """Words of the first line of a table or spreadsheet paste (its column names)."""
    for line in intent.split("\n"):
        if "\t" in line or line.count("|") >= 2 or line.count(",") >= 1 and not re.search(r"\d", line):
            return _fold(line).replace("|", " ").replace("\t", " ").replace(",", " ").split()
    return []


def _pipe_cells(line: str) -> list[str]:
    cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
    return [re.sub(r"^(\*\*|__|\*|_)(\S(?:.*\S)?)\1$", r"\2", cell) for cell in cells]  # "**Total**": emphasis only


def _sum_row_dropped(body: list[list[str]]) -> list[list[str]]:
    """The rows without a last "Total" row whose every number is the exact sum of its column above
    (the sum is no data); unchanged otherwise, so a total that is not the sum is drawn and refused."""
    if len(body) < 3 or _fold(body[-1][0]).strip().rstrip(":") not in {"total", "totals", "sum", "overall", "grand total", "all"}:
        return body
    checked = 0
    for column in range(1, len(body[-1])):
        total = _cell_readings(body[-1][column])
        parts = [_cell_readings(row[column]) for row in body[:-1]]
        if total is None or len(total) != 1 or any(p is None or len(p) != 1 for p in parts):
            return body
        if abs(sum(next(iter(p)) for p in parts) - next(iter(total))) > 1e-9 * max(1.0, abs(next(iter(total)))):  # type: ignore[arg-type]
            return body
        checked += 1
    return body[:-1] if checked else body


# ---------------------------------------------------------------------------------------------
# Small readings shared by the rules


def _match(candidates: list[list[tuple[int, ...]]]) -> list[tuple[int, ...]] | None:
    """One distinct statement (tuple of number positions) per point, or None (Kuhn's matching)."""
    owner: dict[int, int] = {}
    choice: dict[int, tuple[int, ...]] = {}

    def assign(i: int, seen: set[int]) -> bool:
        for option in candidates[i]:
            key = option[0]
            if key in seen:
                continue
            seen.add(key)
            if key not in owner or assign(owner[key], seen):
                owner[key] = i
                choice[i] = option
                return True
        return False

    if not all(assign(i, set()) for i in range(len(candidates))):
        return None
    return [choice[i] for i in range(len(candidates))]


_SLOT_NUMBER = r"[-−+]?[$€£¥]?\d[\d,]*(?:\.\d+)?(?:[kKMB]|bn)?%?"
_SLOT_SEPARATOR = r"\s*(?:/|\bvs\.?|\bversus\b)\s*"
_SLOT_LEFT = re.compile(rf"({_SLOT_NUMBER}){_SLOT_SEPARATOR}$", re.IGNORECASE)
_SLOT_RIGHT = re.compile(rf"{_SLOT_SEPARATOR}({_SLOT_NUMBER})", re.IGNORECASE)


def _slot(intent: str, token: StatedNumber) -> tuple[int, int, int] | None:
    """(place, group start, group end) of a value in a "10/12/9" or "94 vs 89" group; None alone."""
    window = 120
    near = intent[max(0, token.start - 12):token.end + 12].lower()
    if "/" not in near and "vs" not in near and "versus" not in near:
        return None  # no slot separator beside the value: the common case, without a regex
    left = intent[max(0, token.start - window):token.start]
    offset = max(0, token.start - window)
    slot, start = 0, token.start
    while (m := _SLOT_LEFT.search(left)) is not None:
        slot += 1
        start = offset + m.start()
        left = left[:m.start()]
    end, right = token.end, intent[token.end:token.end + window]
    moved = 0
    while (m := _SLOT_RIGHT.match(right, moved)) is not None:
        moved = m.end()
        end = token.end + m.end()
    if start == token.start and end == token.end:
        return None
    return slot, start, end


def _calendar_spans(intent: str) -> list[tuple[tuple[int, int], list[str]]]:
    """Calendar ranges ("Mon to Fri") with where they are written."""
    out = []
    for match in RANGE_RE.finditer(intent):
        expanded = calendar_ranges(match.group(0))
        if expanded:
            out.append(((match.start(), match.end()), expanded[0]))
    return out


# The comma patterns _strict tells apart (compiled once: it runs for every number of the intent).
_DIGIT_RUN = re.compile(r"\d+(?:,\d+)*(?:\.\d+)?")
_COMMA_THOUSANDS = re.compile(r"\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d{1,2}(?:,\d{2})+,\d{3}(?:\.\d+)?")
_COMMA_DECIMALS = re.compile(r"\d+,\d{1,2}")


def _strict(number: StatedNumber) -> StatedNumber:
    """One reading per comma pattern: "1,200" is 1200, "1,72" is 1.72; "1,2,3" is left unread (it is
    several numbers, and reading it as any one of them would hide the others)."""
    if "," not in number.text:
        return number  # no comma, no comma pattern to choose between (most numbers: skip the scan)
    digits = _DIGIT_RUN.search(number.text)
    if digits is None or "," not in digits.group(0):
        return number
    text = digits.group(0)
    if _COMMA_THOUSANDS.fullmatch(text):  # "1,200", "1,23,456"
        keep = {r for r in number.readings if abs(r) >= 1000}
    elif _COMMA_DECIMALS.fullmatch(text):
        keep = {r for r in number.readings if not float(r).is_integer()}
    else:
        keep = set()
    return replace(number, readings=frozenset(keep))


# Words that grade what follows: "very satisfied", "somewhat agree", "not satisfied" (a scale's names).
DEGREE_WORDS = frozenset("very somewhat not quite fairly rather extremely highly slightly completely mostly partly "
                         "moderately totally neither strongly mildly barely a bit little".split())


# Words that may end a list as a request: "…, Wed 29, sorted", "…, as bars", "…, thanks".
TAIL_WORDS = frozenset("""chart graph plot sorted descending ascending alphabetically horizontal vertical stacked grouped
please thanks thx ok etc total""".split())
# Words that may stand between the items of a list besides connectors: "…, then", "as well as", "finally".
GAP_WORDS = frozenset("then while but also finally plus well lastly next after that which when whereas".split())


def _fills_a_gap(word: str) -> bool:
    return word in CONNECTOR_WORDS or word in INSTRUCTION_WORDS or word in LINKING_WORDS or word in GAP_WORDS \
        or _is_unit_word(word)


def _is_degree_word(word: str) -> bool:
    return word.lower() in DEGREE_WORDS or (word.islower() and word.endswith("ly") and len(word) > 4)


def _is_past_verb(word: str) -> bool:
    """"resolved", "shipped": a lowercase past-tense verb between a name and its value."""
    return word.islower() and len(word) > 4 and word.endswith("ed")


def _year_like(text: str) -> bool:
    return bool(re.fullmatch(r"\d{4}", text.strip())) and YEAR_RANGE[0] <= int(text.strip()) <= YEAR_RANGE[1]


def _is_unit_word(word: str) -> bool:
    return word in {"percent", "per", "cent", "pct", "ms", "kg", "km", "usd", "eur", "gbp", "k", "m", "bn"}
