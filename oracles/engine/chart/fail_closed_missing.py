"""Fail-closed rules of the chart check about data the chart cannot hold as drawn, beside fail_closed_asks.py.

- Rows of several numbers ("ingest_raw 12 340 0.8"): with no header naming the columns, the check does not
  know which number to plot, so a label holding bare numbers that are the other columns of its row is refused
  with a hint to say which column. Numbers that are part of a name ("Route 66", "iPhone 15", "Q3 2024",
  "ages 35-44") hold at most one bare number and pass.
- Data said to be elsewhere ("in the attached sheet", "see attachment", "from last week's report"): a part of
  the request the chart cannot draw, refused.
- A comparison asked ("A vs B", "compare A and B", "grouped bars", "side by side") and one series drawn, with
  the sides of the comparison not both drawn: the second side has no data, refused.

- A pie whose slices add up to more than the whole the intent states ("(out of 10 tasks): done 7, in progress 4,
  blocked 2", "n=120", "200 in total"): the parts cannot all be parts of it, refused.

Each rule returns (code, message) of the refusal with a rewrite suggestion, like those of fail_closed.py.
"""

from __future__ import annotations

import re
from typing import Any

from .calendar import is_time_like

_Reader = Any
Refusal = tuple[str, str]

# ---------------------------------------------------------------------------------------------
# 1. Rows of several numbers drawn as labels

# A bare number standing alone in a label ("12", "0.8", "1,200"), not glued to letters ("Q3", "v2") nor part of a
# range or a ratio ("35-44", "3/4").
_BARE_NUMBER = re.compile(r"(?<![\w.,/:–—-])\d+(?:[.,]\d+)*(?![\w.,/:–—-]|[.,]\d)")


def _row_columns_in_labels(reader: _Reader, label_spans: dict[str, list[tuple[int, int]]],
                           used: set[int]) -> Refusal | None:
    """"ingest_raw 12 340 0.8" drawn as 'ingest_raw 12 340' with 0.8: the label holds the row's other columns."""
    for point in reader.points:
        label = point.label
        if not isinstance(label, str) or is_time_like(label):
            continue
        if len(_BARE_NUMBER.findall(label)) >= 2:
            name = _BARE_NUMBER.sub("", label).strip() or "name"
            return ("LABEL_NOT_IN_INTENT", (
                f"The label '{label}' holds several numbers of one row, and nothing says which one to plot. Say "
                f"which column to chart, e.g. a header line 'job, runs, events, ratio' above the rows, or "
                f"'{name} {point.value:g}' with one number per name."))
    return None


# ---------------------------------------------------------------------------------------------
# 2. Data said to be elsewhere

_ELSEWHERE = re.compile(
    r"\b(?:(?:in|on|from)\s+(?:the\s+|my\s+|our\s+|this\s+|that\s+)?(?:attached|enclosed|linked|shared|uploaded)\s+"
    r"(?:sheet|spreadsheet|file|doc(?:ument)?|csv|excel|workbook|table|report|pdf)|"
    r"(?:see|check|per|in)\s+(?:the\s+)?(?:attachment|attached|enclosure)|"
    r"(?:in|on|from)\s+the\s+(?:spreadsheet|workbook|excel(?:\s+file)?|google\s+sheet)|"
    r"from\s+(?:last|the\s+previous|the\s+last|yesterday['’]s|last\s+\w+['’]s)\s+(?:\w+\s+)?(?:report|deck|email|sheet)|"
    r"(?:last|yesterday)['’]s\s+(?:\w+\s+)?report|"
    r"(?:will\s+)?(?:send|share)\s+(?:them|it|those|the\s+rest)\s+(?:later|separately|tomorrow))",
    re.IGNORECASE)


def _data_elsewhere(reader: _Reader, label_spans: dict[str, list[tuple[int, int]]], used: set[int]) -> Refusal | None:
    """"Actuals are in the attached sheet": the chart cannot draw what the intent does not hold."""
    for match in reader.scan.matches(_ELSEWHERE):
        if reader._inside_drawn_name(match.start(), match.end()):
            continue
        return ("VALUE_MISSING", (
            f"The intent says part of the data is elsewhere ('{match.group(0).strip()}'), and I only chart what "
            "the request holds. Paste those values into the request, e.g. 'Actual: Marketing 110k, IT 240k'."))
    return None


# ---------------------------------------------------------------------------------------------
# 3. A comparison with one side drawn

_SIDE = r"[^\W\d_][\w'’-]*"
_COMPARISON = re.compile(
    rf"(?P<a>{_SIDE})\s+(?:vs\.?|versus)\s+(?P<b>{_SIDE})|"  # not "against": "reviews against rating" names axes
    rf"\bcompare\s+(?:the\s+)?(?P<c>{_SIDE})\s+(?:and|with|to|against)\s+(?:the\s+)?(?P<d>{_SIDE})|"
    r"\b(?P<grouped>grouped|side[\s-]+by[\s-]+side|clustered)\b", re.IGNORECASE)
# "variance vs budget", "anomaly vs the 1991-2020 average": one series of differences from a reference, not two.
_RELATIVE = frozenset("""variance variances anomaly anomalies delta deltas difference differences change changes deviation
deviations gap gaps error errors growth uplift lift drift the a an""".split())


def _comparison_one_side(reader: _Reader, label_spans: dict[str, list[tuple[int, int]]],
                         used: set[int]) -> Refusal | None:
    """"Budget vs actual, grouped bars. Budget: …" drawn with budget alone: the actuals have no data."""
    if reader.pairs:
        return None  # "temperature vs time" of x/y pairs names the axes
    series = {p.series for p in reader.points if isinstance(p.series, str) and p.series.strip()}
    if len(series) >= 2:
        return None
    for match in reader.scan.matches(_COMPARISON):
        if reader._inside_drawn_name(match.start(), match.end()):
            continue
        sides = [s for s in (match.group("a") or match.group("c"), match.group("b") or match.group("d")) if s]
        if any(s.casefold() in _RELATIVE for s in sides):
            continue
        if sides and all(s.casefold() in reader.drawn.hyphenated_words for s in sides):  # words as _SIDE reads them
            continue  # "Python vs Go: Python 48, Go 12" compares two drawn categories
        asked = match.group(0).strip()
        return ("VALUE_MISSING", (
            f"The intent asks for a comparison ('{asked}'), but the chart draws one series only. Give both sides "
            "their values, e.g. 'Budget: Marketing 120, IT 250; Actual: Marketing 110, IT 240'."))
    return None


# ---------------------------------------------------------------------------------------------
# 4. Parts of a pie that exceed the whole the intent states

# "(out of 10 tasks)", "200 in total", "a total of 40", "n=120", "Total budget is $50,000.": the whole the slices
# are parts of.
_WHOLE = re.compile(
    r"\bout\s+of\s+(?P<a>\d[\d,]*)\b|\b(?P<b>\d[\d,]*)\s+(?:in\s+total|total|altogether|overall)\b|"
    r"\btotal(?:\s+of|\s*[:=]|\s+(?:is|was))?\s+(?P<c>\d[\d,]*)\b|\bn\s*=\s*(?P<d>\d[\d,]*)\b"
    # "Total project budget is $50,000." in a sentence of its own: up to three words between
    r"|\btotal(?:\s+[^\W\d_]+){1,3}\s+(?:is|was|of|comes\s+to|=|:)\s*[$€£]?\s*(?P<e>\d[\d,]*)\b", re.IGNORECASE)


def _parts_exceed_the_whole(reader: _Reader, label_spans: dict[str, list[tuple[int, int]]],
                            used: set[int]) -> Refusal | None:
    """"pie of sprint task status (out of 10 tasks): done 7, in progress 4, blocked 2": slices of 13 in a whole of 10."""
    if reader.mark != "arc" or reader.pairs or "%" in reader.intent:
        return None  # shares in percent are the drafter's rule (more than 100%); only a pie is parts of one whole
    total = sum(p.value for p in reader.points)
    for match in _WHOLE.finditer(reader.intent):
        if reader._inside_drawn_name(match.start(), match.end()):
            continue
        whole = float(next(g for g in match.groups() if g).replace(",", ""))
        if whole and total > whole:
            return ("UNSUPPORTED_CHART", (
                f"The slices add up to {total:g}, more than the whole the intent states ('{match.group(0).strip()}'), "
                "so they cannot all be parts of it. Check the numbers (a part counted twice?), or ask for bars to "
                "compare them."))
    return None


# "(total 50 people)", "(50 in total)", "(50 people total)", "(all together: 50)": a whole in brackets that the parts
# listed after it make up, whatever the mark.
_BRACKETED_WHOLE = re.compile(
    r"\(\s*(?:in\s+)?(?:total|altogether|all\s+together|overall|in\s+all|gesamt|insgesamt|totale?|au\s+total|en\s+total|"
    r"no\s+total|in\s+totaal|totaal)\s*(?:of\s+|[:=]\s*)?[$€£]?\s*(?P<a>\d[\d,]*)(?:\s+[^\W\d_][\w'’-]*){0,2}\s*\)"
    r"|\(\s*[$€£]?\s*(?P<b>\d[\d,]*)(?:\s+[^\W\d_][\w'’-]*){0,2}\s+(?:in\s+total|total|altogether|overall|in\s+all)\s*\)",
    re.IGNORECASE)
# the parts are said to be the whole: a shortfall is a part left out ("breakdown of the 50", "split of", "made up of")
_PARTS_ARE_THE_WHOLE = re.compile(r"\b(?:break\s*down|breakdown|split|made\s+up\s+of|consist(?:s|ing)?\s+of|divided\s+into|"
                                  r"composed\s+of|share\s+of\s+the)\b", re.IGNORECASE)


def _parts_off_a_bracketed_whole(reader: _Reader, label_spans: dict[str, list[tuple[int, int]]],
                                 used: set[int]) -> Refusal | None:
    """"headcount (total 50 people): Alpha 20, Beta 18, Gamma 15": parts of 53 under a stated whole of 50. Parts
    under the whole are refused only where the intent says they are the whole (a pie, a breakdown)."""
    if reader.pairs or "%" in reader.intent or len({p.series for p in reader.points}) > 1:
        return None
    total = sum(p.value for p in reader.points)
    for match in _BRACKETED_WHOLE.finditer(reader.intent):
        if reader._inside_drawn_name(match.start(), match.end()):
            continue
        whole = float((match.group("a") or match.group("b")).replace(",", ""))
        if whole in {p.value for p in reader.points}:
            continue  # the whole is drawn as a bar of its own: the totals-among-parts rule speaks to it
        over = total > whole
        under = total < whole and (reader.mark == "arc" or _PARTS_ARE_THE_WHOLE.search(reader.intent))
        if whole and (over or under):
            return ("UNSUPPORTED_CHART", (
                f"The parts add up to {total:g}, {'more' if over else 'less'} than the whole the intent states "
                f"('{match.group(0).strip(' ()')}'), so they cannot be its parts. Check the numbers (a part counted "
                f"twice or left out?), or drop the total."))
    return None


# ---------------------------------------------------------------------------------------------
# 6. A stated count of the items that the drawn labels do not match

_COUNT_WORDS = {w: n for n, words in {
    2: "two deux dos dois due zwei twee", 3: "three trois tres três tre drei drie",
    4: "four quatre cuatro quatro quattro vier", 5: "five cinq cinco cinque fünf vijf",
    6: "six seis sei sechs zes", 7: "seven sept siete sete sette sieben zeven",
    8: "eight huit ocho oito otto acht", 9: "nine neuf nueve nove neun negen",
    10: "ten dix diez dez dieci zehn tien", 12: "twelve douze doce dodici zwölf twaalf"}.items() for w in words.split()}
_COUNTED = (r"weeks|semaines|semanas|settimane|wochen|weken|months|mois|meses|mesi|monate|maanden|"
            r"quarters|trimestres|trimestri|quartale|kwartalen|days|jours|d[íi]as|giorni|tage|dagen|"
            r"categories|cat[ée]gories|categor[íi]as|categorie|kategorien|categorie[ëe]n|teams|[ée]quipes|equipos|squadre|"
            r"items|[ée]l[ée]ments|elementos|elementi|elemente|slices|parts|partes|fette|stukken|bars|barres|barras|barre|"
            r"balken|staven|regions|r[ée]gions|regiones|regi[õo]es|regioni|regionen|regio'?s|products|produits|productos|"
            r"produtos|prodotti|produkte|producten|groups|groupes|grupos|gruppi|gruppen|groepen")
_ITEM_COUNT = re.compile(
    rf"(?<![\w.,])(?P<n>\d{{1,2}}|{'|'.join(sorted(_COUNT_WORDS, key=len, reverse=True))})\s+"
    r"(?:(?:last|past|first|next|derni[èe]res|derniers|premi[èe]res|premiers|[úu]ltim[oa]s|primer[oa]s|ultim[ei]|prim[ei]|"
    r"letzten|ersten|laatste|eerste)\s+)?"
    rf"(?P<what>{_COUNTED})\b"
    # "two bars for each stall", "3 weeks per sprint": a count of each item's parts, not of the items
    r"(?!\s+(?:for\s+|in\s+)?(?:each|every|per|a|an|par|pro|por|ogni|elke|chaque|cada|je|jede[nrs]?)\b)", re.IGNORECASE)
_TIME_UNITS = re.compile(r"weeks|semaines|semanas|settimane|wochen|weken|months|mois|meses|mesi|monate|maanden|"
                         r"quarters|trimestres|trimestri|quartale|kwartalen|days|jours|d[íi]as|giorni|tage|dagen",
                         re.IGNORECASE)
# "every 2 weeks", "in 3 months", "per 4 weeks": a span of time, not the number of items
_NOT_A_COUNT_BEFORE = re.compile(r"\b(?:every|each|per|in|within|after|before|chaque|cada|ogni|alle|elke|dans|en|"
                                 r"dentro|entro|nach|na|binnen)\s+$", re.IGNORECASE)


def _count_not_drawn(reader: _Reader, label_spans: dict[str, list[tuple[int, int]]], used: set[int]) -> Refusal | None:
    """"over the last 4 weeks: W1 120, W2 130, W3 125", "pie with 3 categories: A 40, B 25, C 20, D 15": the intent
    counts the items, and the drawn labels are not that many (one left out, or one too many)."""
    if reader.pairs:
        return None
    labels = {str(p.label) for p in reader.points}
    for match in _ITEM_COUNT.finditer(reader.intent):
        if match.start() in used or reader._inside_drawn_name(match.start(), match.end()):
            continue  # "Alpha 3 teams": a value with its unit, or a count inside a name
        if _NOT_A_COUNT_BEFORE.search(reader.intent[max(0, match.start() - 12):match.start()]):
            continue
        if _TIME_UNITS.match(match.group("what")) and not any(is_time_like(label) or re.search(r"\d", label)
                                                              for label in labels):
            # "Traffic sources (last 30 days): Organic 46%, …": a window of time over items that are no periods
            # (a numbered label, "S1", "Wk 3", may be a period in any language: the count still holds)
            continue
        said = match.group("n").lower()
        count = int(said) if said.isdigit() else _COUNT_WORDS[said]
        series = {p.series for p in reader.points}
        if count != len(labels) and not (len(series) > 1 and count == len(series)):
            return ("VALUE_MISSING", (
                f"The intent says '{match.group(0)}', but {len(labels)} were given ({', '.join(sorted(labels)[:6])}). "
                "Give the values of all of them, or correct the count."))
    return None


def check_missing(reader: _Reader, label_spans: dict[str, list[tuple[int, int]]], used: set[int]) -> Refusal | None:
    """Run every rule of this module; (code, message) of the first that fails, None when all hold."""
    for rule in (_row_columns_in_labels, _data_elsewhere, _comparison_one_side, _parts_exceed_the_whole,
                 _parts_off_a_bracketed_whole, _count_not_drawn):
        refusal = rule(reader, label_spans, used)
        if refusal:
            return refusal
    return None
