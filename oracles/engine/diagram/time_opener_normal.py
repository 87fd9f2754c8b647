"""The check's own reading of when a message is sent, said before its sender: "on the day, the shipper hands
the parcel to the driver", "Later the Merchant server calls our API", "The next morning, the clerk sends …".
The time says only that the message comes later, which the order of the sentences already shows; it is
dropped where it opens a sentence or a clause and a subject follows it (a determiner or a capitalised name),
so "later review" or "the next day's batch" stay as written. The drafter reads it on its own (sequences.py)."""

from __future__ import annotations

import re

_TIME_OPENER_RE = re.compile(
    r"(?P<lead>(?:^|(?<=[.;:!?\n])|(?<=,))[ \t]*(?:and[ \t]+)?(?:then[ \t]+)?)"
    r"(?:[Ll]ater(?:[ \t]+on)?|LATER|[Ss]ubsequently|[Oo]n[ \t]+the[ \t]+day|[Tt]he[ \t]+next[ \t]+(?:day|morning))"
    r"[ \t]*,?[ \t]+(?=(?:the|a|an|our|my|their|The|A|An|Our|My|Their)[ \t]|[A-Z])")


def time_opener_normal_form(intent: str) -> str:
    if not re.search(r"\b(?:later|subsequently|day|morning)\b", intent, re.IGNORECASE):
        return intent
    return _TIME_OPENER_RE.sub(lambda m: m.group("lead"), intent)
