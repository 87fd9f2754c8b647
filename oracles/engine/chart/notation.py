"""Number notations whose reading depends on the whole intent, settled once before the readers run.

    "Marketing (4,500), Sales 1,200"     accounting negatives: a bracketed value among bare ones
    "Series A: £4.5m", "750k … 4.5m"     a lowercase 'm' that can only be million (money, or beside k/bn)
    "Bergen 289 330, Stavanger 149 048"  a plain space between thousands groups

Each is ambiguous on its own ("12m" may be metres, "Route 66 120" a name and a value, "email (340)"
a count in brackets), so the rule looks at the intent as a whole, and where it still cannot tell it
refuses with the rewrite that removes the doubt, rather than guess. `normalise_numbers` returns a
text of the same length (positions found in it are positions in the intent) in the notation the
readers know: "(4,500)" → " -4,500", "4.5m" → "4.5M", "289 330" → "289\u00a0330" (a no-break
space, which the value tokenizer reads as a thousands separator).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, NoReturn

from ..contracts import EngineRefusal
from .calendar import is_time_like
from .values import ACCOUNTING_SAID_RE

# "(4,500)" standing where a value stands: right after a label's last word, before an item break.
ACCOUNTING_RE = re.compile(
    r"(?<=\S[ \t])\((?P<inner>\s*[$€£¥]?\d[\d,]*(?:\.\d+)?\s*)\)(?=\s*(?:[,;\n|]|\.(?:\s|$)|$))")

# "4.5m" / "£4.5 m": a number with a lowercase m after it.
GLUED_M_RE = re.compile(r"(?<![\w.,])(?P<cur>[$€£¥]\s?)?\d[\d,]*(?:\.\d+)?(?P<space>\s?)m(?![\w²³])")
_OTHER_MULTIPLIER_RE = re.compile(r"\d(?:[kKMB]|bn|mn)(?![A-Za-z])|\d\s?(?:thousand|million|billion)\b")
METRE_WORDS_RE = re.compile(
    r"\b(?:met(?:er|re)s?|heights?|tall(?:er|est)?|altitudes?|elevations?|depths?|deep|distances?|lengths?|long|"
    r"widths?|wide|jumps?|throws?|m\s+(?:high|tall|long|deep))\b",
    re.IGNORECASE)

# "lint 4m, test 12m", "1h 5m": minutes, in an intent about time or beside other time units.
DURATION_RE = re.compile(
    r"\b(?:times?|durations?|took|takes|minutes?|mins?|runtimes?|wait(?:ing)?|queues?|builds?|deploys?|jobs?|"
    r"pipelines?|elapsed|latency|delays?|downtime|uptime|eta|how\s+long)\b|\d\s?(?:h|hrs?|s|secs?)\b", re.IGNORECASE)

# "289 330": one to three digits, then groups of three after single plain spaces.
# Not the minutes of a clock time: "04:00 800" is a time and its value, never "00 800" (the check
# reads the same on its own, values._SPACED_GROUPS_RE).
SPACE_GROUPED_RE = re.compile(
    r"(?<![\w.,'’\u00a0\u2009\u202f])(?<!\d:)(?P<cur>[$€£¥]\s?)?(?P<num>\d{1,3}(?: \d{3})+)(?![\d'’\u00a0\u2009\u202f]|[.,]\d| \d)")
_LABEL_WORD_BEFORE_RE = re.compile(r"([^\W\d_][\w'’-]*)\s$")


# "1.234,50": dots between thousands and a decimal comma, the notation of most of Europe.
EUROPEAN_RE = re.compile(r"(?<![\d.,])\d{1,3}(?:\.\d{3})+,\d{1,2}(?![\d,])")
DECIMAL_COMMA_RE = re.compile(r"(?<![\d.,])\d+,\d{1,2}(?![\d,]|\.\d)")
DIGIT_COMMA_DIGIT_RE = re.compile(r"\d,\d")


def normalise_numbers(intent: str) -> str:
    """The intent with decimal commas, accounting negatives, million-m and space-grouped thousands in
    the notation the readers know (same length). Raises UNREADABLE_INTENT where it cannot be settled."""
    text = _decimal_commas(intent)
    text = _accounting_negatives(text)
    text = _million_m(text)
    return _space_groups(text)


def _decimal_commas(text: str) -> str:
    """"1.234,50" is always 1234.5. "7,2" is 7.2 when every comma between digits in the intent has one or
    two digits after it (never a thousands group), there are at least two, and none is an "(x,y)" pair:
    "pH 7,2 — 7,4 — 7,9". Written back with a dot (and no-break spaces between thousands)."""
    european = list(EUROPEAN_RE.finditer(text))
    masked = EUROPEAN_RE.sub(lambda m: "#" * len(m.group(0)), text)
    decimals = list(DECIMAL_COMMA_RE.finditer(masked))
    # Not in CSV ("hours,score" then "1,52"): there a comma stands between cells, glued to what follows,
    # and a row starts with its number; a decimal comma sits in a number standing after a word.
    plain = len(decimals) + len(european) >= 2 and len(decimals) == len(DIGIT_COMMA_DIGIT_RE.findall(masked)) \
        and not re.search(r"\(\s*\d+,\d+\s*\)|,[^\s\d]", text) \
        and all(m.start() > 0 and masked[m.start() - 1] in " \t\u00a0:" for m in decimals)
    for match in european:
        text = text[:match.start()] + match.group(0).replace(".", "\u00a0").replace(",", ".") + text[match.end():]
    if plain:
        for match in decimals:
            text = text[:match.start()] + match.group(0).replace(",", ".") + text[match.end():]
    return text


def _accounting_negatives(text: str) -> str:
    """A bracketed value is negative when the intent says it writes accounting figures ("accounting
    format: Marketing (4,500), Sales 1,200"). Without that word, brackets on some values only
    ("Q1 (12), Q2 (8), Q3 4") read two ways, a loss or a value merely wrapped: ambiguity.py refuses
    them rather than guess a sign. Every value in brackets ("email (340), phone (120)") is a count
    written in brackets, left as it is."""
    found = [m for m in ACCOUNTING_RE.finditer(text) if not _year(m.group("inner")) and _after_a_label(text, m.start())]
    if not found:
        return text
    if not ACCOUNTING_SAID_RE.search(text):
        return text
    for match in reversed(found):
        inner = match.group("inner").strip()
        signed = f"-{inner}".rjust(match.end() - match.start())
        text = text[:match.start()] + signed + text[match.end():]
    return text


def _after_a_label(text: str, start: int) -> bool:
    """The word before the bracket names something ("Legal", "Q2", "R&D"), it is not a value ("1,200 (300)")."""
    word = re.search(r"(\S+)[ \t]$", text[max(0, start - 40):start])
    return word is not None and bool(re.search(r"[^\W\d_]", word.group(1)))


def _year(inner: str) -> bool:
    digits = inner.strip()
    return bool(re.fullmatch(r"\d{4}", digits)) and 1900 <= int(digits) <= 2100


def _million_m(text: str) -> str:
    """'m' after a number is million with a currency ("£4.5m", "$2 m") or, glued, when other values use
    k or bn ("750k, 4.5m"); it is a unit in an intent about lengths ("pole 12m tall") or durations ("build
    12m"), or spaced ("41.2 m").
    A glued 'm' with none of these ("new york 8.3m") is refused: it reads either way."""
    matches = [m for m in GLUED_M_RE.finditer(text) if m.group("cur") or not m.group("space")]
    if not matches:
        return text
    ladder = bool(_OTHER_MULTIPLIER_RE.search(text))
    metres = bool(METRE_WORDS_RE.search(text) or DURATION_RE.search(text))  # a unit either way: metres or minutes
    for match in matches:
        million = bool(match.group("cur")) or (ladder and not metres)
        if not million and not metres:
            written = match.group(0).strip()
            raise EngineRefusal(
                "UNREADABLE_INTENT",
                f"'{written}' could be {written[:-1]} million or {written[:-1]} metres. Say which, e.g. "
                f"'{written[:-1]}M' or '{written[:-1]} million', or '{written[:-1]} metres'.")
        if million:  # "$1.2 m" → "$1.2M ": the multiplier glued on, the length kept
            end = match.end() - 1 - len(match.group("space"))
            text = text[:end] + "M" + " " * len(match.group("space")) + text[match.end():]
    return text


def _space_groups(text: str) -> str:
    """"289 330" is one number when the intent shows it writes thousands with spaces: a group that
    starts with 0 ("149 048" is never two numbers) or a currency before the digits ("€1 200"). A
    number after a time-like label ("Week 3 450") or a word numbered again and again ("Team 1 100, Team 2
    200") is that label's value. Any other "NN NNN" is refused."""
    candidates = []
    words = []
    for match in SPACE_GROUPED_RE.finditer(text):
        head = match.group("num").split(" ")[0]
        word = _LABEL_WORD_BEFORE_RE.search(text[max(0, match.start() - 30):match.start()])
        if not match.group("cur") and word and is_time_like(f"{word.group(1)} {head}"):
            continue  # "Week 3 450", "Day 1 250": a numbered label and its value
        candidates.append(match)
        words.append(word.group(1).casefold() if word and not match.group("cur") else None)
    # "Team 1 100, Team 2 200": one word numbered again and again names labels, each with its value
    candidates = [m for m, w in zip(candidates, words, strict=True) if w is None or words.count(w) < 2]
    if not candidates:
        return text
    confident = any(m.group("cur") or any(g.startswith("0") for g in m.group("num").split(" ")[1:]) for m in candidates)
    if not confident:
        written = candidates[0].group("num")
        raise EngineRefusal(
            "UNREADABLE_INTENT",
            f"'{written}' may be one number with a space between thousands, or a number in a label and a value. "
            f"Write it as {written.replace(' ', '')} or {written.replace(' ', ',')}, or put a colon after the label "
            f"(e.g. 'Gate {written.split(' ')[0]}: {written.split(' ')[-1]}').")
    for match in candidates:
        start, end = match.start("num"), match.end("num")
        text = text[:start] + text[start:end].replace(" ", "\u00a0") + text[end:]
    return text


def balanced_end(text: str, start: int) -> int | None:
    """Where the bracket opened at `start` closes (quoted text skipped), or None; the reader and the
    check both use it to find a pasted literal's end."""
    depth, quote = 0, ""
    for index in range(start, min(len(text), start + 50_000)):
        char = text[index]
        if quote:
            if char == quote and text[index - 1] != "\\":
                quote = ""
        elif char in "'\"":
            quote = char
        elif char in "[{(":
            depth += 1
        elif char in "]})":
            depth -= 1
            if depth == 0:
                return index + 1
    return None


def unique_keys(pairs: list[tuple[str, Any]], given_twice: Callable[[Any], NoReturn]) -> dict[str, Any]:
    """A JSON object (an `object_pairs_hook`), refused by `given_twice` when it gives one key twice: a parser
    would keep the last one, silently. The drafter (tables.py) and the check (faithful_grid.py) refuse alike."""
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            given_twice(key)
        out[key] = value
    return out


def flattened_record(record: dict[str, Any]) -> dict[str, Any]:
    """A record nesting one level ({"region": {"code": "EMEA"}, "metrics": {"open": 14}}) as one flat record with
    dotted keys, the way a call names such a field ("y_field": "metrics.open"). The drafter (tables.py) and the
    check (faithful_grid.py) flatten alike."""
    flat: dict[str, Any] = {}
    for key, inner in record.items():
        if isinstance(inner, dict) and inner and not any(isinstance(v, dict | list) for v in inner.values()):
            flat.update({f"{key}.{k}": v for k, v in inner.items()})
        else:
            flat[key] = inner
    return flat
