"""Words shared by the drafter (again_forms.py) and the check (again_normal.py) for a step said again by its
first words: the words such a short name never ends on ("back to run the" is cut off, not a name)."""

from __future__ import annotations

LOOSE_ENDS = frozenset("the a an to of for with in on at by from into and or then it its their this that".split())
