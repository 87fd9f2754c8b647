"""Which field a tool call's arguments name to draw, read from the intent text alone.

Agents pass records with several numbers each and name the one to plot beside them:
`render_chart({"x_field": "month", "y_field": "y", "rows": [{"month": "Jan", "y": 3.2, "target": 4.0}]})`,
`plot(data=[…], value_field="revenue")`, `{"metric": "latency_ms", "data": […]}`, `{"y": {"field": "pts"}}`,
or describe the value (`"value_label": "pallets shipped"` beside records keyed "value"). The reader and the
check both read these words here (like approximate.py: one vocabulary, so the two cannot drift); each applies
them to its own reading of the data, and the check never takes the drafter's.

Only argument keys count: a key inside a list (a record's own field, `[{"x": "Gate A1", "y": 18}]`) or on a
YAML list item is data, not a pick. A prose ask is read only in a few set frames that name one column
("chart only the Units column", "bar chart of the Count column", "Just active users.", "plot revenue by
region"); its words are a described field, which picks a field only when they are exactly the name of one
field, and only when no other field is so named (the frames and the rule are the same for reader and check).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

# Keys whose text names the field of the values (y) or of the labels (x).
Y_PICK_KEYS = frozenset("""
y y_field yfield y_fields yfields y_key ykey y_column y_columns y_col y_cols value_field value_fields valuefield value_key valuekey value_column
value_col values_field plot_field y_axis_field
""".split())
X_PICK_KEYS = frozenset("""
x x_field xfield x_key xkey x_column x_col label_field labelfield labels_field label_key label_column
category_field categoryfield category_key category_column x_axis_field
""".split())
# Keys that describe the values, each with the field its name stands for: {"value_label": "pallets"} beside
# records keyed "value" says "value" is the value; its text may also be the name of one field.
DESCRIBING_KEYS = {
    **{f"value_{k}": "value" for k in ("label", "title", "name", "unit", "units", "axis", "axis_title", "description")},
    **{f"y_{k}": "y" for k in ("label", "title", "unit", "units", "axis", "axis_title", "axis_label", "description")},
    "ylabel": "y", "ytitle": "y", "yaxis": "y", "y_name": "y",
    # {"metric": "latency_ms"} names the field when it is one; "metric": "revenue in $k" only describes the values
    "metric": "", "measure": "", "measure_name": "", "metric_name": "",
}
_KEY = r"[\"']?(?P<key>[A-Za-z_][A-Za-z_]{0,24})[\"']?"
_PICK = re.compile(
    rf"(?<![\w.\"']){_KEY}\s*(?::|=)\s*"
    r"(?:[\"'](?P<quoted>[^\"'\n]{1,60})[\"']|(?P<bare>[A-Za-z_][\w.]{0,40})(?=\s*(?:$|[,;})\n])))",
    re.MULTILINE)
# "value_label: tonnes moved" on a YAML line of its own: the text runs to the end of the line
_YAML_PICK = re.compile(r"^[ \t]*(?P<key>[A-Za-z_]{1,25})[ \t]*:[ \t]*(?P<line>[^\s\"'{}\[\]][^\n\"'{}\[\]]{0,59}?)[ \t]*$",
                        re.MULTILINE)
# {"encoding": {"y": {"field": "pts"}}}: a Vega-Lite-like channel names its field one level down
_CHANNEL = re.compile(r"[\"']?(?P<axis>[xy])[\"']?\s*:\s*\{\s*[\"']?field[\"']?\s*:\s*[\"'](?P<field>[^\"'\n]{1,60})[\"']")
_NUMBER_TEXT = re.compile(r"[-−+]?[$€£¥]?\d[\d,.]*\s*(?:[kKMB%]|bn)?")
_YAML_ITEM_LINE = re.compile(r"^[ \t]*-[ \t]")


@dataclass(frozen=True)
class FieldPicks:
    """The fields named by the arguments: `y` and `x` must be fields of the data (or the data hold one
    series, which they then only describe); `described` are the fields a describing key's name stands for
    ("value", "y") and the texts of those keys, which pick a field only when they are exactly its name."""

    y: tuple[str, ...] = ()
    x: tuple[str, ...] = ()
    described: tuple[str, ...] = ()
    prose: tuple[str, ...] = ()  # column names a prose ask says to draw (prose_column_picks)
    prose_text: str = ""  # the intent's prose, its pasted data left out (prose_of), folded
    columns: tuple[str, ...] = ()  # of `prose`, those called a column ("the Units column"): each must be a field

    def __bool__(self) -> bool:
        return bool(self.y or self.x or self.described or self.prose)

    def unknown_column(self, fields: list[str | None]) -> str | None:
        """A column the prose names ("chart the Price column") that is no field of the data: which to draw is
        then not certain."""
        return next((c for c in self.columns if not any(same_field(c, f) for f in fields)), None)

    def prose_pick(self, fields: list[str]) -> str | None:
        """The one field a prose ask names ("chart only the Units column"), when no other field is written in
        the prose too ("… beside the Revenue"): then which to draw is not one field, and none is picked."""
        picked = [f for f in fields if any(same_field(p, f) for p in self.prose)]
        if len(picked) != 1:
            return None
        others = [f for f in fields if f != picked[0]]
        if any(re.search(rf"(?<!\w){re.escape(_fold(f))}(?!\w)", self.prose_text) for f in others):
            return None
        return picked[0]


def _list_depths(text: str) -> list[int]:
    """For every position, how many '[' (of brackets outside strings) are open there. Strings are only
    tracked inside brackets: outside, an apostrophe is prose ("don't")."""
    depths = [0] * (len(text) + 1)
    stack: list[str] = []
    quote = ""
    escaped = False
    lists = 0
    for index, char in enumerate(text):
        depths[index] = lists
        if quote:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == quote:
                quote = ""
            continue
        if char in "\"'" and stack:
            quote = char
        elif char in "[{(":
            stack.append(char)
            lists += char == "["
        elif char in "]})" and stack:
            lists -= stack.pop() == "["
    depths[len(text)] = lists
    return depths


def _in_yaml_item(intent: str, position: int) -> bool:
    """The line at `position` is a YAML list item ("- value: 12") or a field of one (indented under it)."""
    start = intent.rfind("\n", 0, position) + 1
    line = intent[start:intent.find("\n", start) if "\n" in intent[start:] else len(intent)]
    if _YAML_ITEM_LINE.match(line):
        return True
    indent = len(line) - len(line.lstrip(" \t"))
    while indent and start > 0:
        start = intent.rfind("\n", 0, start - 1) + 1
        above = intent[start:intent.find("\n", start)]
        if above.strip() and len(above) - len(above.lstrip(" \t")) < indent:
            return bool(_YAML_ITEM_LINE.match(above))
    return False


def read_field_picks(intent: str) -> FieldPicks:
    """The fields the intent's arguments name (see the module docstring); empty when none."""
    if ":" not in intent and "=" not in intent:
        return FieldPicks(prose=tuple(dict.fromkeys(prose_column_picks(intent))), prose_text=prose_of(intent),
                          columns=tuple(dict.fromkeys(prose_column_picks(intent, columns_only=True))))
    depths = _list_depths(intent)
    y: list[str] = []
    x: list[str] = []
    described: list[str] = []
    matches = [*_PICK.finditer(intent), *_YAML_PICK.finditer(intent)]
    for match in sorted(matches, key=lambda m: m.start()):
        key = match.group("key").lower()
        if key not in Y_PICK_KEYS and key not in X_PICK_KEYS and key not in DESCRIBING_KEYS:
            continue
        if depths[match.start()] or _in_yaml_item(intent, match.start()):
            continue  # a record's own field ([{"x": "Gate A1", "y": 18}], "- value: 12"): data, no pick
        groups = match.groupdict()
        text = (groups.get("quoted") or groups.get("bare") or groups.get("line") or "").strip()
        if not text or _NUMBER_TEXT.fullmatch(text):
            continue
        if key in DESCRIBING_KEYS:
            described.extend(f for f in (DESCRIBING_KEYS[key], text) if f)
        elif key in Y_PICK_KEYS:
            y.append(text)
        else:
            x.append(text)
    for match in _CHANNEL.finditer(intent):
        if not depths[match.start()]:
            (y if match.group("axis") == "y" else x).append(match.group("field").strip())
    return FieldPicks(tuple(dict.fromkeys(y)), tuple(dict.fromkeys(x)), tuple(dict.fromkeys(described)),
                      tuple(dict.fromkeys(prose_column_picks(intent))), prose_of(intent),
                      tuple(dict.fromkeys(prose_column_picks(intent, columns_only=True))))


# A column named in prose, in frames that say to draw it: the name between optional emphasis marks.
_COLUMN_NAME = r"[\"'*`“”‘’]*(?P<name>[^\W_][\w %./-]{0,38}?)[\"'*`“”‘’]*"
_DRAW_VERB = r"(?:chart|plot|graph|draw|show|visuali[sz]e|use|render)"
_PROSE_PICKS = (
    # "chart only the Units column", "just chart the sales column", "Chart the **Units** column only",
    # "bar chart of the Count column", "please chart the 2024 column"
    re.compile(rf"\b(?:(?:only|just)\s+(?:{_DRAW_VERB}\s+)?|{_DRAW_VERB}\s+(?:only\s+|just\s+)?|\bof\s+)"
               rf"the\s+{_COLUMN_NAME}\s+(?:column|field)\b", re.IGNORECASE),
    # "Just active users." or "Only the margin, please." as a sentence of its own
    re.compile(r"(?:^|[.!?]\s+)(?:just|only)\s+(?:the\s+)?(?P<name>[^\W\d_][\w %-]{0,30}?)(?:,?\s+please)?\s*[.!]?[ \t]*$",
               re.IGNORECASE | re.MULTILINE),
    # "plot revenue by region", "chart p95_ms per endpoint", "bar of errors per service": one word, then what it is per
    re.compile(rf"\b(?:{_DRAW_VERB}|bars?)\s+(?:of\s+)?(?:the\s+)?(?P<name>[^\W\d][\w%]*)\s+(?:per|by|for\s+each|across)\s+\w",
               re.IGNORECASE),
)


def prose_column_picks(intent: str, columns_only: bool = False) -> list[str]:
    """The column names a prose ask says to draw (see the module docstring): candidates only, each picking a
    field just when it is exactly that field's name; `columns_only`: those the prose calls a column."""
    patterns = _PROSE_PICKS[:1] if columns_only else _PROSE_PICKS
    return [m.group("name").strip() for pattern in patterns for m in pattern.finditer(intent)
            if m.group("name").strip()]


_CODE_BLOCK = re.compile(r"```.*?(?:```|$)", re.DOTALL)
_INNERMOST = re.compile(r"\{[^{}]*\}|\[[^\[\]]*\]")
# A number standing on its own ("120", "3.5", "-4"), not inside a name ("p95_ms", "Q3"): a line with one holds data.
_BARE_NUMBER = re.compile(r"(?<!\w)\d")


def prose_of(intent: str) -> str:
    """The intent without its pasted data, folded: code blocks, JSON (innermost first) and every line holding
    a number or reading as a row (two commas, two pipes, a tab)."""
    text = _CODE_BLOCK.sub("\n", intent)
    while True:
        stripped = _INNERMOST.sub(" ", text)
        if stripped == text:
            break
        text = stripped
    lines = [line for line in text.splitlines()
             if not _BARE_NUMBER.search(line) and line.count(",") < 2 and line.count("|") < 2 and "\t" not in line]
    return _fold("\n".join(lines))


def _fold(text: str) -> str:
    return " ".join(re.sub(r"[_\-]+", " ", text).casefold().split())


def same_field(pick: str, name: str | None) -> bool:
    """A pick names a field when they are the same words ("sku_count" = "SKU count"), case aside."""
    if name is None:
        return False
    return _normal(pick) == _normal(name)


def _normal(text: str) -> str:
    return " ".join(re.sub(r"[_\-.]+", " ", text).casefold().split())


_VERSUS = r"\s+(?:vs\.?|versus|v\.?)\s+"


def pair_order(intent: str, first: str, second: str) -> tuple[str, str]:
    """(x, y) of two fields drawn as x/y pairs: "<x> vs <y>" and "<y> against <x>" in the intent order them
    (as the pairs' own axis titles are read); otherwise x is the field given first."""
    text, a, b = _normal(intent), re.escape(_normal(first)), re.escape(_normal(second))
    if re.search(rf"(?<!\w){b}{_VERSUS}{a}(?!\w)|(?<!\w){a}\s+against\s+{b}(?!\w)", text):
        return second, first
    return first, second


_AXIS_FIELD = re.compile(r"(?P<axis>[xy])(?:[ _-]?(?:values?|vals?|coord(?:inate)?s?|pos(?:ition)?|axis))?", re.IGNORECASE)


def axis_of_field(name: str | None) -> str | None:
    """"x" or "y" when a field's own name says which axis it is ("x", "Y", "x_value", "y coord"), else None."""
    match = _AXIS_FIELD.fullmatch((name or "").strip())
    return match.group("axis").lower() if match else None


# ---------------------------------------------------------------------------------------------
# What the picks say to draw of several numeric fields: one decision for the drafter (picked_series.py) and
# the check (picks_check.py), each applying it to its own reading of the data.

_PLAIN_NUMBER = re.compile(r"[-+]?\d+(?:\.\d+)?")
_YEAR = re.compile(r"(?:19|20)\d\d")


@dataclass(frozen=True)
class FieldChoice:
    """Refused (the message), two fields as x/y pairs, or the fields kept as series (None: all, as read)."""

    refusal: str | None = None
    pair: tuple[str, str] | None = None
    kept: list[str] | None = None


def choose_fields(names: list[str], picks: FieldPicks, label_name: str | None, y_name: str | None, intent: str,
                  scatter_asked: bool) -> FieldChoice:
    """Of the numeric fields `names` (two or more), the ones a faithful chart draws. `label_name` and `y_name`
    are the fields of the labels and of the values as read: a pick naming either names no other field."""
    named = [n for n in names if any(same_field(p, n) for p in picks.y)]
    unknown = [p for p in picks.y if not any(same_field(p, n) for n in names)
               and not same_field(p, label_name) and not same_field(p, y_name)]
    if unknown:
        return FieldChoice(refusal=(
            f"The arguments name '{unknown[0]}' as the field to draw, but the data's fields are "
            f"{', '.join(repr(n) for n in names)}. Name one of them, e.g. \"y_field\": \"{names[0]}\"."))
    column = picks.unknown_column([*names, label_name, y_name])
    if column:
        return FieldChoice(refusal=(
            f"The intent asks for the '{column}' column, but the data's columns are "
            f"{', '.join(repr(n) for n in names)}. Name one of them, e.g. 'chart the {names[0]} column'."))
    x_named = [n for n in names if any(same_field(p, n) for p in picks.x)]
    axes = {axis_of_field(n): n for n in names}
    if not named and not x_named and "x" in axes and "y" in axes and len([n for n in names if axis_of_field(n)]) == 2:
        if len(names) > 2:
            others = ", ".join(repr(n) for n in names if not axis_of_field(n))
            return FieldChoice(refusal=(
                f"The records hold x/y pairs and also {others}, and nothing says which to draw. Send the x and y "
                "alone, or name them, e.g. \"x_field\": \"x\", \"y_field\": \"y\"."))
        return FieldChoice(pair=(axes["x"], axes["y"]))
    if not named:
        described = [n for n in names if any(same_field(d, n) for d in picks.described)]
        named = described if len(described) == 1 else []
    if not named and not x_named and (prose_picked := picks.prose_pick(names)):  # "chart only the Units column"
        named = [prose_picked]
    if not named and not x_named:
        if scatter_asked and len(names) == 2:
            return FieldChoice(pair=pair_order(intent, names[0], names[1]))
        return FieldChoice()
    if x_named:
        y_names = [n for n in (named or names) if n not in x_named]
        if len(x_named) != 1 or len(y_names) != 1:
            return FieldChoice(refusal=(
                f"The arguments name '{x_named[0]}' as x, but which field is y is not certain. Name it, e.g. "
                f"\"y_field\": \"{y_names[0] if y_names else names[0]}\"."))
        return FieldChoice(pair=(x_named[0], y_names[0]))
    return FieldChoice(kept=named)


def numbered_labels(labels: list[str]) -> bool:
    """Labels that are plain numbers and not all years: an x picked as the labels' field makes x/y pairs."""
    return all(_PLAIN_NUMBER.fullmatch(label) for label in labels) and not all(_YEAR.fullmatch(label) for label in labels)


def picks_swap(picks: FieldPicks, x_name: str, y_name: str) -> bool:
    """The picks name the field read as y as x (or x as y), and none names them the way they were read."""
    swapped = any(same_field(p, y_name) for p in picks.x) or any(same_field(p, x_name) for p in picks.y)
    straight = any(same_field(p, x_name) for p in picks.x) or any(same_field(p, y_name) for p in picks.y)
    return swapped and not straight
