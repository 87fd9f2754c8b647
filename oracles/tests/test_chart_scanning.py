"""The chart check's skipped scans (oracles/engine/chart/scanning.py) find what the scans they skip find.

A scan is skipped only when the text lacks what the pattern's syntax tree says every match needs. These
tests pin that the reading of the tree is sound: over every pattern of the chart engine and every dev
intent (and fuzzed texts made of the patterns' own words), `Scanned.matches` is exactly `finditer`, and a
text (or a window or part of it) that matches a pattern is never said to be unable to.
"""

from __future__ import annotations

import importlib
import pkgutil
import random
import re

import pytest

import oracles.engine.chart as chart_package
from oracles.engine.chart.scanning import Scanned, lowered, requirement
from oracles.eval import entry_kind, load_corpus


def _chart_patterns() -> list[re.Pattern[str]]:
    found: dict[int, re.Pattern[str]] = {}
    for module_info in pkgutil.iter_modules(chart_package.__path__):
        module = importlib.import_module(f"{chart_package.__name__}.{module_info.name}")
        for value in vars(module).values():
            candidates = value if isinstance(value, list) else [value]
            for candidate in candidates:
                pattern = candidate[0] if isinstance(candidate, tuple) and candidate else candidate
                if isinstance(pattern, re.Pattern) and isinstance(pattern.pattern, str):
                    found[id(pattern)] = pattern
    return list(found.values())


PATTERNS = _chart_patterns()
DEV_INTENTS = [entry["intent"] for split, entry in load_corpus() if split == "dev" and entry_kind(entry) == "chart"]


def _pieces(need: object) -> list[str]:
    if isinstance(need, str):
        return [need]
    if isinstance(need, tuple):
        return [piece for part in need[1] for piece in _pieces(part)]
    return []


def _fuzzed(rng: random.Random, count: int) -> list[str]:
    """Texts of the patterns' own pieces in every case, with digits, signs and spaces between."""
    words = sorted({piece for pattern in PATTERNS for piece in _pieces(requirement(pattern))})
    filler = [" ", "  ", ", ", ": ", "\n", "(", ")", "'", "\"", "-", "–", "/", "12", "3", "2024", "4.5", "%", "$", "_"]
    texts = []
    for _ in range(count):
        parts = [rng.choice(words) if rng.random() < 0.5 else rng.choice(filler) for _ in range(rng.randint(1, 14))]
        text = "".join(parts)
        texts.append(rng.choice([text, text.upper(), text.title(), text.replace("i", "İ"), text.replace("s", "ſ")]))
    return texts


def test_the_engine_has_patterns_to_read() -> None:
    assert len(PATTERNS) > 150
    assert len(DEV_INTENTS) > 300


@pytest.mark.parametrize("pattern", PATTERNS, ids=lambda p: p.pattern[:40])
def test_a_scan_finds_exactly_what_finditer_finds(pattern: re.Pattern[str]) -> None:
    texts = DEV_INTENTS + _fuzzed(random.Random(len(pattern.pattern) * 31 + 7), 120)
    for text in texts:
        scanned = Scanned(text)
        assert [m.span() for m in scanned.matches(pattern)] == [m.span() for m in pattern.finditer(text)], text
        first = scanned.first(pattern)
        expected = pattern.search(text)
        assert (first and first.span()) == (expected and expected.span()), text


@pytest.mark.parametrize("pattern", PATTERNS, ids=lambda p: p.pattern[:40])
def test_no_part_or_window_that_matches_is_said_unable_to(pattern: re.Pattern[str]) -> None:
    rng = random.Random(len(pattern.pattern))
    for text in DEV_INTENTS[::4] + _fuzzed(rng, 60):
        scanned = Scanned(text)
        for _ in range(4):
            start = rng.randint(0, len(text))
            window = text[start:start + rng.randint(0, 40)]
            if pattern.search(window) or pattern.match(window):
                assert scanned.may_match(pattern), (pattern.pattern, window)
        parts = re.split(r"[,\n;]", text)  # names joined, as the check joins the drawn names
        joined = Scanned("\n".join(parts))
        for part in parts:
            if pattern.search(part.strip()):
                assert joined.may_match(pattern), (pattern.pattern, part)


def test_the_requirement_of_a_pattern_is_its_literal_words() -> None:
    assert requirement(re.compile(r"\b(?:two|three)\s+charts\b", re.IGNORECASE)) == ("all", ("charts", ("any", ("three", "two"))))
    assert requirement(re.compile(r"\bbars?\b")) == "bar"  # "bars" holds "bar": asking for "bar" is enough
    assert requirement(re.compile(r"(?:[Tt]op|first)\s*\d")) == ("any", ("first", "top"))
    assert requirement(re.compile(r"\d+(?:\.\d+)?")) is None  # digits only: nothing certain, the scan always runs
    assert requirement(re.compile(r"a|\d")) is None  # one way needs nothing
    assert requirement(re.compile(r"(?<=€)\d")) == "€"  # a lookbehind's sign is in the text
    assert requirement(re.compile(r"(?<!x)y")) == "y"  # a negative lookaround needs nothing


def test_case_folds_beyond_lower_are_read_as_re_reads_them() -> None:
    for text, pattern in (("İNFO", r"info"), ("ſtacked", r"stacked"), ("ıd", r"id"), ("\u212aG", r"kg")):
        compiled = re.compile(pattern, re.IGNORECASE)
        assert compiled.search(text)
        assert Scanned(text).may_match(compiled), text
    assert lowered("İSTANBUL") == "istanbul"


def test_a_text_without_the_words_is_not_scanned() -> None:
    scanned = Scanned("a line chart of daily visits: " + ", ".join(f"d{i} {i % 97}" for i in range(50)))
    assert not scanned.may_match(re.compile(r"\b(?:exclude|ignore)\b", re.IGNORECASE))
    assert scanned.matches(re.compile(r"\bforecast\b")) == ()
    assert scanned.may_match(re.compile(r"\bline\s+chart\b"))
