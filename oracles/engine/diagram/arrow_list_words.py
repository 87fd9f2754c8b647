"""Words of the arrow-list family (architecture arrows with several names on one side), shared by the
drafter (arrow_list_forms.py) and the check (arrow_list_check.py): lists only, no parsing."""

from __future__ import annotations

# a listed name is short: "Access Switch 1", "S3 uploads bucket"
ARROW_LIST_NAME_MAX_WORDS = 4

# a listed name that holds one of these goes on with a step or a condition (", then ship", "redis if cached"),
# or may be one name of two ("web and api, db"): it is not read as a name of the list
ITEM_OPENERS = frozenset("""and or then also next finally if when unless otherwise else but so after before once
    until while both all each every either neither on via""".split())

# a heading that only names a section of the parts ("**Components**", "## Connections", "Flows:"): it names
# no part, it says what the lines under it (or after its colon) are
SECTION_WORDS = frozenset("""components component connections connection flows links edges nodes relations relationships
    arrows wiring""".split())
SECTION_QUALIFIERS = frozenset("the main key all list of".split())
