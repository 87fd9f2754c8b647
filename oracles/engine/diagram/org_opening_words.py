"""Words of two org-chart wordings, shared by the drafter (org_opening_forms.py) and the check
(org_opening_normal.py), which each read them in their own way:

- an opening sentence that says who leads the whole unit: "The organisation is headed by the Chief
  Executive Officer, Dana Reyes.", "The Research Division is led by Dr. Hana Ito." The unit is what the
  chart is of (no box); the person is the top of the chart, their role in brackets when said.
- "The CTO's direct reports are A and B": A and B report to the CTO.
- "A recruiting coordinator, Farah Ali, reports to …": one person and their role, as with "The …".

Vocabulary only.
"""

from __future__ import annotations

# the last word of what the chart is of: "the Talent Acquisition department", "the foundation"
UNIT_NOUNS = frozenset("""organisation organization company department division team foundation unit group office
    lab laboratory clinic practice firm school ministry agency studio store shop restaurant branch section bureau
    directorate charity nonprofit hospital business startup org""".split())
# "is headed by", "is led by", "is run by"
LEAD_VERBS = frozenset("headed led run managed directed".split())
# the words before the unit ("The …", "Our …")
UNIT_ARTICLES = frozenset("the our my".split())
# the role's article after "by" ("by the Chief Executive Officer, Dana Reyes")
ROLE_ARTICLES = frozenset("the our".split())
# a title before a surname ("Dr. Hana Ito"), its full stop ends no sentence
TITLES = frozenset("dr mr mrs ms prof".split())
# words that open a list item after "A coordinator, Farah Ali, …" (then the commas may list three people)
LIST_WORDS = frozenset("and or plus the a an our my their his her".split())
# "X's direct reports are …"
DIRECT_REPORTS = ("direct", "reports", "are")
