"""Fail-closed rules of the chart check about what the intent *says* of its own data, beside fail_closed.py.

Agents write a note beside the numbers ("Feb came in lower than January", "Tuesday was the busiest day",
"the y value at x=2 is 5", "latency increased each day"). A chart drawn from the numbers while the note says
otherwise shows something the request contradicts, and which of the two holds is not certain. Each rule reads
one family of statements about drawn labels and compares it with the drawn values:

- A comparison of two drawn labels: "Feb was lower than Jan", "Pears outsold apples", "Mon > Tue".
- A superlative: "Tuesday was the busiest day", "the highest was Mon", "sign-ups peaked on Monday",
  "Feb was our best month" ("best"/"worst" hold for the highest or the lowest, whichever the measure prizes).
- A value stated for a drawn label or x: "Tue was 45", "the y value at x=2 is 5", "at x=2, y=5".
- A running total that goes down ("cumulative signups: Mon 30, Tue 42, Wed 38").
- A trend: "grew every quarter", "increased each day", "rose from Jan to Mar", "doubled from Jan to Mar", "steady growth all year".
- A move against another label ("velocity dropped in S3 compared to S2"), two series compared ("2025 beat
  2024 in every month": at every label both draw), a ratio ("A is twice B"), a share of the whole ("rent is
  more than half of spending"), a place in a ranking ("the Hawks lead the league", "came last").
Notes that change what the values are, or which series is which, are read by fail_closed_notes.py.

A statement that agrees with the drawn data is no reason to refuse; one the data contradict is refused, with
both readings named and how to say it. Where the chart has several series and the statement names none, it
must hold in every series (otherwise which series it speaks of is not certain). Negated statements ("Feb was
not lower than Jan") are read as the opposite, equality allowed.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from .calendar import MONTH_INDEX, QUARTER_INDEX, WEEKDAY_INDEX

_Reader = Any
Refusal = tuple[str, str]

# Calendar words that are also common words: read as a label only when capitalised ("May", not "may be").
_COMMON_CALENDAR_WORDS = frozenset("may mar march sun sat wed mon jan".split())
_SENTENCE_END = re.compile(r"[.!?;\n](?!\d)|\"\s*[,}]")
_NEGATION = re.compile(r"\b(?:not|never|no)\b|n[’']t\b", re.IGNORECASE)
_VERB = (r"(?:(?:was|were|is|are|has|had|did|does|do)n[’']t|not|never|"
         r"dipped|fell|dropped|slipped|sank|rose|climbed|jumped|landed|sat|sits|edged|crept|"
         r"was|were|is|are|came\s+in|come\s+in|comes\s+in|had|has|have|got|saw|did|does|scored|sold|made|earned|"
         r"ran|went|ended|finished|stayed|remained|looked|stood|being|been|still|also|actually|clearly|slightly|much|"
         r"far|way|a\s+bit|a\s+little|even|significantly|noticeably|somewhat|quite)")
_HIGHER_THAN = r"higher|more|greater|bigger|larger|warmer|hotter|busier"
_HIGHER_BESIDE = r"above|ahead\s+of|beyond|up\s+on"
_LOWER_THAN = r"lower|less|fewer|smaller|colder|cooler|quieter"
_LOWER_BESIDE = r"below|behind|under|down\s+on"
# "Feb came in lower than January", "Billing had more errors than auth", "Ben came in ahead of Ana": what
# stands between the two labels of a comparison.
_COMPARISON = re.compile(
    rf"\s*(?:{_VERB}\s+){{0,3}}(?:(?P<higher>{_HIGHER_THAN})|(?P<lower>{_LOWER_THAN}))(?:\s+[^\W\d_][\w'’-]*){{0,2}}\s+than"
    rf"(?:\s+(?:in|on|for|at|during|did|was|were|had|the))*\s*$"
    rf"|\s*(?:{_VERB}\s+){{0,3}}(?:(?P<higher_beside>{_HIGHER_BESIDE})|(?P<lower_beside>{_LOWER_BESIDE}))(?:\s+the)?\s*$",
    re.IGNORECASE)
# "S3 dropped compared to S2", "Feb was up vs Jan", "velocity dropped in S3 compared to S2" (_MOVED_IN before
# the first label).
_MOVE_UP = r"up|rose|grew|increased|climbed|jumped|improved|gained|went\s+up"
_MOVE_DOWN = r"down|dropped|fell|declined|decreased|slipped|sank|dipped|shrank|went\s+down"
_MOVED_AGAINST = (r"\s*(?:compared\s+(?:to|with)|vs\.?|versus|relative\s+to|from|on|over|against)\s+(?:the\s+)?"
                  r"(?:(?:level|figure|number|value)\s+(?:of|in|for)\s+)?$")
_MOVED = re.compile(rf"\s*(?:{_VERB}\s+){{0,2}}(?:(?P<higher>{_MOVE_UP})|(?P<lower>{_MOVE_DOWN}))(?:\s+(?:a\s+)?(?:bit|lot|sharply|slightly))?"
                    rf"{_MOVED_AGAINST}", re.IGNORECASE)
_MOVED_IN = re.compile(rf"\b(?:(?P<higher>{_MOVE_UP})|(?P<lower>{_MOVE_DOWN}))\s+(?:\w+\s+)?(?:in|on|at|for|during)\s+$",
                       re.IGNORECASE)
_COMPARISON_VERB = re.compile(
    r"\s*(?:\w+\s+)?(?:(?P<higher>beat|beats|outsold|outsells|outperformed|outperforms|outpaced|outpaces|exceeded|"
    r"exceeds|topped|tops|surpassed|surpasses|overtook|edged(?:\s+out)?|outscored|outscores|outnumbered|outnumbers|"
    r"outgrew|outgrows|outearned|outearns|outran|outranks|outranked|outshipped|outvoted|outdid|>)|(?P<lower>trailed|trails|lagged(?:\s+behind)?|"
    r"lags(?:\s+behind)?|<))\s*$", re.IGNORECASE)
# "A is twice B", "Feb was about half of Jan", "Q4 came in at three times Q1": a ratio between two labels.
_RATIOS = {"twice": 2.0, "double": 2.0, "half": 0.5, "triple": 3.0, "three times": 3.0, "four times": 4.0,
           "a third of": 1 / 3, "a quarter of": 0.25}
_RATIO = re.compile(
    rf"\s*(?:{_VERB}\s+){{0,3}}(?:at\s+)?(?P<hedge>(?:about|around|roughly|nearly|almost|approximately|over|more\s+than|"
    r"less\s+than|under)\s+)?(?P<ratio>twice|double|half|triple|three\s+times|four\s+times|a\s+third\s+of|a\s+quarter\s+of)"
    r"(?:\s+(?:of|that\s+of|what|as\s+(?:much|many|high|large|big)\s+as|the))*\s*$", re.IGNORECASE)
_MAX_WORDS = (r"highest|biggest|largest|greatest|most|busiest|peak|top|max|maximum|strongest|warmest|hottest|"
              r"record\s+high|high\s+point")
_MIN_WORDS = r"lowest|smallest|least|fewest|quietest|minimum|min|weakest|coldest|coolest|low\s+point|slowest\s+\w+"
_EITHER_WORDS = r"best|worst"  # the highest or the lowest, by what the measure prizes (_LOWER_IS_BETTER)
# Measures where less is better: there "best" is the lowest; where a measure may be either way round ("time",
# "score", "rank"), "best" is the highest or the lowest; elsewhere "best" is the highest, "worst" the lowest.
_LOWER_IS_BETTER = re.compile(
    r"\b(?:latenc\w*|errors?|bugs?|defects?|incidents?|outages?|complaints?|churn\w*|costs?|spend\w*|expenses?|"
    r"delays?|crash\w*|failures?|refunds?|absences?|injur\w*|accidents?|emissions?|debt|losses|loss|downtime)\b", re.IGNORECASE)
_EITHER_WAY = re.compile(
    r"\b(?:time|times|durations?|wait\w*|ms|seconds?|secs?|minutes?|mins?|hours?|days?\s+to|rank\w*|place|golf|"
    r"prices?|returns?|temperatures?|temps?)\b", re.IGNORECASE)
_SUPERLATIVE = rf"(?:(?P<max>{_MAX_WORDS})|(?P<min>{_MIN_WORDS})|(?P<either>{_EITHER_WORDS}))"
# "Tuesday was the busiest day", "Samsung has the largest share", "Wed is the peak day".
_LABEL_THEN_SUPERLATIVE = re.compile(
    rf"^\s*(?:{_VERB}\s+){{1,3}}(?:the\s+|our\s+|its\s+|their\s+|by\s+far\s+the\s+)?{_SUPERLATIVE}\b", re.IGNORECASE)
# "Green team came out on top", "Blue won", "Ops came in last": a place in a ranking.
_RANKING = r"(?:league|pack|field|way|table|rankings?|chart|list|standings|leaderboard)"
_LABEL_THEN_PLACE = re.compile(
    r"^\s*(?:(?P<max>came\s+out\s+on\s+top|came\s+(?:in\s+)?first|won\b|(?:leads?|led|tops?|topped)\s+the\s+" + _RANKING + r"|"
    r"ranked\s+(?:first|#?1\b|number\s+one)|took\s+(?:first|the\s+top\s+spot)|(?:was|is|are|were|finished)\s+(?:first|on\s+top)\b|"
    r"(?:is|are|was|were)\s+(?:at\s+)?the\s+top\b|(?:is|are|was|were)\s+in\s+the\s+lead)"
    r"|(?P<min>came\s+(?:in\s+)?(?:dead\s+)?last|ranked\s+last|(?:was|is|are|were|finished)\s+(?:dead\s+)?last|"
    r"(?:is|are|was|were)\s+(?:at\s+)?the\s+bottom\b|(?:trails?|trailed|props?\s+up)\s+the\s+" + _RANKING + r")\b)",
    re.IGNORECASE)
# "the highest was Mon", "busiest day: Tue", "peak — Wed", "sign-ups peaked on Monday".
_SUPERLATIVE_THEN_LABEL = re.compile(
    rf"(?:\b(?:the\s+)?{_SUPERLATIVE}(?:\s+[^\W\d_][\w'’-]*){{0,2}}\s*(?:was|is|were|came\s+on|came\s+in|fell\s+on|"
    r"belongs\s+to|goes\s+to|went\s+to|:|=|—|–|-)\s*(?:on\s+|in\s+|at\s+|to\s+)?"
    r"|\b(?P<peaked>peaked|topped\s+out|maxed\s+out)\s+(?:on|in|at|during)\s+"
    r"|\b(?P<bottomed>bottomed(?:\s+out)?|troughed)\s+(?:on|in|at|during)\s+)$", re.IGNORECASE)
# "the y value at x=2 is 5", "at x=2, y=5", "when x is 2, y is 5", "x=2 gives y=5".
_PAIR_STATED = re.compile(
    r"\by(?:[\s-]*value)?\s+(?:at|for|when|where)\s+x\s*(?:=|is|of)\s*(?P<x1>[-−+]?\d[\d.,]*)\s*(?:,\s*)?"
    r"(?:is|was|=|equals|of|comes\s+to|reads)\s*(?P<y1>[-−+]?\d[\d.,]*)"
    r"|\b(?:at|for|when|where|with)?\s*x\s*(?:=|is)\s*(?P<x2>[-−+]?\d[\d.,]*)\s*[,:;]?\s*(?:then\s+|the\s+)?"
    r"(?:y|the\s+y(?:[\s-]*value)?|y[\s-]*value)\s*(?:=|is|was|equals|of|comes\s+to|reads)\s*(?P<y2>[-−+]?\d[\d.,]*)",
    re.IGNORECASE)
# "Tue was 45", "Tue came in at 45", "Tue = 45": a value stated again for a drawn label, read by its token.
_RANGE_END_BEFORE = re.compile(r"(?:\bthrough|\bthru|\bto|\buntil|\btill|[-–—])\s*$", re.IGNORECASE)
_LIST_AFTER = re.compile(r"\s*(?:,|;|/|\band\b)\s*[-−+]?[$€£¥]?\d")
_VALUE_AFTER = re.compile(r"\s*[:=]?\s*[-−+]?[$€£¥]?\d")
_VALUE_VERB = re.compile(
    r"^\s*(?:(?:was|were|is|came\s+in\s+at|comes\s+in\s+at|stood\s+at|stands\s+at|ended\s+at|closed\s+at|hit|reached|"
    r"totall?ed|actually\s+was|was\s+actually|is\s+actually|should\s+be|should\s+read|really\s+was)\s+|=\s*)"
    r"(?:exactly\s+|only\s+|just\s+)?$", re.IGNORECASE)
# The part every match of _VALUE_VERB holds, with no anchor: found in a window, it is found in the whole intent.
_VALUE_VERB_SAID = re.compile(_VALUE_VERB.pattern[len(r"^\s*"):_VALUE_VERB.pattern.index("(?:exactly")], re.IGNORECASE)
# the progressive forms too: "sales dropping every month", "traffic growing week over week"
_UP = (r"grew|grow|grows|growing|rose|rise|rises|rising|increased|increases|increasing|climbed|climbs|climbing|"
       r"went\s+up|goes\s+up|going\s+up|improved|improving|gained|gaining")
_DOWN = (r"fell|fall|falls|falling|dropped|drops|dropping|declined|declines|declining|decreased|decreases|decreasing|"
         r"went\s+down|goes\s+down|going\s+down|shrank|shrinking|slid|sliding|sank|sinking")
_EVERY = (r"(?:every|each)\s+(?:single\s+)?(?:day|week|month|quarter|year|step|period|time|sprint|season|round|release)"
          r"|steadily|consistently|continuously|monotonically|without\s+a\s+(?:dip|drop|break)|throughout"
          r"|all\s+(?:year|month|week|quarter|season)(?:\s+long)?"
          r"|(?:day|week|month|quarter|year)\s+(?:over|on|after)\s+(?:day|week|month|quarter|year)")
_TREND_EVERY = re.compile(rf"\b(?:(?P<up>{_UP})|(?P<down>{_DOWN}))\s+(?:\w+\s+)?(?:{_EVERY})\b"
                          r"|\b(?:steady|consistent|continuous|uninterrupted|unbroken|constant)\s+(?:(?P<up3>growth|increases?|rise|"
                          r"climb|gains?|improvement)|(?P<down3>declines?|decreases?|drops?|falls?|losses|shrinkage))\b"
                          rf"|\b(?:{_EVERY})\s+(?:(?P<up2>{_UP})|(?P<down2>{_DOWN}))\b", re.IGNORECASE)
_TREND_SPAN = re.compile(rf"\b(?:(?P<up>{_UP})|(?P<down>{_DOWN})|(?P<times>doubled|tripled|quadrupled|halved))\s+(?:\w+\s+)?"
                         r"(?:from|between)\s+$", re.IGNORECASE)
_TIMES = {"doubled": 2.0, "tripled": 3.0, "quadrupled": 4.0, "halved": 0.5}
_TREND_SPAN_JOIN = re.compile(r"^\s*(?:to|and|through|until|till|–|-)\s*$", re.IGNORECASE)


@dataclass(frozen=True)
class _Mention:
    start: int
    end: int
    label: str  # the drawn label it names


def check_claims(reader: _Reader, label_spans: dict[str, list[tuple[int, int]]], used: set[int]) -> Refusal | None:
    for rule in (_pair_statements, _comparisons, _series_comparisons, _shares, _superlatives, _stated_values, _trends,
                 _cumulative):
        refusal = rule(reader)
        if refusal:
            return refusal
    return None


# ---------------------------------------------------------------------------------------------
# The drawn data, by series and label


def drawn_by_series(reader: _Reader) -> dict[str | None, dict[str, float]]:
    """{series: {label: value}} of a chart of categories (the first value where a label repeats)."""
    out: dict[str | None, dict[str, float]] = {}
    for point in reader.points:
        if isinstance(point.label, str):
            out.setdefault(point.series, {}).setdefault(point.label, point.value)
    return out


def _aliases(label: str) -> list[str]:
    """The ways the intent may name a drawn label: itself, and a calendar name its other spellings ("Jan", "January")."""
    key = label.strip().rstrip(".").lower()
    for index in (WEEKDAY_INDEX, MONTH_INDEX, QUARTER_INDEX):
        if key in index:
            return sorted({label} | {name for name, i in index.items() if i == index[key]}, key=len, reverse=True)
    return [label]


def _may_match_any(reader: _Reader, *patterns: re.Pattern[str]) -> bool:
    """Whether any of the patterns a rule needs can match some part of the intent (scanning.py works it out
    from the words each pattern must see): when none can, the rule needs no mentions of the 1,000 labels."""
    return any(reader.scan.may_match(pattern) for pattern in patterns)


def _cache(reader: _Reader) -> dict[Any, Any]:
    """Readings these rules share, made once per check (a chart of 1,000 labels is read in linear time)."""
    cache = getattr(reader, "_claims_cache", None)
    if cache is None:
        cache = reader._claims_cache = {}
    return cache


def label_mentions(reader: _Reader, labels: Iterable[str]) -> list[_Mention]:
    """Where the intent names a drawn label, longest name first at each place, never overlapping."""
    key = ("mentions", frozenset(labels))
    cache = _cache(reader)
    if key not in cache:
        cache[key] = _read_mentions(reader, key[1])
    return cache[key]


def _read_mentions(reader: _Reader, labels: Iterable[str]) -> list[_Mention]:
    found: list[_Mention] = []
    lowered = reader.intent.lower()
    if len(lowered) != len(reader.intent):  # a letter whose lower case is longer: positions would not hold
        lowered = "".join(c if len(c.lower()) != 1 else c.lower() for c in reader.intent)
    for label in sorted(labels):
        for alias in _aliases(label):
            words = alias.split()
            if not words or words[0].lower() not in lowered:
                continue  # the first word is nowhere in the intent: no search to make
            exact = alias.lower() in _COMMON_CALENDAR_WORDS and alias != label  # "may be", "sat down": only "May"
            if exact:
                words[0] = words[0][:1].upper() + words[0][1:].lower()
            first, at = words[0].lower(), lowered.find(words[0].lower())
            while at >= 0:  # where the first word is, the whole name may be (a search from each, not a scan)
                end = _words_at(reader.intent, lowered, at, words, exact)
                if end is not None:
                    found.append(_Mention(at, end, label))
                at = lowered.find(first, at + 1)
    found.sort(key=lambda m: (m.start, -(m.end - m.start)))
    kept: list[_Mention] = []
    for mention in found:
        if kept and mention.start < kept[-1].end:
            continue
        kept.append(mention)
    return kept


def _is_word_char(char: str) -> bool:
    return char.isalnum() or char in "_-"


def _words_at(text: str, lowered: str, at: int, words: list[str], exact: bool) -> int | None:
    """Where the words, apart by white space, end when they stand whole at `at` (in any case unless
    `exact`); None when they do not. A plain walk, not a pattern per name: a chart of 1,000 labels
    asked a compiled pattern of each, which cost more than the rest of its check."""
    if at > 0 and _is_word_char(text[at - 1]):
        return None
    source = text if exact else lowered
    position = at
    for index, word in enumerate(words):
        target = word if exact else word.lower()
        if not source.startswith(target, position):
            return None
        position += len(target)
        if index + 1 < len(words):
            gap = position
            while gap < len(text) and text[gap].isspace():
                gap += 1
            if gap == position:
                return None
            position = gap
    if position < len(text) and _is_word_char(text[position]):
        return None
    return position


def _sentence_start(text: str, position: int) -> int:
    ends = _SENTENCE_ENDS.get(text)
    if ends is None:
        _SENTENCE_ENDS.clear()  # one intent at a time: the check reads one intent, then the next
        ends = _SENTENCE_ENDS[text] = [m.end() for m in _SENTENCE_END.finditer(text)]
    index = bisect_right(ends, position) - 1
    while index >= 0 and ends[index] > position:
        index -= 1
    return ends[index] if index >= 0 else 0


_SENTENCE_ENDS: dict[str, list[int]] = {}


def _before(text: str, position: int, reach: int = 120) -> str:
    """The text of `position`'s sentence before it, at most `reach` characters (a statement is short)."""
    return text[max(_sentence_start(text, position), position - reach):position]


def _scoped(reader: _Reader, series: dict[str | None, dict[str, float]], position: int) -> list[str | None]:
    """The series a statement at `position` speaks of: one named earlier in its sentence ("In 2024, Feb was …"),
    else every series."""
    names = [s for s in series if s]
    if len(series) > 1 and names:
        before = _before(reader.intent, position, 200)
        named = [s for s in names if re.search(rf"(?<![\w-]){re.escape(s)}(?![\w-])", before, re.IGNORECASE)]
        if len(named) == 1:
            return named
    return list(series)


def contradicted(statement: str, drawn: str) -> Refusal:
    return ("VALUE_NOT_PLACED", (
        f"The intent says '{statement.strip()}', but the data drawn say otherwise ({drawn}), so which of the two "
        "holds is not certain. Fix the value or the note (or leave the note out), e.g. 'Jan 10, Feb 12' with no "
        "statement the numbers contradict."))


def _shown(values: dict[str, float], *labels: str) -> str:
    return ", ".join(f"{label} {values[label]:g}" for label in dict.fromkeys(labels) if label in values)


# ---------------------------------------------------------------------------------------------
# The rules


def _comparisons(reader: _Reader) -> Refusal | None:
    """"Feb came in lower than January", "Pears outsold apples", "Mon > Tue": two drawn labels in one sentence,
    a comparison between them."""
    series = drawn_by_series(reader)
    if not series:
        return None
    if not _may_match_any(reader, _RATIO, _COMPARISON, _COMPARISON_VERB, _MOVED, _MOVED_IN):
        return None
    labels = {label for values in series.values() for label in values}
    mentions = label_mentions(reader, labels)
    for first, second in zip(mentions, mentions[1:], strict=False):
        if first.label == second.label:
            continue
        between = reader.intent[first.end:second.start]
        if _SENTENCE_END.search(between) or len(between) > 60:
            continue
        if (ratio := _RATIO.fullmatch(between)) and not _NEGATION.search(between):
            refusal = _ratio_refusal(reader, series, first, second, ratio)
            if refusal:
                return refusal
            continue
        match = _COMPARISON.fullmatch(between) or _COMPARISON_VERB.fullmatch(between) or _MOVED.fullmatch(between)
        if not match and re.fullmatch(_MOVED_AGAINST, between, re.IGNORECASE):
            sentence = _before(reader.intent, first.start)
            match = _MOVED_IN.search(sentence)
        if not match:
            continue
        higher = bool(match.groupdict().get("higher") or match.groupdict().get("higher_beside"))
        negated = bool(_NEGATION.search(between))
        for name in _scoped(reader, series, first.start):
            values = series[name]
            if first.label not in values or second.label not in values:
                continue
            a, b = values[first.label], values[second.label]
            holds = (a > b if higher else a < b) if not negated else (a <= b if higher else a >= b)
            if not holds:
                return contradicted(reader.intent[first.start:second.end], _shown(values, first.label, second.label))
    return None


def _series_comparisons(reader: _Reader) -> Refusal | None:
    """"2025 beat 2024 in every month": two drawn series compared; it must hold at every label both draw (a
    comparison that holds at some labels only is not certain either)."""
    series = drawn_by_series(reader)
    names = [name for name in series if name]
    if len(names) < 2 or not _may_match_any(reader, _COMPARISON, _COMPARISON_VERB, _MOVED):
        return None
    mentions = label_mentions(reader, names)
    for first, second in zip(mentions, mentions[1:], strict=False):
        between = reader.intent[first.end:second.start]
        if first.label == second.label or _SENTENCE_END.search(between) or len(between) > 60:
            continue
        match = _COMPARISON.fullmatch(between) or _COMPARISON_VERB.fullmatch(between) or _MOVED.fullmatch(between)
        if not match:
            continue
        higher = bool(match.groupdict().get("higher") or match.groupdict().get("higher_beside"))
        negated = bool(_NEGATION.search(between))
        a, b = series[first.label], series[second.label]
        for label in (label for label in a if label in b):
            holds = (a[label] > b[label] if higher else a[label] < b[label])
            if holds == negated:
                return contradicted(reader.intent[first.start:second.end] + re.split(r"[.\"\n;,]", reader.intent[second.end:second.end + 20])[0],
                                f"{label}: {first.label} {a[label]:g}, {second.label} {b[label]:g}")
    return None


# "Rent is more than half of spending", "paid is roughly a third of the total": a share of the whole.
_SHARE = re.compile(
    rf"\s*(?:(?:{_VERB}|accounts\s+for|accounted\s+for|makes\s+up|made\s+up|represents|represented|took|takes)\s+){{1,3}}"
    r"(?:(?P<hedge>about|around|roughly|nearly|almost|approximately|over|more\s+than|less\s+than|under|just\s+over|"
    r"just\s+under)\s+)?(?P<ratio>half|a\s+third|a\s+quarter|two\s+thirds|three\s+quarters)\s+(?:of\s+)?(?:the\s+|all\s+)?"
    r"(?:total|whole|overall|combined|sum|everything|[^\W\d_][\w-]*)\b", re.IGNORECASE)
_SHARES = {"half": 0.5, "a third": 1 / 3, "a quarter": 0.25, "two thirds": 2 / 3, "three quarters": 0.75}


def _shares(reader: _Reader) -> Refusal | None:
    """"Rent is more than half of spending": a label's share of the drawn total (one series)."""
    series = drawn_by_series(reader)
    if len(series) != 1:
        return None
    values = next(iter(series.values()))
    total = sum(values.values())
    if len(values) < 2 or total <= 0 or any(v < 0 for v in values.values()) or not _may_match_any(reader, _SHARE):
        return None
    mentions = label_mentions(reader, values)
    for mention in mentions:
        match = _SHARE.match(reader.intent, mention.end)
        if not match:
            continue
        after = reader.intent[match.start("ratio"):match.end()]
        if any(m.start >= match.start("ratio") and m.start < match.end() for m in mentions):
            continue  # "half of beta": a ratio of two labels (_comparisons)
        wanted = _SHARES[" ".join(match.group("ratio").lower().split())]
        hedge = " ".join((match.group("hedge") or "").lower().split())
        share = values[mention.label] / total
        if hedge in ("over", "more than", "just over"):
            holds = share > wanted
        elif hedge in ("less than", "under", "just under"):
            holds = share < wanted
        else:
            holds = abs(share - wanted) <= (0.25 if hedge else 0.1) * wanted
        if not holds:
            return contradicted(reader.intent[mention.start:match.end()],
                            f"{mention.label} {values[mention.label]:g} of {total:g}, {share:.0%}; {after}")
    return None


def _ratio_refusal(reader: _Reader, series: dict[str | None, dict[str, float]], first: _Mention, second: _Mention,
                   ratio: re.Match[str]) -> Refusal | None:
    """"A is twice B": A over B near the ratio said (within a tenth; a quarter when hedged, "about twice"). A
    bound ("more than twice") holds on its side."""
    wanted = _RATIOS[" ".join(ratio.group("ratio").lower().split())]
    hedge = " ".join((ratio.group("hedge") or "").lower().split())
    for name in _scoped(reader, series, first.start):
        values = series[name]
        if first.label not in values or second.label not in values or values[second.label] == 0:
            continue
        actual = values[first.label] / values[second.label]
        if hedge in ("over", "more than"):
            holds = actual > wanted
        elif hedge in ("less than", "under"):
            holds = actual < wanted
        else:
            holds = abs(actual - wanted) <= (0.25 if hedge else 0.1) * wanted
        if not holds:
            return contradicted(reader.intent[first.start:second.end], _shown(values, first.label, second.label))
    return None


def _superlatives(reader: _Reader) -> Refusal | None:
    """"Tuesday was the busiest day", "the highest was Mon", "peaked on Monday": the label named is the
    highest (or lowest) drawn."""
    series = drawn_by_series(reader)
    if not series or all(len(values) < 2 for values in series.values()):
        return None
    if not _may_match_any(reader, _LABEL_THEN_SUPERLATIVE, _LABEL_THEN_PLACE, _SUPERLATIVE_THEN_LABEL):
        return None
    labels = {label for values in series.values() for label in values}
    for mention in label_mentions(reader, labels):
        sentence = _before(reader.intent, mention.start)
        after = reader.intent[mention.end:mention.end + 60]
        match = (_LABEL_THEN_SUPERLATIVE.match(after) or _LABEL_THEN_PLACE.match(after)
                 or _SUPERLATIVE_THEN_LABEL.search(sentence))
        if not match or (match.re is _SUPERLATIVE_THEN_LABEL and _VALUE_AFTER.match(after)):
            continue  # "Top regions: North 5, …": a heading over the data, not a statement about one label
        groups = match.groupdict()
        wants = "min" if groups.get("min") or groups.get("bottomed") else "max"
        if groups.get("either"):
            best = groups["either"].lower() == "best"
            if _LOWER_IS_BETTER.search(reader.intent):
                wants = "min" if best else "max"
            else:
                wants = "either" if _EITHER_WAY.search(reader.intent) else "max" if best else "min"
        span = (mention.start, mention.end + match.end()) if match.re is not _SUPERLATIVE_THEN_LABEL \
            else (mention.start - len(sentence) + match.start(), mention.end)
        negated = bool(_NEGATION.search(reader.intent[span[0]:span[1]]))
        for name in _scoped(reader, series, mention.start):
            values = series[name]
            if mention.label not in values or len(values) < 2:
                continue
            value = values[mention.label]
            is_max, is_min = value >= max(values.values()), value <= min(values.values())
            holds = {"max": is_max, "min": is_min, "either": is_max or is_min}[wants]
            if holds == negated:
                top = max(values, key=lambda label: values[label])
                bottom = min(values, key=lambda label: values[label])
                return contradicted(reader.intent[span[0]:span[1]], _shown(values, mention.label, top, bottom))
    return None


def _stated_values(reader: _Reader) -> Refusal | None:
    """"Tue was 45" beside "Tue 42": a value stated for a drawn label that none of its drawn values is."""
    series = drawn_by_series(reader)
    if not series or not _VALUE_VERB_SAID.search(reader.intent):  # no "was", "hit", "=" …: no label needs finding
        return None
    labels = {label for values in series.values() for label in values}
    numbers = sorted(reader.numbers, key=lambda n: n.start)
    starts = [n.start for n in numbers]
    for mention in label_mentions(reader, labels):
        index = bisect_left(starts, mention.end)
        number = numbers[index] if index < len(numbers) and numbers[index].start < mention.end + 40 else None
        if number is None or not _VALUE_VERB.match(reader.intent[mention.end:number.start]):
            continue
        if _RANGE_END_BEFORE.search(reader.intent, max(0, mention.start - 12), mention.start) \
                or _LIST_AFTER.match(reader.intent, number.end):
            continue  # "Monday through Friday were 34, 41, …": values listed against a range, not one label's value
        drawn = {values[mention.label] for values in series.values() if mention.label in values}
        if not drawn & set(number.readings):
            shown = ", ".join(f"{mention.label} {v:g}" for v in sorted(drawn))
            return contradicted(reader.intent[mention.start:number.end], shown)
    return None


def _pair_statements(reader: _Reader) -> Refusal | None:
    """"the y value at x=2 is 5": a y stated for an x of drawn x/y pairs, which the pairs must hold."""
    if not reader.pairs:
        return None
    drawn: dict[float, set[float]] = {}
    for point in reader.points:
        try:
            drawn.setdefault(float(point.label), set()).add(point.value)
        except (TypeError, ValueError):
            return None
    for match in _PAIR_STATED.finditer(reader.intent):
        x_text, y_text = (match.group("x1"), match.group("y1")) if match.group("x1") else (match.group("x2"), match.group("y2"))
        x, y = _plain_number(x_text), _plain_number(y_text)
        if x is None or y is None:
            continue
        if y not in drawn.get(x, set()):
            held = ", ".join(f"y {v:g}" for v in sorted(drawn.get(x, set()))) or "no point"
            return contradicted(match.group(0), f"at x {x:g} the chart holds {held}")
    return None


def _trends(reader: _Reader) -> Refusal | None:
    """"grew every quarter", "increased each day", "rose from Jan to Mar": the drawn values move that way."""
    series = drawn_by_series(reader)
    if not series:
        return None
    for match in _TREND_EVERY.finditer(reader.intent):
        up = bool(match.group("up") or match.group("up2") or match.group("up3"))
        sentence_start = _sentence_start(reader.intent, match.start())
        negated = bool(_NEGATION.search(reader.intent[max(sentence_start, match.start() - 20):match.start()]))
        for name in _scoped(reader, series, match.start()):
            values = list(series[name].values())
            if len(values) < 2:
                continue
            steps = list(zip(values, values[1:], strict=False))
            holds = all(b > a for a, b in steps) if up else all(b < a for a, b in steps)
            if holds == negated:
                return contradicted(match.group(0), _shown(series[name], *list(series[name])[:8]))
    if not (reader.scan.may_match(_TREND_SPAN_JOIN) and reader.scan.may_match(_TREND_SPAN)):
        return None
    labels = {label for values in series.values() for label in values}
    mentions = label_mentions(reader, labels)
    for first, second in zip(mentions, mentions[1:], strict=False):
        if not _TREND_SPAN_JOIN.match(reader.intent[first.end:second.start]):
            continue
        before = _before(reader.intent, first.start)
        trend = _TREND_SPAN.search(before)
        if not trend:
            continue
        up = bool(trend.group("up"))
        times = _TIMES.get((trend.group("times") or "").lower())
        for name in _scoped(reader, series, first.start):
            values = series[name]
            if first.label not in values or second.label not in values:
                continue
            a, b = values[first.label], values[second.label]
            if times is not None:  # "doubled from Jan to Mar": within a tenth of the ratio said
                holds = a > 0 and abs(b / a - times) <= 0.1 * times
            else:
                holds = b > a if up else b < a
            if not holds:
                return contradicted(reader.intent[first.start - len(before) + trend.start():second.end],
                                _shown(values, first.label, second.label))
    return None


_CUMULATIVE = re.compile(r"\b(?:cumulative(?:ly)?|running\s+(?:total|sum|count)|year[\s-]to[\s-]date|ytd)\b", re.IGNORECASE)


def _cumulative(reader: _Reader) -> Refusal | None:
    """"cumulative signups: Mon 30, Tue 42, Wed 38": a running total of counts never goes down; one that does
    contradicts the word (or the values are not what it says)."""
    match = reader.scan.first(_CUMULATIVE)
    if match is None or reader.pairs:
        return None
    for values in drawn_by_series(reader).values():
        numbers = list(values.values())
        if min(numbers, default=0) >= 0 and any(b < a for a, b in zip(numbers, numbers[1:], strict=False)):
            return contradicted(match.group(0), "a drawn value below the one before it: " + _shown(values, *list(values)[:8]))
    return None


def _plain_number(text: str) -> float | None:
    if "," in text:
        return None  # "1,5" or "1,500": which is not certain here; the other rules read it
    try:
        return float(f"{float(text.replace('−', '-').rstrip('.')):.10g}")
    except ValueError:
        return None
