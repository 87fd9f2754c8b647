"""The check's own reading of a reply in loose English (the drafter's is answer_to_forms.py): "Server
answer to Client." is said "Server replies to Client with answer.", and a quoted message or one after a
colon ("Doctor answer to Reception "Tuesday 10h free"", "Warehouse answer to Shop: yes in stock") is
what the reply carries, and so is what follows "with" ("Bank answer to Shop with confirmation"). Only the base form "answer", only when the sentence is nothing more, and only
when the receiver addressed the answering party earlier in one sentence; "answers to" stays a
reporting line."""

from __future__ import annotations

import re

from .answer_to_words import ADDRESSING_VERBS, ANSWER_WORD, MESSAGE_MAX_WORDS, NAME_MAX_WORDS, NOT_IN_A_MESSAGE

_PRONOUNS = frozenset("it they he she we who this that".split())


def _words(text: str) -> list[str]:
    return [w.casefold() for w in re.findall(r"[\w-]+", text)]


def _has(words: list[str], name: list[str]) -> int:
    for i in range(len(words) - len(name) + 1):
        if words[i:i + len(name)] == name:
            return i
    return -1


def _earlier_addressed(earlier: list[str], receiver: list[str], sender: list[str]) -> bool:
    for sentence in earlier:
        words = _words(sentence)
        at = _has(words, receiver)
        if at < 0:
            continue
        rest = words[at + len(receiver):]
        to = _has(rest, sender)
        if to > 0 and ADDRESSING_VERBS & set(rest[:to]):
            return True
    return False


def _message(tail: str) -> str | None:
    tail = tail.strip()
    if not tail:
        return ANSWER_WORD
    for opener, closer in (('"', '"'), ("'", "'"), ("“", "”")):
        if tail.startswith(opener) and tail.endswith(closer) and len(tail) > 2 and closer not in tail[1:-1]:
            return tail[1:-1].strip()
    if tail.startswith(":") and not set("\"'“”:") & set(tail[1:]):
        return tail[1:].strip()
    # "Bank answer to Shop with confirmation": what follows "with" is what the answer carries
    said = tail.split(None, 1)
    if len(said) == 2 and said[0] == "with" and not set("\"'“”:") & set(said[1]):
        return said[1].strip()
    return None


def _rewrite(sentence: str, earlier: list[str]) -> str:
    body = sentence.rstrip()
    stop = ""
    if body.endswith((".", ";")):
        body, stop = body[:-1], body[-1]
    found = re.search(r"\s(answer)\s+to\s", body)
    if found is None or found.group(1) != ANSWER_WORD:
        return sentence
    lead_space = body[:len(body) - len(body.lstrip())]
    subject = body[:found.start()].strip()
    after = body[found.end():]
    name_match = re.match(r"(?:the\s+)?([A-Za-z][\w-]*(?:\s+[A-Za-z][\w-]*)*?)(?=\s*(?:[\"'“:]|$)|\s+with\s)", after)
    if name_match is None:
        return sentence
    receiver = name_match.group(1)
    message = _message(after[name_match.end():])
    subject_words = _words(re.sub(r"^the\s+", "", subject, flags=re.IGNORECASE))
    receiver_words = _words(receiver)
    if message is None or not subject_words or len(subject_words) > NAME_MAX_WORDS \
            or not receiver_words or len(receiver_words) > NAME_MAX_WORDS \
            or len(subject_words) != len(subject.split()) - (subject.casefold().startswith("the ")) \
            or _PRONOUNS & set(subject_words + receiver_words):
        return sentence
    said = _words(message)
    if not said or len(said) > MESSAGE_MAX_WORDS or NOT_IN_A_MESSAGE & set(said):
        return sentence
    if not _earlier_addressed(earlier, receiver_words, subject_words):
        return sentence
    return f"{lead_space}{subject} replies to {receiver} with {message}{stop}" + sentence[len(sentence.rstrip()):]


def answer_to_normal_form(intent: str) -> str:
    if not re.search(r"\banswer\s+to\b", intent):
        return intent
    parts = re.split(r"(?<=[.;\n])", intent)
    out: list[str] = []
    for part in parts:
        out.append(_rewrite(part, re.split(r"[.;\n]", "".join(out))))
    return "".join(out)
