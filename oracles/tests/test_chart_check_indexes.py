"""The chart check's precomputed indexes give what the per-label scans they replace gave
(oracles/engine/chart/faithful_reading.py and faithful_words.py: _TokensInReach, _DrawnNames, the skipped window searches).

They exist so a 1,000-value chart is checked in time linear in its size; these tests pin that each
index is exact (the same answer as the brute-force reading), so no rule reads less than before.
"""

from __future__ import annotations

import random
import re

from oracles.engine.chart.faithful_reading import _REACH, _DrawnNames, _fold, _TokensInReach
from oracles.engine.chart.faithful_words import (
    _CHANGE_BARE,
    _CHANGE_BEFORE,
    _CHANGE_KEYS,
)
from oracles.engine.chart.values import stated_numbers


def test_tokens_in_reach_are_the_tokens_within_reach_of_a_label() -> None:
    rng = random.Random(8)
    text = " ".join(f"w{rng.randint(0, 9)} {rng.randint(0, 999)}" + rng.choice([",", "", " and", ";"])
                    for _ in range(300))
    tokens = list(stated_numbers(text))
    index = _TokensInReach(tokens)
    for _ in range(200):
        start = rng.randint(0, len(text) - 5)
        span = (start, start + rng.randint(1, 12))
        before = {i for i, t in enumerate(tokens) if 0 <= t.start - span[1] <= _REACH}
        after = {i for i, t in enumerate(tokens) if 0 <= span[0] - t.end <= _REACH}
        assert index.near([span], "before") == before
        assert index.near([span], "after") == after


def test_numbered_stems_count_the_names_that_number_one_stem() -> None:
    names = sorted({"Team 1", "team  2", "Team 3 b", "Bergen 289", "Team", "A 1 2", "a 1  3", "x\ny 4"})
    drawn = _DrawnNames(names)
    for stem in ("team", "bergen", "a 1", "a", "x\ny", "team 3 b"):
        brute = sum(1 for name in names if re.fullmatch(re.escape(stem) + r"\s+\d+", _fold(name).strip()))
        assert drawn.numbered_stems.get(stem, 0) == brute, stem


def test_every_change_phrase_holds_a_change_key() -> None:
    phrases = ["Zorvex is up ", "sales went down $", "revenue rose by ", "A up +", "B down 3, C down −", "fell by  "]
    for phrase in phrases:
        match = _CHANGE_BEFORE.search(phrase) or _CHANGE_BARE.search(phrase)
        assert match is not None, phrase
        assert any(key in match.group(0).lower() for key in _CHANGE_KEYS), phrase



def test_names_holding_a_piece_are_the_names_whose_folded_text_holds_it() -> None:
    rng = random.Random(5)
    letters = "ab c-é"
    for _ in range(2000):
        names = sorted({"".join(rng.choice(letters) for _ in range(rng.randint(0, 6))) for _ in range(rng.randint(1, 8))})
        drawn = _DrawnNames(names)
        for _ in range(10):
            piece = "".join(rng.choice(letters) for _ in range(rng.randint(0, 3)))
            assert list(drawn.holding(piece)) == [name for name, folded in drawn.folded if piece in folded]
    # a piece across two names is in neither ("ab" + "cd" does not hold "bc")
    assert list(_DrawnNames(["ab", "cd"]).holding("bc")) == []
