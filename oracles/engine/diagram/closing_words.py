"""Closing remarks that say the list is complete ("… closed → open on reopen. that's it"), shared as vocabulary by
the drafter (closing_forms.py) and the check (closing_normal.py); each finds them its own way."""

from __future__ import annotations

# the remark's words, an apostrophe written either way; after the intent's last sentence end, nothing after it
CLOSING_REMARKS = (("that's", "it"), ("that's", "all"), ("that's", "everything"), ("that", "is", "all"),
                   ("that", "is", "it"), ("that", "is", "everything"))
