"""What the chart drafter reads out of an intent, before any wording (mark, title) is applied."""

from __future__ import annotations

from dataclasses import dataclass, field

Label = str | int | float
Number = int | float


@dataclass
class SeriesData:
    """One named series of (label, value) points, in the order the intent gives them."""

    name: str | None
    points: list[tuple[Label, Number]] = field(default_factory=list)


@dataclass
class ReadData:
    """Values read from an intent: series, whether they are x/y pairs, and titles the data names."""

    series: list[SeriesData]
    pairs: bool = False  # x/y pairs: labels are numbers on a quantitative axis
    x_title: str | None = None
    y_title: str | None = None
    unit: str | None = None
    source: str = "list"  # json | table | csv | pairs | list | labels-elsewhere
    data_start: int = 0  # where the data begins in the intent (the subject is before it)

    def point_count(self) -> int:
        """Number of points over all series."""
        return sum(len(s.points) for s in self.series)


@dataclass
class BareValues:
    """Numbers without labels (a JSON array, a lone CSV column): labels must come from the text."""

    values: list[Number]
    unit: str | None = None
    data_start: int = 0
