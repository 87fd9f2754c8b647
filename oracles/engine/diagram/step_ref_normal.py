"""The check's reading of a way back that names its item twice, by number and by name: in a list numbered
one item a line, "3. Legal OK? — if no, go back to step 1 (Write proposal)" says "step 1" and then item 1's
own name in brackets. The bracket adds nothing, so it is dropped ("go back to step 1"), and the way back is
read as any "go back to step 1".

The list's last item may ask, with its two answers nested under it, one a line:

    3. More items in queue?
       - yes → back to step 1
       - no → Shut down worker

which says what "3. More items in queue? yes → back to step 1; no → Shut down worker" says: the answers are
read on the item's own line. Only answers "yes" and "no", bullets of one indent, and nothing after them.

Only a bracket that says item N's whole name (its line, or the line up to its first stop: "Legal OK?" of
"3. Legal OK? — if no, …") after "step N" is dropped. Any other bracket ("step 1 (the draft)", "step 4 (Train)"
beside "4. Train model", "step 2 (Write proposal)" when item 2 is another step) is left as written, and the
check's grammar refuses it: which step is meant would be a guess. The drafter reads the list on its own
(step_refs.py)."""

from __future__ import annotations

import re

from .vocabulary import phrase_key

# "1. Write proposal", "2) Legal review", "Step 3: Sign": an item, one a line
_ITEM_RE = re.compile(r"(?m)^[ \t]*(?:step[ \t]+)?(?P<n>\d{1,2})[.):][ \t]+(?P<text>\S[^\n]*)$", re.IGNORECASE)
# "step 1 (Write proposal)": a reference by number with a name in brackets after it
_REFERENCE_RE = re.compile(r"\b(?P<ref>step\s+(?P<n>\d{1,2}))\s*\((?P<name>[^()\n]{1,80})\)", re.IGNORECASE)
# where an item's name ends: a stop, a dash, a colon or a bracket after it
_NAME_END_RE = re.compile(r"\s*(?:[—–;:,(]|\s-\s|\.(?:\s|$))")


def item_names(intent: str) -> dict[int, set[str]] | None:
    """Each item's name keys (its whole line, and its line up to the first stop); None unless the items
    count 1..n (n >= 2) with nothing skipped or said twice."""
    items = [(int(m.group("n")), m.group("text").strip()) for m in _ITEM_RE.finditer(intent)]
    if len(items) < 2 or [n for n, _ in items] != list(range(1, len(items) + 1)):
        return None
    names: dict[int, set[str]] = {}
    for number, text in items:
        whole = text.rstrip(" .!")
        cut = _NAME_END_RE.search(whole)
        names[number] = {key for key in (phrase_key(whole), phrase_key(whole[: cut.start()] if cut else whole)) if key}
    return names


def restated_step_names_dropped(intent: str) -> str:
    """ "go back to step 1 (Write proposal)" → "go back to step 1" when item 1 is "Write proposal"."""
    if not _REFERENCE_RE.search(intent):
        return intent
    names = item_names(intent)
    if names is None:
        return intent

    def drop(reference: re.Match[str]) -> str:
        said = names.get(int(reference.group("n")))
        if said is None or phrase_key(reference.group("name")) not in said:
            return reference.group(0)
        return reference.group("ref")

    return _REFERENCE_RE.sub(drop, intent)


# the list's last line asks; under it, nothing but a "yes" and a "no" bullet of one indent
_LAST_QUESTION_RE = re.compile(r"(?m)^(?P<item>[ \t]*(?:step[ \t]+)?\d{1,2}[.):][ \t]+[^\n]*\?)[ \t]*\n"
                               r"(?P<rows>(?:[ \t]+[-*•][ \t]+[^\n]*(?:\n|$)){2})\s*\Z", re.IGNORECASE)
_ANSWER_ROW_RE = re.compile(r"^(?P<indent>[ \t]+)[-*•][ \t]+(?P<answer>yes|no)\b(?P<rest>.*\S)\s*$", re.IGNORECASE)


def nested_answers_on_the_item(intent: str) -> str:
    """ "3. More items?\n   - yes → back to step 1\n   - no → Stop" (the list's last item) → "3. More items?
    yes → back to step 1; no → Stop"; anything else as written."""
    if item_names(intent) is None:
        return intent
    last = _LAST_QUESTION_RE.search(intent)
    if last is None:
        return intent
    rows = [_ANSWER_ROW_RE.match(row) for row in last.group("rows").splitlines()]
    if not all(rows) or len({row.group("indent") for row in rows if row}) != 1 \
            or len({row.group("answer").casefold() for row in rows if row}) != 2:
        return intent
    said = "; ".join(f"{row.group('answer')}{row.group('rest')}" for row in rows if row)
    return f"{intent[: last.start()]}{last.group('item')} {said}"
