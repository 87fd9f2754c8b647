"""A heading run into the first step without a colon: "user journey visitor sees the ad then clicks
it …" drawn with a node 'user journey visitor sees the ad'. The words before the step name the
drawing ('user journey') and who acts in it ('visitor'); neither is part of the step's name, and
which words are the heading is a guess. The check refuses such a node (after its own reading, so
more precise reasons come first) and asks for the colon that makes the heading one: "User journey:
the visitor sees the ad, then clicks it …"."""

from __future__ import annotations

import re

from ..contracts import EngineRefusal

# a kind of drawing that heads a story of steps ("user journey", "onboarding flow", "release process")
_HEADING_WORDS = frozenset("journey flow workflow process pipeline runbook".split())


def _glued_heading(label: str) -> str | None:
    """The heading words of 'user journey visitor sees the ad', or None when the node has none: a
    heading word after at least one word, then a one-word actor, then a verb said of it ('sees')."""
    words = re.findall(r"[\w'-]+", label.casefold())
    for index, word in enumerate(words[1:4], start=1):
        rest = words[index + 1:]
        if word in _HEADING_WORDS and len(rest) >= 2 and not rest[0].endswith("s") and rest[1].endswith("s") \
                and len(rest[1]) > 3:
            return " ".join(words[:index + 1])
    return None


def refuse_heading_glued_to_step(intent: str, nodes: list[str]) -> None:
    """Refuse a node that starts with a heading said without a colon before the first step."""
    for label in nodes:
        heading = _glued_heading(label)
        if heading and re.match(rf"\W*{re.escape(heading)}\s+(?!:)", intent.casefold()):
            raise EngineRefusal("NODE_NOT_IN_INTENT", f"The node '{label}' begins with '{heading}', which reads as a "
                                                      "heading run into the first step. Put a colon after the "
                                                      "heading, e.g. 'User journey: the visitor sees the ad, then "
                                                      "clicks it, then starts a trial'.")


# "Document states - draft -> review": a heading parted from the first step by a spaced dash
_DASHED_HEADING = re.compile(r"^\W*(?P<heading>(?:[\w'-]+\s+){0,3}?(?:states?|statuses|transitions|lifecycle|life\s+cycle|"
                             r"machine|journey|flow|workflow|process|pipeline|runbook|steps|stages|board|columns))"
                             r"\s+[—–-]\s+", re.IGNORECASE)


def refuse_dashed_heading_in_step(intent: str, nodes: list[str]) -> None:
    """Refuse the first node drawn with the heading before its spaced dash ('Document states - draft')."""
    found = _DASHED_HEADING.match(intent)
    if found is None:
        return
    heading = found.group("heading").casefold()
    for label in nodes:
        if re.match(rf"\W*{re.escape(heading)}\s+[—–-]\s+", label.casefold()):
            raise EngineRefusal("NODE_NOT_IN_INTENT", (
                f"The node '{label}' begins with '{found.group('heading')}', the heading before the dash, run into "
                f"the first step. Put a colon after the heading, e.g. '{found.group('heading')}: draft -> review'."))
