"""Facts → a Vega-Lite spec with inline data. The spec carries nothing the facts do not say."""

from __future__ import annotations

from typing import Any

from .calendar import is_time_like

SCHEMA_ID = "https://vega.github.io/schema/vega-lite/v6.json"
ILLUSTRATIVE_SUBTITLE = "Illustrative data: not real values"
# A label axis is at most 800 px long, so beyond ~50 labels they overlap into an unreadable smear,
# and drawing each one costs vl-convert about a millisecond (text measuring), twice per answer
# (check + render). Past this many, the axis names every n-th label; every point is still drawn.
MAX_AXIS_LABELS = 50


def data_rows(facts: dict[str, Any]) -> list[dict[str, Any]]:
    """One row per point: {label, value} (or {x, y} for pairs), plus series when several."""
    multi = len(facts["series"]) > 1
    rows = []
    for series in facts["series"]:
        for point in series["points"]:
            row: dict[str, Any] = (
                {"x": point["label"], "y": point["value"]} if facts["pairs"]
                else {"label": point["label"], "value": point["value"]}
            )
            if multi:
                row["series"] = series["name"]
            rows.append(row)
    return rows


def build_spec(facts: dict[str, Any]) -> dict[str, Any]:
    """The Vega-Lite spec for the facts (mark, encodings, titles, sizes)."""
    rows = data_rows(facts)
    labels = [p["label"] for p in facts["series"][0]["points"]]
    for series in facts["series"][1:]:
        labels += [p["label"] for p in series["points"] if p["label"] not in labels]
    multi = len(facts["series"]) > 1
    mark = facts["mark"]
    spec: dict[str, Any] = {"$schema": SCHEMA_ID, "data": {"values": rows}}
    if facts.get("title"):
        spec = {"$schema": SCHEMA_ID, "title": _title(facts), "data": {"values": rows}}
    if facts["pairs"]:
        spec.update(_pairs_view(facts, multi))
    elif mark == "arc":
        spec.update(_arc_view(facts, labels))
    else:
        spec.update(_category_view(facts, labels, multi))
    return spec


def _title(facts: dict[str, Any]) -> dict[str, Any]:
    title: dict[str, Any] = {"text": facts["title"]}
    if facts.get("generated"):
        title["subtitle"] = ILLUSTRATIVE_SUBTITLE
    return title


def _value_channel(facts: dict[str, Any], field: str = "value") -> dict[str, Any]:
    return {"field": field, "type": "quantitative", "title": facts.get("y_title")}


def _label_sort(facts: dict[str, Any], labels: list[Any], value_channel: str) -> Any:
    order = facts.get("sort")
    if order == "descending":
        return f"-{value_channel}"
    if order == "ascending":
        return value_channel
    if order == "alphabetical":
        return "ascending"
    return labels  # Vega-Lite would sort nominal labels alphabetically; keep the intent's order


def _category_view(facts: dict[str, Any], labels: list[Any], multi: bool) -> dict[str, Any]:
    horizontal = facts["mark"] == "bar" and facts.get("orientation") == "horizontal"
    label_axis, value_axis = ("y", "x") if horizontal else ("x", "y")
    time_like = all(is_time_like(str(label)) for label in labels)
    label_channel: dict[str, Any] = {
        "field": "label",
        "type": "ordinal" if time_like else "nominal",
        "sort": _label_sort(facts, labels, value_axis),
        "title": facts.get("x_title"),
    }
    if not horizontal and all(len(str(label)) <= 10 for label in labels) and len(labels) <= 16:
        label_channel["axis"] = {"labelAngle": 0}
    if len(labels) > MAX_AXIS_LABELS:
        step = -(-len(labels) // MAX_AXIS_LABELS)  # ceiling division
        label_channel["axis"] = {"values": labels[::step]}
    value_channel = _value_channel(facts)
    if horizontal:
        value_channel["title"] = facts.get("y_title")
    encoding: dict[str, Any] = {label_axis: label_channel, value_axis: value_channel}
    mark: dict[str, Any] = {"type": facts["mark"], "tooltip": True}
    if multi:
        encoding["color"] = {"field": "series", "type": "nominal", "title": None,
                             "sort": [s["name"] for s in facts["series"]]}
        if facts["mark"] == "bar" and facts.get("arrangement") != "stacked":
            encoding[f"{label_axis}Offset"] = {"field": "series", "sort": [s["name"] for s in facts["series"]]}
        if facts["mark"] == "area" and facts.get("arrangement") != "stacked":
            value_channel["stack"] = None
            mark["opacity"] = 0.5
    if facts["mark"] == "line":
        mark["point"] = True
    count = len(labels)
    size = {"width": 480, "height": min(800, max(200, 28 * count * (len(facts["series"]) if multi else 1)))} if horizontal \
        else {"width": min(800, max(320, 40 * count * (len(facts["series"]) if multi and facts["mark"] == "bar" else 1))), "height": 300}
    return {"mark": mark, "encoding": encoding, **size}


def _arc_view(facts: dict[str, Any], labels: list[Any]) -> dict[str, Any]:
    mark: dict[str, Any] = {"type": "arc", "tooltip": True}
    if facts.get("donut"):
        mark["innerRadius"] = 60
    color: dict[str, Any] = {"field": "label", "type": "nominal", "title": facts.get("x_title"),
                             "sort": labels}
    encoding: dict[str, Any] = {"theta": {"field": "value", "type": "quantitative", "stack": True,
                                          "title": facts.get("y_title")}, "color": color}
    if facts.get("sort") in ("descending", "ascending"):
        encoding["order"] = {"field": "value", "type": "quantitative",
                             "sort": "descending" if facts["sort"] == "descending" else "ascending"}
    return {"mark": mark, "encoding": encoding, "width": 320, "height": 320}


def _pairs_view(facts: dict[str, Any], multi: bool) -> dict[str, Any]:
    mark_type = facts["mark"] if facts["mark"] in ("point", "line", "area") else "point"
    mark: dict[str, Any] = {"type": mark_type, "tooltip": True}
    if mark_type == "point":
        mark["filled"] = True
        mark["size"] = 60
    encoding: dict[str, Any] = {
        "x": {"field": "x", "type": "quantitative", "title": facts.get("x_title"), "scale": {"zero": False}},
        "y": {"field": "y", "type": "quantitative", "title": facts.get("y_title"), "scale": {"zero": False}},
    }
    if multi:
        encoding["color"] = {"field": "series", "type": "nominal", "title": None,
                             "sort": [s["name"] for s in facts["series"]]}
    return {"mark": mark, "encoding": encoding, "width": 480, "height": 320}
