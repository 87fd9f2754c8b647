"""Words of dependency prose with the intent's own word on which way the arrows point, shared by the
drafter (dependency_prose_forms.py) and the check (dependency_prose_normal.py), which each read the
sentences on their own. Only wording lives here: the instructions and the relation verbs.

Which way an arrow points is never guessed: "Differential Equations needs Calculus II" may be drawn
either way, so these sentences are read only beside an instruction that says the way.
"""

from __future__ import annotations

import re

_THING = r"(?:[\w-]+\s+){0,2}?"
# "arrows from each package to the package it depends on", "arrow = depends on", "from dependent to dependency"
TOWARD_DEPENDENCY_RE = re.compile(
    r"(?:arrows?|edges?)\s*(?:=|means|:)\s*[\"“'`]?depends\s+on[\"”'`]?"
    r"|(?:(?:arrows?|edges?)\s+)?(?:(?:should\s+)?(?:go(?:es|ing)?|point(?:s|ing)?|run(?:s|ning)?)\s+)?from\s+(?:the\s+|a\s+|each\s+)?dependents?\s+to\s+(?:the\s+|its\s+)?"
    r"dependenc(?:y|ies)"
    rf"|(?:(?:arrows?|edges?)\s+)?(?:(?:should\s+)?(?:go(?:es|ing)?|point(?:s|ing)?|run(?:s|ning)?)\s+)?from\s+(?:each|every|a|the)\s+{_THING}[\w-]+\s+to\s+"
    rf"(?:the\s+{_THING}[\w-]+\s+|each\s+{_THING}[\w-]+\s+|what\s+|whatever\s+|everything\s+|each\s+thing\s+)?(?:it|they)\s+"
    r"(?:depends?|relies?|needs?)(?:\s+on)?",
    re.IGNORECASE,
)
# "arrow from prerequisite to the course it unlocks", "arrows from the needed course to the course",
# "arrow from the prerequisite to the task that needs it", "arrows from what comes first to what depends on it"
TOWARD_DEPENDENT_RE = re.compile(
    r"(?:(?:arrows?|edges?)\s+)?(?:(?:should\s+)?(?:go(?:es|ing)?|point(?:s|ing)?|run(?:s|ning)?)\s+)?from\s+(?:the\s+|each\s+|a\s+)?"
    r"(?:prerequisites?|prereqs?|dependenc(?:y|ies)|needed\s+[\w-]+|required\s+[\w-]+)\s+to\s+(?:the\s+|each\s+|its\s+)?"
    r"(?:dependents?|[\w-]+)(?:\s+(?:it\s+unlocks|that\s+needs?\s+it|that\s+requires?\s+it|which\s+needs?\s+it))?"
    r"|(?:(?:arrows?|edges?)\s+)?from\s+what\s+comes\s+first\s+to\s+what\s+(?:depends\s+on|needs)\s+it",
    re.IGNORECASE,
)
# the words that ask for the arrows, around the instruction: "please draw with …", "draw …"
ASKING_RE = re.compile(r"(?:(?:please|pls)\s+)?(?:draw|use|make|show)(?:\s+(?:it|this|them|the\s+graph))?\s+(?:with\s+)?$",
                       re.IGNORECASE)

# "A depends on B", "A needs B", "A requires B": A comes after what it names
DEPENDS_VERBS = r"(?:depends?\s+on|relies\s+on|rely\s+on|needs?|requires?)"
# "B is required for A", "B is needed for A", "B is a prerequisite for A": B comes first
REQUIRED_FOR = r"(?:is|are)\s+(?:required|needed|a\s+prerequisite|prerequisites)\s+(?:for|of)"
# "For A you must have B": A comes after B
FOR_YOU_NEED = r"for\s+(?P<after>[^,.;:!?\n]+?)\s*,?\s+you\s+(?:must\s+have|need|have\s+to\s+have|need\s+to\s+have|require)"
# words said after the names that add nothing to the relation ("Linear Algebra needs Calculus 1 also")
TRAILING = r"(?:\s+(?:also|too|first|as\s+well))?"
# a sentence that is not one of these forms but holds one of these words says something else about
# order: the whole intent is then left as written
OTHER_RELATION_RE = re.compile(r"->|→|=>|\b(?:depends?|depending|rel(?:y|ies)|needs?|needed|requires?|required|before|after|then|"
                               r"first|unlocks?|uses?|imports?|calls?|feeds?|goes|go)\b", re.IGNORECASE)
