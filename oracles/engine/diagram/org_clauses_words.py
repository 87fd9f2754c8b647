"""Words of org-chart wordings read by the drafter (org_clauses_forms.py) and the check
(org_clauses_normal.py), each in its own way:

- two reporting lines in one sentence, the second after ", and" with two people as its subject: "Sam reports
  to Jonas, and Noor and Felix report to Lea";

Vocabulary only.
"""

from __future__ import annotations

# the verbs of a reporting line said upwards ("Noor and Felix report to Lea")
UP_VERBS = frozenset("report reports answer answers".split())
# words that may stand between the subject and the verb ("Noor and Felix both report to Lea")
GATHER_WORDS = frozenset("both also all".split())
