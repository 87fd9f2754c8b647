"""The check's own reading of "X answers Y with M" (the drafter's is reply_forms.py): said as "X replies
to Y with M", the reply the glue grammar reads, when Y is a party named earlier in the intent. A
receiver not named before ("answers questions with links") is left as written; "answers to" is a
reporting line and never matched."""

from __future__ import annotations

import re

_WORD_RE = re.compile(r"[\w-]+")


def _rewrite_sentence(sentence: str, before: str) -> str:
    words = sentence.split(" ")
    for i, word in enumerate(words):
        if word.casefold() != "answers" or i == 0 or i + 2 >= len(words):
            continue
        rest = words[i + 1:]
        if rest[0].casefold() == "to":
            return sentence
        start = 1 if rest[0].casefold() == "the" else 0
        for size in (1, 2):
            if start + size < len(rest) and rest[start + size].casefold() == "with" \
                    and all(_WORD_RE.fullmatch(w) for w in rest[start:start + size]):
                receiver = " ".join(rest[start:start + size])
                named = re.search(rf"(?<![\w-]){re.escape(receiver)}(?![\w-])", before + " ".join(words[:i]), re.IGNORECASE)
                if named and start + size + 1 < len(rest):
                    return " ".join(words[:i] + ["replies", "to"] + rest)
        return sentence
    return sentence


def reply_normal_form(intent: str) -> str:
    if not re.search(r"\banswers\b", intent, re.IGNORECASE):
        return intent
    parts = re.split(r"(?<=[.;\n])", intent)
    out: list[str] = []
    for part in parts:
        out.append(_rewrite_sentence(part, "".join(out)))
    return "".join(out)
