"""The check's own reading of particle verbs between two named parties (the drafter's is
particle_forms.py; the words are particle_words.py), said as labelled arrows:
"S switches on O" → "S -> O: switches on"; "S looks up O" (O named again) → "S -> O: looks up";
"S looks W up in O" / "S looks up W in O" → "S -> O: looks W up"; "S types M into O" → "S -> O: M";
"S reports its M to O" → "S -> O: M". Read clause by clause: a clause opens its sentence with a
subject of one to four words (the acting party) and ends at the sentence's end or ", and"."""

from __future__ import annotations

import re

from .particle_words import NOT_A_PARTY, OWNER_WORDS, SWITCHES

_MAX = 4


def _party(words: list[str]) -> bool:
    named = words[1:] if words and words[0].casefold() == "the" else words
    return 0 < len(named) <= _MAX and not {w.casefold() for w in words} & NOT_A_PARTY \
        and all(re.fullmatch(r"[\w-]+", w) for w in words)


def _arrow(words: list[str], whole: str) -> str | None:
    low = [w.casefold() for w in words]
    for at in range(1, min(len(words), _MAX + 2)):
        subject = words[:at]
        if not _party(subject):
            continue
        verb, rest = low[at:at + 2], words[at + 2:]
        if " ".join(verb) in SWITCHES and _party(rest):
            return f"{' '.join(subject)} -> {' '.join(rest)}: {' '.join(words[at:at + 2])}"
        if low[at:at + 1] == ["looks"]:
            tail, tail_low = words[at + 1:], low[at + 1:]
            if "in" in tail_low:
                cut = tail_low.index("in")
                what, obj = tail[:cut], tail[cut + 1:]
                if what and _party(obj) and (tail_low[0] == "up" and _party(what[1:]) or tail_low[cut - 1] == "up"
                                             and _party(what[:-1])):
                    return f"{' '.join(subject)} -> {' '.join(obj)}: {' '.join(words[at:at + 1 + cut])}"
            elif tail_low[:1] == ["up"] and _party(tail[1:]):
                named = " ".join(tail[1:][1:] if tail_low[1] == "the" else tail[1:])
                if len(re.findall(rf"(?<![\w-]){re.escape(named)}(?![\w-])", whole, re.IGNORECASE)) > 1:
                    return f"{' '.join(subject)} -> {' '.join(tail[1:])}: looks up"
        if low[at:at + 1] in (["types"], ["reports"]):
            preposition = "into" if low[at] == "types" else "to"
            tail_low = low[at + 1:]
            if preposition in tail_low[1:]:
                cut = tail_low.index(preposition)
                what, obj = words[at + 1:at + 1 + cut], words[at + 2 + cut:]
                if low[at] == "reports" and (not what or what[0].casefold() not in OWNER_WORDS):
                    return None  # "reports to": a reporting line
                while len(what) > 1 and what[0].casefold() in OWNER_WORDS:
                    what = what[1:]
                if what and len(what) <= 3 and _party(obj):
                    return f"{' '.join(subject)} -> {' '.join(obj)}: {' '.join(what)}"
    return None


def particle_normal_form(intent: str) -> str:
    if not re.search(r"\b(?:switches|turns|looks|types|reports)\b", intent, re.IGNORECASE):
        return intent
    out: list[str] = []
    for piece in re.split(r"((?:[.;:]|,\s+and)(?:\s+|$)|\n)", intent):
        lead = re.match(r"\s*", piece).group(0)  # type: ignore[union-attr]
        arrow = _arrow(piece.split(), intent) if piece.strip() and not re.fullmatch(r"(?:[.;:]|,\s+and)\s*|\n", piece) else None
        out.append(lead + arrow if arrow else piece)
    text = "".join(out)
    # ", and" after an arrow closes it: the next clause is a sentence of its own
    return re.sub(r"(: [^.;:\n]+?),\s+and(\s+)", r"\1.\2", text) if text != intent else intent
