"""Fail-closed rules of the chart check about the units and scales of the drawn values, beside fail_closed.py.

One axis shows one unit on one scale. Read from the intent at each drawn value (the units of `_UNITS`, glued or
after one space, a currency sign before it, a scale word or suffix in it):

- Two units among the drawn values ("/login 320ms, /search 1.2s", "logs 120GB, media 1.4TB", "cat 4.5kg,
  hamster 120g"): 1.2 would stand beside 320 as if both were milliseconds. Refused, with the values to convert.
- A unit stated once in the subject ("latency (ms):", "p95 in ms —") and a value that carries another ("Asia
  0.2s"): refused, naming both.
- One value without the unit every other value (three or more) carries ("db-01 78%, db-02 81%, web-01 0.45,
  web-02 52%"): it may be on another scale (a fraction among percents). Refused; a unit written once, on the first or the last
  value only, is the list's unit and passes ("Mon 12, Tue 15, Wed 18%"), unless the values without it are
  fractions beside a percent that is not ("Web 0.55, App 0.30, Store 15%").
- A scale stated once for every value ("population in millions", "Revenue ($M)", "in thousands") and a value
  drawn from its own scale word or suffix ("USA 0.335 billion", "C 1.1M"): drawn as 335,000,000 beside 1,411.
  Refused, with the value written in the stated scale; every value written on the stated scale ("in billions —
  Apple 2.9 billion, Microsoft 2.8 billion") is one scale and passes.

- A number written with the drawn values' unit inside a drawn label ("00:00 p50 120ms p95" beside 340ms): a value
  the chart does not draw. Refused as VALUE_MISSING.

Each rule returns (code, message) of the refusal with a rewrite suggestion, like those of fail_closed.py; the
code is UNITS_MIXED (billed: one axis cannot show what the request asks).
"""

from __future__ import annotations

import math
import re
from bisect import bisect_right
from typing import Any

_Reader = Any
Refusal = tuple[str, str]

# Each spelling of a unit → its one name. Different names never share an axis.
_UNITS: dict[str, str] = {}
for _name, _spellings in {
    "¢": "¢ cent cents", "p": "pence",
    "ns": "ns nanosecond nanoseconds", "µs": "µs us microsecond microseconds", "ms": "ms msec msecs millisecond milliseconds",
    "s": "s sec secs second seconds", "min": "min mins minute minutes", "h": "h hr hrs hour hours",
    "days": "day days", "weeks": "wk wks week weeks", "months": "month months", "years": "yr yrs year years",
    "B": "byte bytes", "KB": "kb kib kbyte kbytes", "MB": "mb mib", "GB": "gb gib", "TB": "tb tib", "PB": "pb pib",
    "kbps": "kbps kbit/s", "Mbps": "mbps mbit/s", "Gbps": "gbps gbit/s",
    "mg": "mg milligram milligrams", "g": "g gram grams", "kg": "kg kgs kilo kilos kilogram kilograms",
    "t": "tonne tonnes", "lb": "lb lbs pound pounds", "oz": "oz ounce ounces",
    "mm": "mm millimetre millimetres millimeter millimeters", "cm": "cm centimetre centimetres centimeter centimeters",
    "m": "m metre metres meter meters", "km": "km kilometre kilometres kilometer kilometers", "mi": "mi mile miles",
    "ft": "ft foot feet", "ml": "ml millilitre millilitres milliliter milliliters", "l": "l litre litres liter liters",
    "Wh": "wh", "kWh": "kwh", "MWh": "mwh", "GWh": "gwh", "W": "w watt watts", "kW": "kw kilowatt kilowatts",
    "MW": "mw megawatt megawatts", "GW": "gw gigawatt gigawatts",
    "km/h": "km/h kmh kph", "mph": "mph", "m/s": "m/s",
    "%": "% percent pct", "pp": "pp", "°C": "°c", "°F": "°f",
}.items():
    for _spelling in _spellings.split():
        _UNITS[_spelling] = _name
# A unit after a value: glued ("320ms") or after one space ("1.2 s"), a word of letters (with "/h", "/s"), or "%".
_UNIT_AFTER = re.compile(r"(?P<space>[ \t\u00a0]?)(?P<unit>%|°\s?[CFcf]\b|per\s+cent\b|[^\W\d_]+(?:/[^\W\d_]+)?)")
# A one-letter unit after a space ("5 m", "3 s") is only a unit where the item ends right after it: "S 12 M 15" are sizes.
_ITEM_END = re.compile(r"\s*(?:[,;)\n|]|\.(?:\s|$)|$|and\b|vs\b)")
# The unit stated once in the subject: "latency (ms):", "p95 in ms —", "[GB]".
_STATED_UNIT = re.compile(r"[(\[](?:in\s+)?(?P<bracketed>%|°\s?[CFcf]|[^\W\d_]+(?:/[^\W\d_]+)?)[)\]]|"
                          r"\bin\s+(?P<said>[^\W\d_]{2,}(?:/[^\W\d_]+)?)\b")
_AMBIGUOUS_AFTER_IN = frozenset("us min".split())  # "sales in US", "in min" may be words; only bracketed they are units
_CURRENCY = re.compile(r"[-−+]?([$€£¥])")

# A scale stated once for every value: "in millions", "(millions)", "($M)", "in $bn", "in '000s".
_SCALE_FACTORS = {"thousand": 1e3, "000": 1e3, "k": 1e3, "million": 1e6, "m": 1e6, "mn": 1e6, "mm": 1e6,
                  "billion": 1e9, "bn": 1e9, "b": 1e9, "trillion": 1e12, "tn": 1e12}
_STATED_SCALE = re.compile(
    r"\bin\s+(?:[$€£¥]\s?|[A-Z]{3}\s+|[^\W\d_]+\s+)?(?P<word>thousand|million|billion|trillion)s\b|\bin\s+'?(?P<zeros>000)s\b|"
    r"\((?:in\s+)?(?:[$€£¥]\s?|[A-Z]{3}\s)?(?P<bracketed>thousand|million|billion|trillion|'?000|k|mn?|mm|bn|b)s?\)|"
    r"\([^()\n]{0,30}?\b(?P<listed>thousand|million|billion|trillion)s\b[^()\n]{0,30}\)|"
    r"\bin\s+[$€£¥]\s?(?P<letter>k|mn?|mm|bn|b)\b", re.IGNORECASE)
# A value's own scale: "0.335 billion", "1.1M", "$4.5m", "900k".
_OWN_SCALE = re.compile(r"\d(?:\s?(?P<word>thousand|million|billion|trillion)\b|(?P<suffix>[kKMBT]|bn|mn|tn|trn|m)$)")
_CARRIERS = 3  # values that carry the unit before one without it is refused: "$1.2M, $860k, Also 937" reads either way
_FRACTION = re.compile(r"[-−+]?0?\.\d+")  # "0.45", ".3": a share written as a fraction
_DIGITS = re.compile(r"\d[\d,'’\u00a0]*(?:\.\d+)?")


def check_units(reader: _Reader, label_spans: dict[str, list[tuple[int, int]]], used: set[int]) -> Refusal | None:
    """Run every rule of this module; (code, message) of the first that fails, None when all hold."""
    if reader.pairs:
        return None  # x and y of pairs carry a unit each ("3.5 kW → 61 °C")
    apart = scale_apart(reader, used)
    if apart:
        return apart
    drawn = {p.value for p in reader.points}
    placed = [token for token in reader.numbers if token.start in used and not drawn.isdisjoint(token.readings)]
    if len(placed) < 2:
        return None
    merged: list[list[int]] = []  # the drawn labels' spans, merged: one bisect tells whether a place is in one
    for a, b in sorted(span for spans in label_spans.values() for span in spans):
        if merged and a <= merged[-1][1]:
            merged[-1][1] = max(merged[-1][1], b)
        else:
            merged.append([a, b])
    units = [_unit_of(reader, token, merged) for token in placed]
    return (_value_inside_a_label(reader, units) or _two_units(reader, placed, units) or _unit_of_the_subject(reader, placed, units)
            or _one_without_unit(reader, placed, units) or _stated_scale(reader, placed))


# A scale written apart from its number, beside a currency: "2,4 M€", "850 k€", "3,1 Mio €", "1,2 Mrd. €", "2.4 $M",
# "€2.4 M". The number alone is not the value, and it must not be drawn bare.
_SCALE_APART = re.compile(r"[ \t\u00a0]?(?:(?:Mio|Mrd|Md|Mn|Bn|M|k|K|Tsd)\.?[ \u00a0]?[€$£¥]"
                          r"|[€$£¥][ \u00a0]?(?:Mio|Mrd|Md|Mn|Bn|M|k|K)\b)")
_SCALE_AFTER_CURRENCY = re.compile(r"[ \u00a0](?:Mio|Mrd|Md|Mn|Bn|M|k|K|Tsd)\.?(?![\w])")


def scale_apart(reader: _Reader, used: set[int]) -> Refusal | None:
    """"T1 : 2,4 M€": the million glued to the currency sign, not to the number, is the value's scale. A drawn
    value read from the number alone (2.4) would lose it; refused, with the value written whole."""
    drawn = {p.value for p in reader.points}
    for token in reader.numbers:
        if token.start not in used or drawn.isdisjoint(token.readings):
            continue
        apart = _SCALE_APART.match(reader.intent, token.end) or (
            _SCALE_AFTER_CURRENCY.match(reader.intent, token.end) if _CURRENCY.match(token.text) else None)
        if apart:
            written = reader.intent[token.start:apart.end()].strip()
            return ("UNITS_MIXED", (
                f"I could not read the scale of '{written}': the scale stands apart from the number, so the bare "
                "number would be drawn. Write the scale on the number, e.g. '2.4M' or '2400000 €', or state it "
                "once, e.g. 'revenue (in million €)'."))
    return None


def _unit_of(reader: _Reader, token: Any, spans: list[list[int]]) -> str | None:
    """The unit the intent writes at a drawn value: a currency sign before it, or a unit of `_UNITS` after it."""
    currency = _CURRENCY.match(token.text)
    if currency:
        return currency.group(1)
    if token.text[-1:].isalpha():
        return None  # "12m", "900k": a scale suffix, not a unit
    after = _UNIT_AFTER.match(reader.intent, token.end)
    if after is None:
        return None
    spelling = re.sub(r"\s+", " ", after.group("unit")).lower().replace("° ", "°")
    name = _UNITS.get("%" if spelling == "per cent" else spelling)
    if name is None:
        return None
    if after.group("space") and len(spelling) == 1 and spelling.isalpha() and not _ITEM_END.match(reader.intent, after.end()):
        return None  # "S 12 M 15": the next label, not a unit
    at = after.start("unit")
    index = bisect_right(spans, [at, len(reader.intent) + 1]) - 1
    if index >= 0 and at < spans[index][1]:
        return None  # the word is a drawn label ("5 min" is no unit of "Min 5")
    return name


def _point_of(reader: _Reader, token: Any) -> Any:
    return next((p for p in reader.points if p.value in token.readings), None)


def _said(reader: _Reader, token: Any) -> str:
    """The value as written, with the unit after it: "1.2s", "0.45"."""
    after = _UNIT_AFTER.match(reader.intent, token.end)
    return reader.intent[token.start:after.end() if after and _UNITS.get(after.group("unit").lower()) else token.end].strip()


def _two_units(reader: _Reader, placed: list[Any], units: list[str | None]) -> Refusal | None:
    """"/login 320ms, /search 1.2s": two units on one axis."""
    named = sorted({u for u in units if u})  # "€2.10" beside "690 cents", "$120k" beside "45%" too
    if len(named) < 2:
        return None
    first = next(t for t, u in zip(placed, units, strict=True) if u == named[0])
    other = next(t for t, u in zip(placed, units, strict=True) if u == named[1])
    return ("UNITS_MIXED", (
        f"The values are stated in different units ({', '.join(named)}: '{_said(reader, first)}' and "
        f"'{_said(reader, other)}'), which one axis cannot show: drawn as numbers, one would read as the other. "
        f"Convert them to one unit, e.g. every value in {named[0]}."))


def _value_inside_a_label(reader: _Reader, units: list[str | None]) -> Refusal | None:
    """"00:00 p50 120ms p95 340ms" drawn as the label '00:00 p50 120ms p95' with 340: a number written with the unit
    the drawn values carry is a value, and one inside a label is a value the chart does not draw."""
    carried = [u for u in units if u is not None]
    if len(carried) < 2 or len(set(carried)) != 1:
        return None
    unit = carried[0]
    spellings = [s for s, name in _UNITS.items() if name == unit]
    if unit in "$€£¥":
        written = re.compile(rf"{re.escape(unit)}\s?\d")
    else:
        written = re.compile(r"(?<![\w.,])\d+(?:[.,]\d+)?[ \u00a0]?(?:" + "|".join(map(re.escape, sorted(spellings, key=len, reverse=True)))
                             + r")(?![\w/])", re.IGNORECASE)
    for point in reader.points:
        found = written.search(point.label) if isinstance(point.label, str) else None
        if found:
            return ("VALUE_MISSING", (
                f"The label '{point.label}' holds '{found.group(0)}', written like the chart's values (in {unit}), so that "
                f"value would not be drawn. Give each value its own label, e.g. '{point.label[:found.start()].strip() or 'A'}: "
                f"{found.group(0)}', or name each series once, e.g. 'series A: Mon 120, Tue 135; series B: Mon 340, Tue 410'."))
    return None


def _unit_of_the_subject(reader: _Reader, placed: list[Any], units: list[str | None]) -> Refusal | None:
    """"latency (ms): EU 120, US 80, Asia 0.2s": the subject states the unit, a value carries another."""
    first = reader.first_name_start()
    for match in _STATED_UNIT.finditer(reader.intent, 0, len(reader.intent) if first is None else first):
        spelling = (match.group("bracketed") or match.group("said")).lower()
        stated = _UNITS.get("%" if spelling == "per cent" else spelling)
        if stated is None or (match.group("said") and spelling in _AMBIGUOUS_AFTER_IN):
            continue
        other = next(((t, u) for t, u in zip(placed, units, strict=True) if u and u != stated), None)
        if other is not None:
            return ("UNITS_MIXED", (
                f"The intent says the values are in {stated} ('{match.group(0).strip()}'), but '{_said(reader, other[0])}' "
                f"is in {other[1]}, so it would be drawn as if in {stated}. Convert it, or write every value with its unit "
                f"in {stated}."))
    return None


def _one_without_unit(reader: _Reader, placed: list[Any], units: list[str | None]) -> Refusal | None:
    """"db-01 78%, db-02 81%, web-01 0.45, web-02 52%": one value lacks the unit every other value carries; or
    "Web 0.55, App 0.30, Store 15%": fractions beside a percent (a percent written once would be 55% and 30%)."""
    bare = [index for index, unit in enumerate(units) if unit is None]
    carried = {u for u in units if u is not None}
    if not bare or len(carried) != 1:
        return None
    unit = carried.pop()
    fractions = unit == "%" and all(_FRACTION.fullmatch(placed[i].text.strip()) for i in bare) and any(
        not _FRACTION.fullmatch(t.text.strip()) for t, u in zip(placed, units, strict=True) if u)
    if not fractions and (len(bare) != 1 or len(placed) < _CARRIERS + 1):
        return None
    index = bare[0]
    token = placed[index]
    point = _point_of(reader, token)
    label = f" for '{point.label}'" if point is not None and isinstance(point.label, str) else ""
    value = token.text.strip()
    example = f"{unit}{value}" if unit in "$€£¥" else f"{value}{unit}" if unit == "%" else f"{value} {unit}"
    if len(bare) > 1:
        carrier = next(t for t, u in zip(placed, units, strict=True) if u)
        return ("UNITS_MIXED", (
            f"'{value}'{label} is a fraction written without a unit, beside '{_said(reader, carrier)}' in percent, so "
            f"one of them is on another scale. Write every value in percent, e.g. "
            f"'{(point.value if point is not None else 0) * 100:g}%' for {value}, or every value as a fraction."))
    return ("UNITS_MIXED", (
        f"'{value}'{label} is written without the unit every other value carries ({unit}), so it may be on another "
        f"scale (a fraction among percents, seconds among milliseconds). Write it like the others, e.g. "
        f"'{example}' if that is what it is, or convert it."))


def _stated_scale(reader: _Reader, placed: list[Any]) -> Refusal | None:
    """"population in millions: China 1411, USA 0.335 billion": a value drawn from its own scale beside the stated one."""
    stated = None
    for match in _STATED_SCALE.finditer(reader.intent):
        if not reader._inside_drawn_name(match.start(), match.end()):
            stated = match
            break
    if stated is None:
        return None
    key = next(g for g in stated.groups() if g).lower().lstrip("'")
    factor = _SCALE_FACTORS.get(key, 1.0)
    drawn = {p.value for p in reader.points}
    scaled: list[tuple[Any, float, float]] = []  # (token, value drawn, its own factor)
    unscaled = 0
    for token in placed:
        own = _OWN_SCALE.search(token.text)
        digits = _DIGITS.search(token.text)
        plain = float(re.sub(r"[,'’\u00a0]", "", digits.group(0))) if digits else 0.0
        values = [r for r in token.readings if abs(r) != plain and r in drawn] if own and plain else []
        if values:
            scaled.append((token, values[0], abs(values[0]) / plain))
        else:
            unscaled += 1  # drawn as written ("2.1m" as 2.1 metres, "1411" in millions): no scale applied
    other = next((s for s in scaled if not math.isclose(s[2], factor, rel_tol=1e-6)), None)
    if not scaled or (other is None and not unscaled):
        return None  # one scale throughout: "market cap in billions — Apple 2.9 billion, Microsoft 2.8 billion"
    token, value, _ = other or scaled[0]
    point = _point_of(reader, token)
    label = point.label if point is not None and isinstance(point.label, str) else "it"
    said = stated.group(0).strip(" ()")
    return ("UNITS_MIXED", (
        f"The intent says the values are {said}, but '{token.text.strip()}' carries its own scale, so it would be drawn "
        f"as {abs(value):,.0f} beside values written {said}. Write every value on the stated scale, e.g. "
        f"'{label} {abs(value) / factor:g}'."))
