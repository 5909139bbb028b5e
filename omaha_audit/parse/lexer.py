"""The line lexer: every line of a hand becomes one token, typed by the grammar's line terminals.

The terminals come from the Lark grammar itself (grammar/<room>.lark), so the grammar file stays the
one description of the format. The winning terminal's named groups are the token's fields.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from lark import Lark

_NAMED_GROUP = re.compile(r"\(\?P<(\w+)>")
_REGEX_META = set(".^$*+?{}[]\\|()")


@dataclass(slots=True)
class LineToken:
    type: str
    line: int
    text: str
    fields: dict[str, str | None]


def _literal_prefix(pattern: str) -> str:
    """The fixed text a regex must start with (unescaping `\\*` and friends), possibly empty."""
    out: list[str] = []
    i = 0
    while i < len(pattern):
        ch = pattern[i]
        if ch == "\\" and i + 1 < len(pattern) and not pattern[i + 1].isalnum():
            out.append(pattern[i + 1])
            i += 2
            continue
        if ch in _REGEX_META:
            # a following quantifier would make the previous char optional
            if ch in "*?{" and out:
                out.pop()
            break
        out.append(ch)
        i += 1
    return "".join(out)


class _Terminal:
    """One line terminal: its regex, and a literal the line must start with or contain."""

    __slots__ = ("anchor", "anchored_at_start", "name", "regex")

    def __init__(self, name: str, pattern: str) -> None:
        self.name = name
        self.regex = re.compile(pattern)
        prefix = _literal_prefix(pattern)
        self.anchored_at_start = len(prefix) >= 3
        self.anchor = prefix if self.anchored_at_start else _anchor_after_name(pattern)


def _anchor_after_name(pattern: str) -> str:
    """For `(?P<name>.+?)<literal>...` patterns, the literal after the name (": posts ", " collected ")."""
    head = "(?P<name>.+?)"
    if not pattern.startswith(head):
        return ""
    return _literal_prefix(pattern[len(head) :])


class LineClassifier:
    """Classifies lines with the terminals of a Lark grammar. Lines after `summary_marker` use
    only terminals whose names start with `SUMMARY_` (plus the ignored ones).

    Terminals are tried in priority order, then in the order the grammar writes them; a terminal is
    only tried when its anchor literal is at the start of the line (fixed-prefix terminals) or inside
    it (`name: verb ...` terminals), so most lines cost one regex match.
    """

    def __init__(self, parser: Lark, summary_marker: str = "SUMMARY") -> None:
        ordered = sorted(enumerate(parser.terminals), key=lambda item: (-item[1].priority, item[0]))
        self.ignored = frozenset(parser.ignore_tokens)
        self.summary_marker = summary_marker
        body: list[_Terminal] = []
        summary: list[_Terminal] = []
        for _, term in ordered:
            terminal = _Terminal(term.name, term.pattern.value)
            if term.name.startswith(summary_marker + "_"):
                summary.append(terminal)
            else:
                body.append(terminal)
            if term.name in self.ignored:
                summary.append(terminal)
        self._body = self._dispatch(body)
        self._summary = self._dispatch(summary)

    @staticmethod
    def _dispatch(terminals: list[_Terminal]) -> tuple[dict[str, list[_Terminal]], list[_Terminal]]:
        """Fixed-prefix terminals by their first three characters, then the rest in order."""
        by_start: dict[str, list[_Terminal]] = {}
        for terminal in terminals:
            if terminal.anchored_at_start:
                by_start.setdefault(terminal.anchor[:3], []).append(terminal)
        rest = [terminal for terminal in terminals if not terminal.anchored_at_start]
        return by_start, rest

    def classify(self, text: str, in_summary: bool) -> tuple[str, dict[str, str | None]] | None:
        by_start, rest = self._summary if in_summary else self._body
        for terminal in by_start.get(text[:3], ()):
            if text.startswith(terminal.anchor):
                match = terminal.regex.fullmatch(text)
                if match is not None:
                    return terminal.name, match.groupdict()
        for terminal in rest:
            if terminal.anchor in text:
                match = terminal.regex.fullmatch(text)
                if match is not None:
                    return terminal.name, match.groupdict()
        return None

    def tokens(self, lines: Iterable[tuple[int, str]]) -> tuple[list[LineToken], list[LineToken], list[LineToken]]:
        """Classify lines: (tokens for the parser, ignored lines, unclassified lines)."""
        tokens: list[LineToken] = []
        ignored: list[LineToken] = []
        unknown: list[LineToken] = []
        in_summary = False
        for number, text in lines:
            if not text:
                continue
            found = self.classify(text, in_summary)
            if found is None:
                unknown.append(LineToken("UNKNOWN", number, text, {}))
                continue
            name, fields = found
            token = LineToken(name, number, text, fields)
            if name in self.ignored:
                ignored.append(token)
            else:
                tokens.append(token)
                if name == self.summary_marker:
                    in_summary = True
        return tokens, ignored, unknown
