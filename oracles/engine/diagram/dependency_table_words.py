"""Column words of a two-column dependency or call table, shared by the drafter
(dependency_table_forms.py) and the check (dependency_table_normal.py), which each read the table on
their own:

    package,depends_on            Component | Calls
    web,ui-kit                    Mobile App | API Gateway

The first column names the item, the second what the item depends on or calls. Headings are compared
with everything but letters removed ("depends on" → "dependson"). Only wording lives here.
"""

from __future__ import annotations

import re

ITEM_HEADS = frozenset("package packages service services component components module modules job jobs task tasks "
                       "item items library libraries lib crate crates app apps system systems target targets".split())
# the item depends on the cell: which way the arrows point must be said in the intent's words
DEPENDS_HEADS = frozenset("dependson dependsupon dependency dependencies deps".split())
# the item calls the cell: the arrow goes from the item to the cell
CALLS_HEADS = frozenset("calls".split())

# "arrows = calls", "arrow means calls", "arrows: calls"
ARROW_IS_CALLS_RE = re.compile(r"\b(?:arrows?|edges?)\s*(?:=|means|:)\s*[\"“'`]?calls[\"”'`]?", re.IGNORECASE)
# words that read a call or a dependency the other way round ("called by", "arrows from callee to caller"):
# the table is then left as written
REVERSED_RE = re.compile(r"\b(?:called\s+by|used\s+by|needed\s+by|required\s+by|callers?|callees?|reverse[ds]?|"
                         r"incoming|inverted|backwards?|other\s+way)\b", re.IGNORECASE)
# a cell that names nothing: the item depends on nothing ("Design | -")
NO_DEPENDENCY_CELLS = frozenset({"-", "–", "—", "none", "n/a"})
# beside a JSON map, any word of the other way ("the map lists dependents") leaves it as written: the map's
# lists are read as what each key depends on only when nothing says otherwise
MAP_REVERSED_RE = re.compile(rf"{REVERSED_RE.pattern}|\b(?:dependents?|dependees?|consumers?|users?|used|importers?)\b",
                             re.IGNORECASE)
