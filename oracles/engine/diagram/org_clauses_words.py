"""Words of org-chart wordings read by the drafter (org_clauses_forms.py, hierarchy.py) and the check
(org_clauses_normal.py), each in its own way:

- two reporting lines in one sentence, the second after ", and" with two people as its subject: "Sam reports
  to Jonas, and Noor and Felix report to Lea";
- a counted group set off by dashes, gathered again before its verb: "The three shift leads - Omar, Wei and
  Jess - all report to her" (the group is the names listed, as "The three shift leads, Omar, Wei and Jess,
  report to her");
- a list of two people closed by what they both are: "Maria manages Tom and Aisha, both team leads" (the
  note says who they are, no one more);
- a role said before the bracketed names it introduces, at a sentence's start: "Teachers of math and physics
  (Mrs. Weber, Mr. Wolf) are under Mrs. Braun", "Teacher of languages (Mrs. Schulz) is under Mr. Klein" (the
  people are the names; "are" with two names or more, "is" with one);
- the unit the heading names, run by a person: "Support org: Lena runs Support." (the unit is what the chart
  is of, as "Lena runs support.": Lena is the top of the chart).

Vocabulary only.
"""

from __future__ import annotations

# the verbs of a reporting line said upwards ("Noor and Felix report to Lea")
UP_VERBS = frozenset("report reports answer answers".split())
# words that may stand between the subject and the verb ("Noor and Felix both report to Lea")
GATHER_WORDS = frozenset("both also all".split())
# a count that opens a group ("The three shift leads - …")
COUNTS = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10}
# the words before the count ("The three …", "Our two …")
COUNT_ARTICLES = frozenset("the our my his her their".split())
# the heading's last word, naming what the chart is of ("Support org:", "Support team:")
HEADING_NOUNS = frozenset("org orgchart organigram team department division".split())
# "Lena runs Support": a person leading the unit
RUN_VERBS = frozenset("runs leads heads".split())
# "…, both team leads": the word that says the note is about the two people just listed
BOTH_WORDS = frozenset({"both"})
# the verbs of a reporting line said downwards, before the two people ("Maria manages Tom and Aisha, both …")
DOWN_VERBS = frozenset("manages supervises oversees has leads".split())
# the verbs after a role and its bracketed names: "(Mrs. Weber, Mr. Wolf) are under …"
PLURAL_UP = ("are under", "report to", "answer to", "work under", "work for")
SINGULAR_UP = ("is under", "reports to", "answers to", "works under", "works for")
