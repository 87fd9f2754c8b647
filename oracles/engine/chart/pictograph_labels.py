"""Pictographs at the edge of some labels only (check side).

"Mon 34 👍 Tue 41 👎 Wed 29": the thumbs close one item as a reaction; drawn as the labels '👍 Tue' and '👎 Wed'
beside a plain 'Mon', they would name different things than the days. Labels that all carry their icon
("🍕 Pizza 12, 🍔 Burger 9") are the names as written; when only some do, the chart is refused."""

from __future__ import annotations

import unicodedata


def _edge_pictograph(label: str) -> bool:
    text = label.strip()
    return bool(text) and (unicodedata.category(text[0]) == "So" or unicodedata.category(text[-1]) == "So")


def mixed_pictograph_labels(labels: list[str]) -> str | None:
    """The message when some labels (not all) open or close with a pictograph; None otherwise."""
    marked = [label for label in labels if _edge_pictograph(label)]
    if not marked or len(marked) == len(labels):
        return None
    return (f"The label '{marked[0]}' carries a pictograph that the other labels do not, so it may close the item "
            f"before it rather than name this one. Leave the pictographs out, or give each label its own, e.g. "
            f"'Mon 34, Tue 41, Wed 29'.")
