"""Graphviz DOT pasted as the intent ("digraph { a -> b [label="ok"] }"), read strictly into a
Notation like Mermaid and PlantUML (notation_reader.py finds the block, both the drafter and the
check read this one parse).

The subset read: a (di)graph header, node statements with attribute lists (a "label" names the
node, "shape=diamond" marks a decision), edge chains "a -> b -> c [label=…]", graph attributes
("rankdir=LR"; "label=…" is a title) and default attribute lists for graph/node/edge that only
style. Statements may end with ";" or not, as DOT allows. Not read, and refused saying so:
subgraphs, ports ("a:n"), HTML labels, undirected graphs (which way an arrow points is not said),
default labels for every node or edge.

A paste that does not parse is mended only when the mistake has one reading:
- a quote left open before an operator ("Resend email -> "Verify email"): closed there, when that
  is the only place on its line where closing it gives a graph;
- an attribute list left open ("[label="rejected"; }"): closed where the list's attributes end;
- a missing closing brace at the end.
Every mending that parses is tried; if they give one graph it is read, if none or several, the
paste is refused naming the line and what is wrong there.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..contracts import EngineRefusal
from .notation import Notation, refuse

_TOKEN_RE = re.compile(r"""
    (?P<comment>//[^\n]*|/\*.*?\*/|(?m:^)[ \t]*\#[^\n]*)
  | (?P<string>"(?:[^"\\\n]|\\.)*")
  | (?P<open_string>"(?:[^"\\\n]|\\.)*)
  | (?P<html><)
  | (?P<edgeop>->|--)
  | (?P<id>-?(?:\.\d+|\d+(?:\.\d*)?)|[A-Za-z_\u0080-\uffff][\w\u0080-\uffff]*)
  | (?P<punct>[{}\[\];,=:])
  | (?P<space>\s+)
  | (?P<other>.)
""", re.VERBOSE | re.DOTALL)
_KEYWORDS = frozenset({"graph", "digraph", "node", "edge", "subgraph", "strict"})
_DECISION_SHAPES = frozenset({"diamond", "mdiamond"})
_LABEL_ESCAPES_RE = re.compile(r"\\[nlr]")


@dataclass
class _Token:
    kind: str
    text: str
    line: int


class _Bad(Exception):
    def __init__(self, line: int, what: str) -> None:
        super().__init__(what)
        self.line, self.what = line, what


def _tokens(text: str) -> list[_Token]:
    out, line = [], 1
    for match in _TOKEN_RE.finditer(text):
        kind, value = match.lastgroup or "other", match.group(0)
        if kind == "open_string":
            raise _Bad(line, f"the quote opened at '{value[:30]}' is not closed on its line")
        if kind == "html":
            raise _Bad(line, "an HTML label ('<…>') is not read; write the label in quotes")
        if kind == "other":
            raise _Bad(line, f"'{value}' is not DOT syntax")
        if kind not in ("space", "comment"):
            out.append(_Token(kind, value, line))
        line += value.count("\n")
    return out


def _unquoted(token: _Token) -> str:
    if token.kind != "string":
        return token.text
    return token.text[1:-1].replace('\\"', '"').replace("\\\\", "\\")


class _Parser:
    def __init__(self, tokens: list[_Token]) -> None:
        self.tokens, self.at = tokens, 0
        self.labels: dict[str, str] = {}  # node id → label
        self.order: list[str] = []  # node ids, first mention first
        self.edges: list[tuple[str, str, str | None]] = []
        self.decisions: set[str] = set()
        self.titles: list[str] = []

    def peek(self, offset: int = 0) -> _Token | None:
        index = self.at + offset
        return self.tokens[index] if index < len(self.tokens) else None

    def line(self) -> int:
        token = self.peek() or (self.tokens[-1] if self.tokens else None)
        return token.line if token else 1

    def take(self, text: str | None = None, kind: str | None = None) -> _Token:
        token = self.peek()
        if token is None or (text is not None and token.text != text) or (kind is not None and token.kind != kind):
            found = f"'{token.text}'" if token else "the end"
            raise _Bad(self.line(), f"expected {repr(text) if text else 'a name'} but found {found}")
        self.at += 1
        return token

    def name(self) -> str:
        token = self.peek()
        if token is None or token.kind not in ("id", "string") or (token.kind == "id" and token.text in _KEYWORDS):
            raise _Bad(self.line(), f"expected a node name but found {repr(token.text) if token else 'the end'}")
        self.at += 1
        value = _unquoted(token).strip()
        if not value:
            raise _Bad(token.line, "a node has an empty name")
        return value

    def graph(self) -> None:
        if self.peek() and self.peek().text == "strict":  # type: ignore[union-attr]
            self.at += 1
        kind = self.take(kind="id").text
        if kind == "graph":
            raise _Bad(self.line(), "it is an undirected graph ('graph', '--'); which way each connection goes is not "
                                    "said, so write 'digraph' and '->'")
        if kind != "digraph":
            raise _Bad(self.line(), "it does not start with 'digraph'")
        if self.peek() and self.peek().kind in ("id", "string") and self.peek().text != "{":  # type: ignore[union-attr]
            self.at += 1  # the graph's own name names no node
        self.take("{")
        while self.peek() is not None and self.peek().text != "}":  # type: ignore[union-attr]
            self.statement()
            if self.peek() is not None and self.peek().text == ";":  # type: ignore[union-attr]
                self.at += 1
        self.take("}")
        if self.peek() is not None:
            raise _Bad(self.line(), f"'{self.peek().text}' comes after the closing brace")  # type: ignore[union-attr]

    def attributes(self) -> dict[str, str]:
        found: dict[str, str] = {}
        while self.peek() is not None and self.peek().text == "[":  # type: ignore[union-attr]
            self.at += 1
            while self.peek() is not None and self.peek().text != "]":  # type: ignore[union-attr]
                key = self.take(kind=None)
                if key.kind not in ("id", "string"):
                    raise _Bad(key.line, f"expected an attribute but found '{key.text}'")
                self.take("=")
                value = self.take()
                if value.kind not in ("id", "string"):
                    raise _Bad(value.line, f"expected a value but found '{value.text}'")
                found[_unquoted(key).casefold()] = _unquoted(value)
                if self.peek() is not None and self.peek().text in (";", ","):  # type: ignore[union-attr]
                    self.at += 1
            self.take("]")
        return found

    def statement(self) -> None:
        token = self.peek()
        if token is None:
            raise _Bad(self.line(), "the graph ends inside a statement")
        if token.text == "subgraph" or token.text == "{":
            raise _Bad(token.line, "subgraphs are not read; draw the clusters in words, e.g. 'Backend: api, db'")
        if token.kind == "id" and token.text in ("graph", "node", "edge"):
            self.at += 1
            attributes = self.attributes()
            if token.text == "graph" and "label" in attributes:
                self.titles.append(attributes["label"])
            elif token.text != "graph" and {"label", "xlabel"} & set(attributes):
                raise _Bad(token.line, f"a label for every {token.text} is not read; label each one")
            return
        nxt = self.peek(1)
        if nxt is not None and nxt.text == "=":  # "rankdir=LR", "label="Title""
            key = _unquoted(self.take()).casefold()
            self.take("=")
            value = self.take()
            if key == "label":
                self.titles.append(_unquoted(value))
            return
        chain = [self.name()]
        if self.peek() is not None and self.peek().text == ":":  # type: ignore[union-attr]
            raise _Bad(self.line(), "ports ('a:n') are not read; connect the nodes themselves")
        while self.peek() is not None and self.peek().kind == "edgeop":  # type: ignore[union-attr]
            if self.take().text == "--":
                raise _Bad(self.line(), "'--' is an undirected edge; write '->' in the direction it goes")
            chain.append(self.name())
        attributes = self.attributes()
        for node_id in chain:
            if node_id not in self.labels:
                self.labels[node_id] = node_id
                self.order.append(node_id)
        if len(chain) == 1:
            if "label" in attributes:
                label = _LABEL_ESCAPES_RE.sub(" ", attributes["label"]).strip()
                if self.labels[chain[0]] not in (chain[0], label):
                    raise _Bad(token.line, f"the node '{chain[0]}' is given two labels")
                self.labels[chain[0]] = label
            if attributes.get("shape", "").casefold() in _DECISION_SHAPES:
                self.decisions.add(chain[0])
            return
        label = attributes.get("label", attributes.get("xlabel"))
        label = _LABEL_ESCAPES_RE.sub(" ", label).strip() if label else None
        for tail, head in zip(chain, chain[1:], strict=False):
            self.edges.append((tail, head, label or None))


def _parse(text: str) -> Notation:
    parser = _Parser(_tokens(text))
    parser.graph()
    notation = Notation("dot")
    notation.titles = [t for t in parser.titles if t.strip()]
    if any(not parser.labels[n].strip() for n in parser.order):
        raise _Bad(1, "a node has an empty label")
    for node_id in parser.order:
        notation.node(parser.labels[node_id])
    for tail, head, label in parser.edges:
        notation.edge(parser.labels[tail], parser.labels[head], label)
    notation.decisions = {parser.labels[d] for d in parser.decisions}
    return notation


def _signature(notation: Notation) -> tuple[object, ...]:
    return tuple(notation.nodes), tuple(notation.edges), tuple(sorted(notation.decisions)), tuple(notation.titles)


_OPERATOR_RE = re.compile(r"\s*(?:->|--|\[|\]|;|,|=|\}|$)")


def _mendings(text: str, bad: _Bad) -> list[str]:
    """The texts one mending of the kinds in the module's note makes of the paste."""
    lines = text.split("\n")
    out = []
    # a missing closing brace at the very end
    if text.count("{") > text.count("}"):
        out.append(text.rstrip() + "\n}")
    for number, line in enumerate(lines):
        quotes = len(re.findall(r'(?<!\\)"', line))
        if quotes % 2:  # a quote left open on this line: close it right before an operator after it
            opened = [m.start() for m in re.finditer(r'(?<!\\)"', line)]
            for start in opened:
                for op in _OPERATOR_RE.finditer(line, start + 1):
                    at = op.start()
                    while at > start + 1 and line[at - 1] == " ":
                        at -= 1
                    mended = line[:at] + '"' + line[at:]
                    out.append("\n".join([*lines[:number], mended, *lines[number + 1:]]))
        depth, quoted = 0, False
        for index, char in enumerate(line):  # an attribute list left open: close it where its attributes end
            if char == '"' and (index == 0 or line[index - 1] != "\\"):
                quoted = not quoted
            elif not quoted and char == "[":
                depth += 1
            elif not quoted and char == "]":
                depth -= 1
            elif not quoted and depth > 0 and char in ";}" and not re.match(r"\s*[\w\"]+\s*=", line[index + 1:]):
                for at in (index, index + 1):
                    mended = line[:at] + "]" + line[at:]
                    out.append("\n".join([*lines[:number], mended, *lines[number + 1:]]))
                depth -= 1
        if depth > 0 and not quoted:
            out.append("\n".join([*lines[:number], line.rstrip() + "]", *lines[number + 1:]]))
    return out


def read_dot(lines: list[str]) -> Notation:
    """The parse of a DOT block (its lines from the header on), mended when one mending reads it."""
    text = "\n".join(lines)
    try:
        return _parse(text)
    except _Bad as bad:
        first = bad
    readings: dict[tuple[object, ...], Notation] = {}
    for mended in _mendings(text, first):
        try:
            notation = _parse(mended)
        except (_Bad, EngineRefusal):
            continue
        readings.setdefault(_signature(notation), notation)
    if len(readings) == 1:
        return next(iter(readings.values()))
    where = f"line {first.line}: {first.what}"
    if len(readings) > 1:
        where += "; it can be mended in more than one way, so I did not guess"
    refuse(where)
