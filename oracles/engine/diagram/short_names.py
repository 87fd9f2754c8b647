"""A name said again by its last (or first) words — "the broker" after "the MQTT broker" — is the same
node when no other drawn name ends that way (faithfulness.Faithfulness.spans). The check trusts that
only when it cannot be a step of its own in disguise: "Confirm pickup -> Pickup" drawn as one node
going to itself read the short name as the long one's, though "Pickup" may be its own step. A loop
said through a short name is not guessed."""

from __future__ import annotations

from ..contracts import EngineRefusal
from .vocabulary import Expected, Span, Token


def refuse_loop_through_short_name(tokens: list[Token], spans: list[Span], shortened: set[tuple[int, str]],
                                   nodes: dict[str, str], expected: Expected) -> None:
    """Refuse when a span read as a short mention of a node makes that node lead to itself."""
    for span in spans:
        if (span.start, span.key) in shortened and (span.key, span.key) in expected.edges:
            short = " ".join(t.text for t in tokens[span.start:span.end])
            raise EngineRefusal("CONTENT_NOT_PLACED", f"I could not tell whether '{short}' is '{nodes[span.key]}' or a "
                                                      "step of its own. Name each step in full, e.g. 'confirm pickup -> "
                                                      "collect parcel'.")
