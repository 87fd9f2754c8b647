"""Every `reason.code` an answer can carry, once: whether it is billed, and what it means.

Billing follows the fault. An `invalid` answer is billed only when Forma understood the
request and the oracle's rules refused it: the request itself is over a limit (too many
values, nodes or characters) or asks for what the rules do not allow (a pie of several
series, a diagram that loads files). When Forma could not read the intent, or its own
drafter's reading failed the independent check (a label, value or step it could not place),
or the refusal comes from Forma's own configuration, the caller did nothing wrong and pays
nothing; neither is any `error` billed. oracles/services.py reads `billed(code)`;
ground/contract.py builds the `ReasonCode` every answer and verdict is typed with from
these keys; docs/verdicts.md lists the same codes per kind.

Kept sorted, one entry per line, so branches that add codes merge cleanly.
"""

from __future__ import annotations

REASONS: dict[str, tuple[bool, str]] = {
    "BROKER_UNAVAILABLE": (False, "error: the checking service was briefly unreachable; retry"),
    "CHECK_TIMEOUT": (False, "error: the check did not finish in time; retry"),
    "CONTENT_NOT_PLACED": (False, "diagram: a step, actor, condition or message in the intent is not in the drawn diagram"),
    "DATA_REQUIRED": (False, "chart: the intent states no values and allow_generated_data is not set"),
    "DIAGRAM_TOO_LARGE": (True, "diagram: the DOT source is larger than the byte limit"),
    "DOES_NOT_COMPILE": (False, "chart: the Vega-Lite compiler rejected the spec"),
    "DOES_NOT_PARSE": (False, "diagram: Graphviz rejected the drafted DOT source"),
    "DOES_NOT_RENDER": (False, "the format's own renderer could not draw the artifact (for a diagram: Graphviz did not draw every node and edge)"),
    "DUPLICATE_NODE": (False, "diagram: two drawn nodes have the same name; a step named twice is one node"),
    "EDGE_LABEL_HOLDS_NODE": (False, "diagram: an edge label names a drawn node: a relation drawn as a message"),
    "EDGE_LABEL_NOT_IN_INTENT": (False, "diagram: an edge label is not a whole phrase of the intent"),
    "EDGE_LABEL_WRONG": (False, "diagram: an edge label the intent states for one connection is drawn on another"),
    "EDGE_MISSING": (False, "diagram: a connection the intent states is not drawn"),
    "EDGE_NOT_IN_INTENT": (False, "diagram: the diagram draws a connection the intent does not state"),
    "ENGINE_CRASHED": (False, "error: the renderer crashed on this input; rephrase rather than retry"),
    "ENGINE_TIMEOUT": (False, "error: the renderer ran out of time on this input; simplify it rather than retry"),
    "EXTERNAL_REFERENCE": (True, "the artifact refers to something outside itself (a URL, an image)"),
    "FACT_NOT_IN_INTENT": (False, "chart: a value, label or series drawn is not stated in the intent"),
    "GROUP_MISSING": (False, "diagram: a group the intent declares is not drawn as a box"),
    "GROUP_NOT_IN_INTENT": (False, "diagram: a drawn group (box) is not declared in the intent with exactly its members"),
    "INTENT_TOO_LONG": (True, "the intent is longer than the character limit"),
    "INTERNAL_ERROR": (False, "error: a bug on Forma's side; retry, and send feedback if it repeats"),
    "INVALID_DIAGRAM": (False, "diagram: the artifact is not DOT source text"),
    "INVALID_SPEC": (False, "chart: the spec is not a well-formed chart"),
    "JSON_TOO_DEEP": (True, "chart: the intent's JSON is nested deeper than the limit"),
    "LABEL_NOT_IN_INTENT": (False, "chart: a drawn label or series name is not a whole phrase of the intent (a fragment, or a sign glued on); say it as 'label value'"),
    "LABEL_TOO_LONG": (True, "a label or node name is longer than the limit"),
    "LAYOUT_TIMEOUT": (True, "diagram: Graphviz took longer than the layout time limit"),
    "NODE_HOLDS_CONDITION": (False, "diagram: a drawn node reads as a condition ('BOUND on ACK', '500 or more'), not a step"),
    "NODE_HOLDS_RELATION": (False, "diagram: a drawn node contains another node's name: a relation written as one step"),
    "NODE_IS_A_SENTENCE": (False, "diagram: a drawn node has more words than a step's name: a sentence the reader did not split"),
    "NODE_MISSING": (False, "diagram: a node the intent names is not in the graph"),
    "NODE_NOT_IN_INTENT": (False, "diagram: a drawn node is not a whole phrase of the intent"),
    "REPORTING_LOOP": (False, "diagram: the reporting lines the intent states form a loop (A manages B, B manages A); say which line is wrong"),
    "REQUEST_NOT_HONOURED": (False, "chart: a title, sort order or selection the intent asks for is not what was drawn"),
    "SCHEMA": (False, "chart: the spec does not validate against the Vega-Lite JSON schema"),
    "SHAPE_NOT_ASKED": (False, "chart: the mark, orientation, stacking or x/y pairing drawn is not the one the intent asks for"),
    "SPEC_TOO_DEEP": (False, "chart: the spec is nested deeper than the limit"),
    "SPEC_TOO_LARGE": (False, "chart: the spec or one of its sizes is larger than the limit"),
    "TASK_FAILED": (False, "error: the check failed on Forma's side; retry"),
    "TOO_MANY_EDGES": (True, "diagram: the diagram has more edges than the layout limit"),
    "TOO_MANY_NODES": (True, "diagram: the diagram has more nodes than the layout limit"),
    "TOO_MANY_VALUES": (True, "chart: more values or series than the limit"),
    "UNITS_MIXED": (True, "chart: the values of one chart are stated in different units (°C and °F, $ and €); convert them to one"),
    "UNLABELLED_ILLUSTRATION": (False, "chart: generated values are not labelled as illustrative in the chart"),
    "UNREADABLE_INTENT": (False, "Forma could not read steps or connections from the intent"),
    "UNREADABLE_RELATION": (False, "Forma could not read how two named steps connect"),
    "UNSAFE_DIAGRAM": (True, "diagram: the DOT source uses HTML-like labels or attributes that load files or links"),
    "UNSUPPORTED_CHART": (True, "chart: the asked chart cannot show these data (e.g. a pie of several series)"),
    "UNSUPPORTED_FORMAT": (False, "the engine does not produce or draw the asked format"),
    "UNSUPPORTED_SPEC": (False, "chart: the spec uses a feature Forma does not allow (transforms, generators)"),
    "VALUE_MISSING": (False, "chart: a number the intent states is not in the chart; give it a label"),
    "VALUE_NOT_IN_INTENT": (False, "chart: the chart's data holds a number the intent does not state"),
    "VALUE_NOT_PLACED": (False, "chart: a drawn value could not be tied to its label and series in the intent"),
    "VALUE_OUT_OF_RANGE": (True, "a number is not finite or is beyond the magnitude limit"),
    "WORKER_CRASHED": (False, "error: the check killed its worker every time it ran; rephrase rather than retry"),
    "WORKER_LOST": (False, "error: the worker running the check stopped; retry"),
}


# `error` codes that the same input would hit again: retrying only spends the caller's time.
SAME_INPUT_FAILS_AGAIN = frozenset({"ENGINE_CRASHED", "ENGINE_TIMEOUT", "WORKER_CRASHED"})


def retryable(code: str | None) -> bool:
    """Whether retrying an `error` answer with this reason code can help."""
    return code not in SAME_INPUT_FAILS_AGAIN


def billed(code: str | None) -> bool:
    """Whether an `invalid` answer with this reason code costs the oracle's price.

    A code missing from REASONS is not billed: Forma never charges for what it cannot name.
    """
    return code is not None and REASONS.get(code, (False, ""))[0]
