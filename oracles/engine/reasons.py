"""Every `reason.code` an answer can carry, once: whether it is billed, and what it means.

An `invalid` answer is billed only when Forma understood the request and the oracle's rules
refused the result; an intent Forma could not read (or read and then could not vouch for), a
refusal caused by Forma's own configuration, and every `error` cost nothing (docs/verdicts.md).
Billing code reads `billed(code)`; docs/verdicts.md lists the same codes per kind.

Kept sorted, one entry per line, so branches that add codes merge cleanly.
"""

from __future__ import annotations

REASONS: dict[str, tuple[bool, str]] = {
    "BROKER_UNAVAILABLE": (False, "error: the checking service was briefly unreachable; retry"),
    "CHECK_TIMEOUT": (False, "error: the check did not finish in time; retry"),
    "DATA_REQUIRED": (False, "chart: the intent states no values and allow_generated_data is not set"),
    "DIAGRAM_TOO_LARGE": (True, "diagram: the graph is larger than the limits allow"),
    "DOES_NOT_COMPILE": (True, "chart: the Vega-Lite compiler rejected the spec"),
    "DOES_NOT_PARSE": (True, "diagram: Graphviz could not parse the DOT"),
    "DOES_NOT_RENDER": (True, "the format's own renderer could not draw the artifact"),
    "EDGE_MISSING": (True, "diagram: an edge the intent names is not in the graph"),
    "EDGE_NOT_IN_INTENT": (True, "diagram: the graph has an edge the intent does not name"),
    "ENGINE_CRASHED": (False, "error: the engine failed on Forma's side; retry"),
    "EXTERNAL_REFERENCE": (True, "the artifact refers to something outside itself (a URL, an image)"),
    "FACT_NOT_IN_INTENT": (True, "chart: a value, label or series drawn is not stated in the intent"),
    "INTENT_TOO_LONG": (True, "the intent is longer than the limit"),
    "INVALID_DIAGRAM": (True, "diagram: the DOT is not a diagram Forma can check"),
    "INVALID_SPEC": (True, "chart: the spec is not a well-formed chart"),
    "JSON_TOO_DEEP": (True, "chart: the intent's JSON is nested deeper than the limit"),
    "LABEL_NOT_IN_INTENT": (False, "chart: a drawn label or series name is not a whole phrase of the intent (a fragment, or a sign glued on); say it as 'label value'"),
    "LABEL_TOO_LONG": (True, "a label is longer than the limit"),
    "LAYOUT_TIMEOUT": (True, "diagram: Graphviz layout took longer than the limit"),
    "NODE_MISSING": (True, "diagram: a node the intent names is not in the graph"),
    "NODE_NOT_IN_INTENT": (True, "diagram: the graph has a node the intent does not name"),
    "REQUEST_NOT_HONOURED": (False, "chart: a title, sort order or selection the intent asks for is not what was drawn"),
    "SCHEMA": (True, "chart: the spec does not validate against the Vega-Lite JSON schema"),
    "SHAPE_NOT_ASKED": (False, "chart: the mark, orientation, stacking or x/y pairing drawn is not the one the intent asks for"),
    "SPEC_TOO_DEEP": (True, "chart: the spec is nested deeper than the limit"),
    "SPEC_TOO_LARGE": (True, "chart: the spec or one of its sizes is larger than the limit"),
    "TASK_FAILED": (False, "error: the check failed on Forma's side; retry"),
    "TOO_MANY_EDGES": (True, "diagram: more edges than the limit"),
    "TOO_MANY_NODES": (True, "diagram: more nodes than the limit"),
    "TOO_MANY_VALUES": (True, "chart: more values or series than the limit"),
    "UNLABELLED_ILLUSTRATION": (True, "chart: generated values are not labelled as illustrative in the chart"),
    "UNREADABLE_INTENT": (False, "Forma could not read the intent; the message says how to say it"),
    "UNSAFE_DIAGRAM": (True, "diagram: the DOT uses attributes that read or write files or load images"),
    "UNSUPPORTED_CHART": (True, "chart: the asked chart cannot show these data (e.g. a pie of several series)"),
    "UNSUPPORTED_FORMAT": (False, "the format asked for is not one this oracle produces or draws"),
    "UNSUPPORTED_SPEC": (True, "chart: the spec uses a feature Forma does not allow (transforms, generators)"),
    "VALUE_MISSING": (True, "chart: a number the intent states is not in the chart; give it a label"),
    "VALUE_NOT_IN_INTENT": (True, "chart: the chart's data holds a number the intent does not state"),
    "VALUE_NOT_PLACED": (False, "chart: a drawn value could not be tied to its label and series in the intent"),
    "VALUE_OUT_OF_RANGE": (True, "a number is not finite or is beyond the magnitude limit"),
    "WORKER_LOST": (False, "error: the worker running the check stopped; retry"),
}


def billed(code: str | None) -> bool:
    """Whether an `invalid` answer with this reason code costs the oracle's price (unknown codes do)."""
    if code is None:
        return True
    return REASONS.get(code, (True, ""))[0]
