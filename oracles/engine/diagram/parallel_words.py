"""Words shared by the drafter's and the check's readings of parallel step lists (parallel_join_forms.py,
parallel_join_normal.py): only vocabulary, no reading.

"unit and integration tests", "Design & Legal review": steps that may share their last word, "unit tests
and integration tests" or "unit and integration tests" as one step. A list whose steps before the last are
single words and whose last step ends in one of these nouns is not split by either reading (refused), unless
each single word is a step on its own ("lint and unit tests").
"""

from __future__ import annotations

SHARED_HEAD_NOUNS = frozenset(
    "test tests review reviews check checks approval approvals scan scans build builds job jobs artifact artifacts "
    "team teams service services server servers report reports extract extracts migration migrations".split())
STANDALONE_STEPS = frozenset("lint linting build test tests deploy package publish checkout compile review release audit "
                             "scan sign merge train evaluate".split())
