"""Column headings of a transition table, shared by the drafter's table reader (edge_tables.py)
and the check's own reading of a table (normal_forms.py): "state | event | next",
"current, on, goes to", "STATE  INPUT  NEXT", "| Step | Condition | Next |". Headings are
compared with everything but letters removed ("Current state" → "currentstate").

Only the words live here; each side reads the table itself.
"""

from __future__ import annotations

import re

TRANSITION_TAILS = ("state current currentstate fromstate sourcestate step fromstep currentstep status "
                    "currentstatus").split()
TRANSITION_HEADS = "next nextstate goesto goto tostate newstate targetstate nextstep then becomes".split()
TRANSITION_LABELS = "on onevent input symbol signal".split()

# Columns lined up with runs of spaces ("S0      a       S1"): two or more spaces part cells.
_ALIGNED_GAP_RE = re.compile(r"\s{2,}")


def aligned_cells(line: str) -> list[str] | None:
    """The cells of a row whose columns are lined up with spaces; None for a line with no such gap."""
    text = line.strip()
    if not _ALIGNED_GAP_RE.search(text):
        return None
    return [c.strip() for c in _ALIGNED_GAP_RE.split(text)]


# Column headings of a people table ("name | title | reports_to", "Employee, Role, Manager"), shared by
# the drafter's reader (people_table_forms.py) and the check's (people_table_normal.py). Compared with
# everything but letters removed ("Reports to" → "reportsto").
PERSON_HEADS = frozenset("name person employee fullname staff who member".split())
MANAGER_HEADS = frozenset("manager reportsto reportingto boss supervisor linemanager parent directmanager "
                          "managedby manager".split())
ROLE_HEADS = frozenset("title role position job jobtitle".split())
# A manager cell that names nobody: the person at the top.
NO_MANAGER_CELLS = frozenset({"", "-", "–", "—", "n/a", "na", "none", "null", "nobody", "(none)", "top"})
# A line around a people table that changes what the rows say ("org chart from this but put Chen under Bruno",
# "… but leave out the VPs"): the table is then not read on its own (neither side draws the rows as given).
TABLE_CHANGE_WORDS = frozenset("but except excluding exclude without leave move moved put swap instead not remove "
                               "removed add plus also skip drop only new hire hired left leaving".split())
