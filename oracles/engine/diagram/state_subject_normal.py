"""The check's own reading of a move whose subject is a state said of the machine's thing: "Paid orders move to
Shipped once the label is printed", "A Paid order becomes Shipped when dispatched", "Open tickets can go to
Pending when we wait on the customer".

Read here without the drafter's code (state_subject_forms.py), word by word. A clause (opening the intent, a
sentence, a ";"-part, a line or a bullet, or after "and" when an article follows it) is such a move when its
words are: an article at most, one to three capitalised words (the state) and one lowercase noun (the thing), or the
noun, "in" and the state ("orders in Paid"), "can" or "may" (and "also") at most, then a move verb followed by "to" ("back to", …), or "becomes" followed by a
capitalised word. It is read so only when the intent says it draws states, the state is written the same way
elsewhere in the intent and the noun (or its plural) stands elsewhere too; the clause then opens
"<State> <verb>s" ("Paid moves to Shipped …"), which the move readers take. Anything else is left as written.
"""

from __future__ import annotations

import re

from .state_subject_words import (
    DETERMINERS,
    MODAL_ADVERBS,
    MODALS,
    MOVE_VERBS,
    NAME_FOLLOWERS,
    NAMING_VERBS,
    NOT_A_THING,
    STATE_CUES,
    STATE_MAX_WORDS,
    VERB_PARTICLES,
)


def _tokens(text: str) -> list[re.Match[str]]:
    return list(re.finditer(r"\S+", text))


def _opens_clause(text: str, tokens: list[re.Match[str]], i: int) -> bool:
    if i == 0:
        return True
    before = tokens[i - 1].group(0)
    if before in ("-", "*", "•"):
        return _opens_clause(text, tokens, i - 1)
    return before[-1] in ".;!?:" or "\n" in text[tokens[i - 1].end(): tokens[i].start()]


def _is_name_word(word: str) -> bool:
    return bool(re.fullmatch(r"[A-Z][\w'-]*", word)) and word.casefold() not in DETERMINERS


def _subject_at(text: str, tokens: list[re.Match[str]], i: int) -> tuple[int, int, int, str, str, str] | None:
    """(first token, first token after the verb, first token after the subject, state, thing, verb) of a subject
    at i: "[a] <State> <thing>" or "[a] <thing> in <State>"."""
    words = [t.group(0) for t in tokens]
    start = i
    after_and = i > 0 and words[i - 1].casefold() == "and"
    if not (_opens_clause(text, tokens, i) or after_and):
        return None
    if words[i].casefold() in DETERMINERS:
        i += 1
    elif after_and:  # "…, and a Returned order becomes …": after "and", only with its article
        return None
    if i + 2 < len(words) and words[i + 1] == "in" and re.fullmatch(r"[A-Za-z][a-z-]*", words[i]):
        # "Orders in Paid move to …", "a ticket in Open goes to …": the thing, then the state it is in
        thing, first = words[i].casefold(), i + 2
        i = first
        while i < len(words) and i - first < STATE_MAX_WORDS and _is_name_word(words[i]):
            i += 1
        if i == first or thing in NOT_A_THING:
            return None
        state_end = subject_end = i
        i -= 1  # the verb is read from the word after the state
    else:
        first = i
        while i < len(words) and i - first < STATE_MAX_WORDS and _is_name_word(words[i]):
            i += 1
        if i == first or i + 1 >= len(words):
            return None
        # the state is the capitalised words; the thing is the one lowercase noun after them
        thing = words[i]
        if not re.fullmatch(r"[a-z][a-z-]*", thing) or thing in NOT_A_THING:
            return None
        state_end, subject_end = i, i + 1
    j = i + 1
    if j >= len(words):
        return None
    if words[j] in MODALS:
        j += 1
        if j < len(words) and words[j] in MODAL_ADVERBS:
            j += 1
    if j + 1 >= len(words) or words[j] not in MOVE_VERBS:
        return None
    verb, k = words[j], j + 1
    if words[k] in VERB_PARTICLES:
        k += 1
    lands = k < len(words) and words[k] in ("to", "into")
    named = verb in NAMING_VERBS and re.fullmatch(r"[A-Z][\w'-]*[.,;]?", words[j + 1]) is not None
    if not (lands or named):
        return None
    return start, j + 1, subject_end, " ".join(words[first:state_end]), thing, verb


def state_subject_normal_form(intent: str) -> str:
    """"<State> <thing> moves to …" clauses as "<State> moves to …"; the intent unchanged when none is read."""
    if not any(w.strip(".,;:!?()").casefold() in STATE_CUES for w in intent.split()):
        return intent
    tokens = _tokens(intent)
    subjects = [s for i in range(len(tokens)) if (s := _subject_at(intent, tokens, i))]
    if not subjects:
        return intent
    # what the intent says outside these subjects: the state and the thing must be named there too
    spans = {t for s in subjects for t in range(s[0], s[2])}
    elsewhere = [tokens[t].group(0) for t in range(len(tokens)) if t not in spans]
    bare = [w.strip(".,;:!?()[]\"'`*") for w in elsewhere]
    low = {w.casefold() for w in bare}

    def named(state: list[str]) -> bool:
        """The state named as a whole name outside the subjects: no capitalised word glued before it, and after
        it punctuation, the end, or a verb or joining word ("Express" of "Express lane" is no state named)."""
        n = len(state)
        for k in range(len(bare) - n + 1):
            if bare[k:k + n] != state:
                continue
            glued_before = k > 0 and elsewhere[k - 1] == bare[k - 1] and bare[k - 1][:1].isupper()
            cut = elsewhere[k + n - 1] != bare[k + n - 1]  # punctuation after the name
            after = bare[k + n].casefold() if k + n < len(bare) else ""
            if not glued_before and (cut or not after or not after[:1].isalpha() or after in NAME_FOLLOWERS):
                return True
        return False

    out = intent
    for start, end, _subject_end, state, thing, verb in reversed(subjects):
        noun = thing[:-1] if thing.endswith("s") and not thing.endswith("ss") and len(thing) > 3 else thing
        if not named(state.split()) or not ({noun, noun + "s"} & low):
            continue
        out = out[: tokens[start].start()] + f"{state} {MOVE_VERBS[verb]}" + out[tokens[end - 1].end():]
    return out
