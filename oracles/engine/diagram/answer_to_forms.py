"""The drafter's reading of a reply said in loose English: "Server answer to Client." is the arrow
"Server -> Client: answer", and "Doctor answer to Reception "Tuesday 10h free"." (or ": Tuesday 10h
free") or "Bank answer to Shop with confirmation" carries what travels as its label. Read only when the sentence is that and nothing more, the
base form "answer" is used, and the receiver addressed the answering party earlier in one sentence
("Client send request to Server"). The check reads it on its own (answer_to_normal.py)."""

from __future__ import annotations

import re

from .answer_to_words import (
    ADDRESSING_VERBS,
    MESSAGE_MAX_WORDS,
    NAME_MAX_WORDS,
    NOT_IN_A_MESSAGE,
    QUESTION_OPENERS,
    REPLY_VERBS,
)

_NAME = rf"[A-Za-z][\w-]*(?:\s+[A-Za-z][\w-]*){{0,{NAME_MAX_WORDS - 1}}}"
# the receiver's name stops before "with", which opens what the answer carries ("answer to Shop with confirmation")
_RECEIVER = rf"(?!with\b)[A-Za-z][\w-]*(?:\s+(?!with\b)[A-Za-z][\w-]*){{0,{NAME_MAX_WORDS - 1}}}"
_ANSWER_TO_RE = re.compile(
    rf"(?P<lead>(?:^|(?<=[.;:\n])|(?<=[.;:]\s))\s*)(?:the\s+)?(?P<subj>{_NAME})\s+answer\s+to\s+(?:the\s+)?(?P<obj>{_RECEIVER})"
    r"(?:\s*(?:\"(?P<dq>[^\"\n]+)\"|'(?P<sq>[^'\n]+)'|:\s*(?P<colon>[^.;:\n\"']+))|\s+with\s+(?P<with>[^.;:\n\"']+?))?"
    r"(?P<end>\s*(?:[.;\n]|$))")


def _named_then_named(text: str, first: str, second: str, verbs: frozenset[str]) -> bool:
    """Whether one sentence of `text` names `first`, then one of `verbs`, then `second` ("Client send request to
    Server": Client, then "send", then Server)."""
    for sentence in re.split(r"[.;\n]", text):
        at = re.search(rf"(?<![\w-]){re.escape(first)}(?![\w-])", sentence, re.IGNORECASE)
        if not at:
            continue
        rest = sentence[at.end():]
        to = re.search(rf"(?<![\w-]){re.escape(second)}(?![\w-])", rest, re.IGNORECASE)
        if to and any(w.casefold() in verbs for w in re.findall(r"[\w-]+", rest[:to.start()])):
            return True
    return False


def _addressed(before: str, receiver: str, sender: str) -> bool:
    return _named_then_named(before, receiver, sender, ADDRESSING_VERBS)


def answer_to_as_arrows(intent: str) -> str:
    if not re.search(r"\banswer\s+to\b", intent, re.IGNORECASE):
        return intent

    def said(match: re.Match[str]) -> str:
        subj, obj = match.group("subj"), match.group("obj")
        if subj.split()[-1].casefold() in NOT_IN_A_MESSAGE | {"it", "they", "he", "she", "we", "who"}:
            return match.group(0)
        message = (match.group("dq") or match.group("sq") or match.group("colon") or match.group("with") or "answer").strip()
        words = message.split()
        if len(words) > MESSAGE_MAX_WORDS or any(w.casefold() in NOT_IN_A_MESSAGE for w in words):
            return match.group(0)
        if not _addressed(intent[:match.start()], obj, subj):
            return match.group(0)
        return f"{match.group('lead')}{subj} replies to {obj} with {message}{match.group('end')}"
    return _ANSWER_TO_RE.sub(said, intent)


_ASK_IF_RE = re.compile(
    rf"(?P<lead>(?:^|(?<=[.;:\n])|(?<=[.;:]\s))\s*)(?:the\s+)?(?P<subj>{_NAME})\s+(?P<verb>asks?)\s+(?:the\s+)?(?P<obj>{_NAME})"
    r"\s+(?:if|whether)\s+(?P<what>[^.;:\n\"'?]+?)\??(?P<end>\s*(?:[.;\n]|$))")


def _answered_later(after: str, asker: str, asked: str) -> bool:
    return _named_then_named(after, asked, asker, REPLY_VERBS)


def asked_if_as_arrows(intent: str, original: str) -> str:
    """"Website ask Availability service if room is free" → "Website -> Availability service: room is free",
    only when the asked party answers the asker later in the original intent."""
    def said(match: re.Match[str]) -> str:
        subj, obj, what = match.group("subj"), match.group("obj"), match.group("what").strip()
        words = what.split()
        parties = {subj.split()[-1].casefold(), obj.split()[0].casefold(), obj.split()[-1].casefold()}
        if parties & (NOT_IN_A_MESSAGE | {"it", "they", "he", "she", "we", "who", "them", "him", "her"}) \
                or not words or len(words) > MESSAGE_MAX_WORDS + 2 \
                or any(w.casefold() in NOT_IN_A_MESSAGE | QUESTION_OPENERS for w in words):
            return match.group(0)
        at = original.find(match.group(0).strip())
        if at < 0 or not _answered_later(original[at + len(match.group(0).strip()):], subj, obj):
            return match.group(0)
        return f"{match.group('lead')}{subj} asks {obj} for {what}{match.group('end')}"
    return _ASK_IF_RE.sub(said, intent)


def loose_replies_as_arrows(intent: str) -> str:
    return asked_if_as_arrows(answer_to_as_arrows(intent), intent)
