"""The line lexer: every line of a hand becomes one token, typed by the grammar's line terminals.

The terminals come from the Lark grammar itself (grammar/<room>.lark), so the grammar file stays the
one description of the format. A line is the first terminal, higher priority first and then in the
order the grammar writes them, whose regex matches the whole line; the match object is the token's
value and its named groups are the token's fields.

Trying every regex on every line would be slow, so each terminal's regex is read (with Python's own
regex parser, `re._parser`) for the fixed texts any match must start with, and a line only tries the
terminals it can match:

- a terminal with fixed leading text ("Seat ", "*** FLOP *** [", "*** FIRST FLOP *** [") is found by
  looking up the line's first characters in a small prefix tree built from those texts;
- a terminal that starts with a player name (`(?P<name>.+?)`) is found by the fixed text that must
  follow the name (": folds", ": posts small blind ", " collected "): one regex search finds the first
  such text in the line, and the terminals it belongs to are tried.

A terminal that matches is the answer only when no terminal before it in the order can match too: the
fixed ones are ruled out by the prefix tree, the name-first ones by the absence of their fixed texts
from the line (a few substring tests). These are only filters that never drop a terminal that could
match (a line they cannot settle is tried against every terminal), so the result is what trying every
terminal in order gives; a property test compares the two.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Iterable
from itertools import pairwise
from typing import Any, Final

from lark import Lark

from omaha_audit.parse.regex_programs import compile_kept, save_kept

# Python's own regex parser (private modules with no type stubs, so typed Any); only used to build the
# look-up structures, never per line.
sre_parser: Any = importlib.import_module("re._parser")
sre_constants: Any = importlib.import_module("re._constants")
sre_compiler: Any = importlib.import_module("re._compiler")

# A token: (terminal name, line number, line text, the terminal's match of the whole line).
LineToken = tuple[str, int, str, "re.Match[str]"]

_MAX_KEYS: Final = 64  # stop spelling out alternatives beyond this many fixed texts per terminal
_MAX_NEEDLES: Final = 8  # substring tests to rule terminals out; more texts are looked for with one search


class _Terminal:
    __slots__ = ("fullmatch", "keys", "name", "name_first", "order", "pattern", "search")

    def __init__(self, order: int, name: str, pattern: str) -> None:
        self.order = order
        self.name = name
        self.pattern = pattern
        self.fullmatch = compile_terminal(pattern).fullmatch
        items = _parse(pattern)
        self.name_first = bool(items) and _is_name_group(items[0])
        # the fixed texts a match starts with (after the name, for name-first terminals)
        self.keys = _shortest(_starts(items[1:] if self.name_first else items))
        self.search = compile_kept(_trie_pattern(self.keys)).search

    def may_match(self, line: str) -> bool:
        """False when the line lacks every fixed text a match needs (cheap; the full match decides)."""
        return "" in self.keys or self.search(line) is not None


def compile_terminal(pattern: str, keep: bool = True) -> re.Pattern[str]:
    """`re.compile(pattern)`, but with every optional group, `(?:...)?`, compiled as the alternation
    `(?:...|)`, and a lazy one, `(?:...)??`, as `(?:|...)`; kept across runs (parse/regex_programs.py)
    unless `keep` is False (a pattern made for one player's name).

    They are the same regex: a greedy optional tries its body and then nothing, in that order, as the
    alternation does, and the groups inside keep their numbers, so matches and group values are the
    same. Python's regex engine runs an alternation without the bookkeeping of a general repeat, so the
    line terminals, with their many optional parts, match about a third faster. Should Python's private
    regex modules ever not allow this, the pattern is compiled as written.
    """
    if keep:
        return compile_kept(pattern, _optional_as_alternation)
    try:
        tree = sre_parser.parse(pattern)
        _optional_as_alternation(tree)
        compiled: re.Pattern[str] = sre_compiler.compile(tree)
    except Exception:  # (private modules: any change in them only costs the speed-up)
        return re.compile(pattern)
    return compiled


def _optional_as_alternation(items: Any) -> None:
    """Rewrite, in a parsed regex, each optional `(?:...)?` of more than one character as an alternation."""
    for index, (op, av) in enumerate(items):
        if op is sre_constants.SUBPATTERN:
            _optional_as_alternation(av[-1])
        elif op is sre_constants.BRANCH:
            for branch in av[1]:
                _optional_as_alternation(branch)
        elif op in (sre_constants.ASSERT, sre_constants.ASSERT_NOT):
            _optional_as_alternation(av[1])
        elif op in (sre_constants.MAX_REPEAT, sre_constants.MIN_REPEAT):
            low, high, body = av
            _optional_as_alternation(body)
            if low == 0 and high == 1 and not sre_compiler._simple(body):
                empty = sre_parser.SubPattern(items.state)
                branches = [body, empty] if op is sre_constants.MAX_REPEAT else [empty, body]
                items[index] = (sre_constants.BRANCH, (None, branches))


def literal_starts(pattern: str) -> frozenset[str]:
    """Fixed texts, one of which every match of the regex `pattern` starts with ("" if there are none; no
    text at all for a pattern that never matches, such as `(?!)`, the header of a format claimed whole)."""
    items = _parse(pattern)
    if _never(items):
        return frozenset()
    return _shortest(_starts(items))


def _never(items: list[Any]) -> bool:
    """A pattern that starts with an empty negative lookahead, `(?!)`: it matches nothing."""
    if not items:
        return False
    op, av = items[0]
    return op is sre_constants.ASSERT_NOT and av[0] == 1 and not list(av[1])


def _parse(pattern: str) -> list[Any]:
    try:
        return list(sre_parser.parse(pattern))
    except Exception:  # an unreadable pattern is simply tried on every line
        return []


def _is_name_group(item: Any) -> bool:
    op, av = item
    if op is not sre_constants.SUBPATTERN or len(av) < 4:
        return False
    body = list(av[3])
    return (
        len(body) == 1 and body[0][0] is sre_constants.MIN_REPEAT and list(body[0][1][2]) == [(sre_constants.ANY, None)]
    )


def _starts(items: list[Any]) -> frozenset[str]:
    """Fixed texts, one of which every match of `items` starts with (at least "")."""
    open_, closed = _sequence(items, frozenset({""}))
    return open_ | closed


def _shortest(keys: frozenset[str]) -> frozenset[str]:
    """Drop the texts that start with another of the texts (that one already says as much)."""
    return frozenset(key for key in keys if not any(key != other and key.startswith(other) for other in keys))


def _sequence(items: Iterable[Any], start: frozenset[str]) -> tuple[frozenset[str], frozenset[str]]:
    """(texts that may still be extended, texts that end where the fixed text ends)."""
    open_, closed = start, frozenset[str]()
    for item in items:
        if not open_:
            break
        alternatives = _alternatives(item)
        if alternatives is None:
            return frozenset(), closed | open_
        ext_open = frozenset(a + b for a in open_ for b in alternatives[0])
        ext_closed = frozenset(a + b for a in open_ for b in alternatives[1])
        if len(ext_open) + len(ext_closed) > _MAX_KEYS:
            return frozenset(), closed | open_
        open_, closed = ext_open, closed | ext_closed
    return open_, closed


def _alternatives(item: Any) -> tuple[frozenset[str], frozenset[str]] | None:
    """The fixed texts one regex item can start with: (complete texts, cut-short texts); None for
    anything that is not fixed text (then the texts so far are the keys)."""
    op, av = item
    if op is sre_constants.LITERAL:
        return frozenset({chr(av)}), frozenset()
    if op is sre_constants.SUBPATTERN:
        return _sequence(av[3], frozenset({""}))
    if op is sre_constants.BRANCH:
        complete: set[str] = set()
        cut: set[str] = set()
        for branch in av[1]:
            done, short = _sequence(branch, frozenset({""}))
            complete |= done
            cut |= short
        return frozenset(complete), frozenset(cut)
    if op is sre_constants.IN and len(av) <= 4 and all(kind is sre_constants.LITERAL for kind, _ in av):
        return frozenset(chr(code) for _, code in av), frozenset()
    if op in (sre_constants.MAX_REPEAT, sre_constants.MIN_REPEAT):
        low, high, body = av
        done, short = _sequence(body, frozenset({""}))
        if low == 0 and high == 1:
            return done | {""}, short
        if low == high and low <= 8 and len(done) == 1 and not short:
            return frozenset({next(iter(done)) * low}), frozenset()
        if low >= 1:
            return frozenset(), done | short  # one repetition at least
    return None


class _Absent:
    """Tells whether a line holds none of the fixed texts of some terminals, so that none of them can
    match it: a few substring tests, or one regex search when there are many texts. A terminal with no
    fixed text (it may match anything) makes the answer always no."""

    __slots__ = ("needles", "search")

    def __init__(self, terminals: Iterable[_Terminal]) -> None:
        texts: set[str] = set()
        anything = False
        for terminal in terminals:
            if "" in terminal.keys:
                anything = True
            prefix = _common_prefix(terminal.keys)
            # one shared text stands for all of a terminal's texts (absent, so are they), if it says enough
            texts.update((prefix,) if len(prefix) >= 4 else terminal.keys)
        # a text holding another is absent when that one is
        kept = sorted(text for text in texts if not any(other != text and other in text for other in texts))
        self.needles: tuple[str, ...] | None = tuple(kept) if len(kept) <= _MAX_NEEDLES and not anything else None
        self.search = compile_kept(_trie_pattern(kept)).search if self.needles is None and not anything else None

    def holds_none(self, line: str) -> bool:
        needles = self.needles
        if needles is not None:
            return all(needle not in line for needle in needles)
        search = self.search
        return search is not None and search(line) is None


def _common_prefix(texts: Iterable[str]) -> str:
    texts = sorted(texts)
    if not texts:
        return ""
    first, last = texts[0], texts[-1]
    size = 0
    while size < min(len(first), len(last)) and first[size] == last[size]:
        size += 1
    return first[:size]


class _Candidates:
    """The terminals a line starting with some fixed text may be, in order, and what rules out the
    name-first terminals that come before them: when the line holds none of their texts, the first of
    `terminals` that matches is the answer."""

    __slots__ = ("absent", "terminals")

    def __init__(self, terminals: tuple[_Terminal, ...], earlier: tuple[_Terminal, ...]) -> None:
        self.terminals = terminals
        last = terminals[-1].order if terminals else -1
        self.absent = _Absent(terminal for terminal in earlier if terminal.order < last)


class _Named:
    """A name-first terminal to try for a line whose first name-first text is one of its own, and what
    rules out the name-first terminals before it that have not been tried already."""

    __slots__ = ("absent", "terminal")

    def __init__(self, terminal: _Terminal, untried: Iterable[_Terminal]) -> None:
        self.terminal = terminal
        self.absent = _Absent(other for other in untried if other.order < terminal.order)


class _PrefixTree:
    """Terminals by the fixed text lines must start with. `find(line)` gives, in order, every terminal
    one of whose texts starts the line (and maybe a few more: the full match decides). Each node looks
    at the next few characters of the line: as many as its shortest text has."""

    __slots__ = ("children", "length", "otherwise")

    def __init__(
        self,
        entries: list[tuple[str, _Terminal]],
        earlier: tuple[_Terminal, ...],
        inherited: tuple[_Terminal, ...] = (),
        length: int = 0,
    ) -> None:
        # texts no longer than this node's prefix end here: they match every line that gets here
        here = _ordered((*inherited, *(terminal for key, terminal in entries if len(key) <= length)))
        self.otherwise = _Candidates(here, earlier)
        rest = [(key, terminal) for key, terminal in entries if len(key) > length]
        self.length = min((len(key) for key, _ in rest), default=0)
        groups: dict[str, list[tuple[str, _Terminal]]] = {}
        for key, terminal in rest:
            groups.setdefault(key[: self.length], []).append((key, terminal))
        self.children: dict[str, _PrefixTree | _Candidates] = {
            prefix: _PrefixTree(group, earlier, here, self.length)
            if len({terminal.name for _, terminal in group}) > 1
            else _Candidates(_ordered((*here, *(terminal for _, terminal in group))), earlier)
            for prefix, group in groups.items()
        }

    def find(self, line: str) -> _Candidates:
        node = self
        while True:
            child = node.children.get(line[: node.length])
            if child is None:
                return node.otherwise
            if isinstance(child, _Candidates):
                return child
            node = child


def _ordered(terminals: Iterable[_Terminal]) -> tuple[_Terminal, ...]:
    return tuple(sorted(set(terminals), key=lambda terminal: terminal.order))


class _Section:
    """The terminals allowed in one part of a hand, with their look-up structures.

    `fixed` terminals start with fixed text; `named` ones start with a player name and are recognised
    by the fixed text after it (their keys); the rest are tried on every line.
    """

    def __init__(self, terminals: list[_Terminal]) -> None:
        fixed = [t for t in terminals if not t.name_first and "" not in t.keys]
        self.named = _ordered(t for t in terminals if t.name_first and "" not in t.keys)
        self.always = _ordered(t for t in terminals if "" in t.keys)
        self.prefixes = _PrefixTree([(key, t) for t in fixed for key in t.keys], (*self.named, *self.always))
        keys = {key for terminal in self.named for key in terminal.keys}
        # the first name-first text in a line -> its terminals (every one with a text it starts with)
        self.by_key: dict[str, tuple[_Named, ...]] = {}
        for key in keys:
            owners = _ordered(t for t in self.named for own in t.keys if key.startswith(own))
            self.by_key[key] = tuple(
                _Named(owner, (t for t in self.named if t not in owners[:n])) for n, owner in enumerate(owners)
            )
        self.first_key = compile_kept(_trie_pattern(keys)).search if keys and not self.always else None

    def match(self, line: str) -> tuple[_Terminal, re.Match[str]] | None:
        """The first terminal (in grammar order) that matches the whole line."""
        node = self.prefixes
        while True:  # (PrefixTree.find, inlined: this runs for every line)
            child = node.children.get(line[: node.length])
            if child is None:
                candidates = node.otherwise
                break
            if child.__class__ is _Candidates:
                candidates = child
                break
            node = child  # type: ignore[assignment]
        if candidates.terminals:
            if candidates.absent.holds_none(line):
                for terminal in candidates.terminals:
                    found = terminal.fullmatch(line)
                    if found is not None:
                        return terminal, found
            return self.exhaustive(line, candidates.terminals)
        first_key = self.first_key
        if first_key is not None:
            key = first_key(line)
            if key is not None:
                for named in self.by_key[key.group()]:
                    found = named.terminal.fullmatch(line)
                    if found is not None:
                        if named.absent.holds_none(line):
                            return named.terminal, found
                        break
        return self.exhaustive(line)

    def exhaustive(self, line: str, fixed: tuple[_Terminal, ...] = ()) -> tuple[_Terminal, re.Match[str]] | None:
        for terminal in _ordered((*fixed, *self.named, *self.always)):
            if terminal in fixed or terminal.may_match(line):
                found = terminal.fullmatch(line)
                if found is not None:
                    return terminal, found
        return None


def _trie_pattern(keys: Iterable[str]) -> str:
    """A regex matching any of `keys`, written as a tree (one branch per distinct next character) so the
    regex engine looks at each character of a line once, not once per key. Longest key first."""
    trie: dict[str, Any] = {}
    for key in keys:
        node = trie
        for char in key:
            node = node.setdefault(char, {})
        node[""] = {}

    def emit(node: dict[str, Any]) -> str:
        branches = [re.escape(char) + emit(child) for char, child in sorted(node.items()) if char]
        if not branches:
            return ""
        body = branches[0] if len(branches) == 1 else "(?:" + "|".join(branches) + ")"
        return f"(?:{body})?" if "" in node else body

    return emit(trie)


class LineClassifier:
    """Classifies lines with the terminals of a Lark grammar. Lines after `summary_marker` use only
    terminals whose names start with `SUMMARY_` (plus the ignored ones). The names on the hand's
    `seat_terminal` lines then settle the lines whose reading a player's name could change (_SeatedNames)."""

    def __init__(self, parser: Lark, summary_marker: str = "SUMMARY", seat_terminal: str = "SEAT") -> None:
        ordered = sorted(enumerate(parser.terminals), key=lambda item: (-item[1].priority, item[0]))
        # names as plain str: Lark's are Token objects, whose == is Python code (slow in the hot loops)
        terminals = [
            _Terminal(order, str(term.name), term.pattern.to_regexp()) for order, (_, term) in enumerate(ordered)
        ]
        self.ignored = frozenset(str(name) for name in parser.ignore_tokens)
        self.summary_marker = summary_marker
        summary_prefix = summary_marker + "_"
        self._body = _Section([t for t in terminals if not t.name.startswith(summary_prefix)])
        self._summary = _Section([t for t in terminals if t.name.startswith(summary_prefix) or t.name in self.ignored])
        self._names = _SeatedNames(terminals, summary_prefix, self.ignored, seat_terminal)
        save_kept()  # (the programs of the regexes compiled here, for the next run)

    def classify(self, text: str, in_summary: bool) -> tuple[str, re.Match[str]] | None:
        found = (self._summary if in_summary else self._body).match(text)
        return None if found is None else (found[0].name, found[1])

    def tokens(
        self, lines: Iterable[tuple[int, str]]
    ) -> tuple[list[LineToken], list[LineToken], list[tuple[int, str]]]:
        """Classify numbered lines: (tokens for the parser, ignored lines, unclassified lines)."""
        tokens: list[LineToken] = []
        ignored: list[LineToken] = []
        unknown: list[tuple[int, str]] = []
        section = self._body  # (a method called on a local, not held in one: compiled, a direct call)
        ignore = self.ignored
        marker = self.summary_marker
        seats = self._names.seat_terminals
        seated: list[str] = []  # the names of the hand's seat lines (its first run of them)
        arrivals = self._names.arrival_terminals
        arrived: list[str] = []  # the names of players who joined the table after the seat lines
        seating = 0  # 0: before the seat lines, 1: among them, 2: after them
        numbers: list[str | None] = []  # their seat numbers
        seat_texts: list[str] = []  # and their lines
        numbered = self._names.numbered
        summary_from = 0  # the line of the summary marker (0: none yet)
        for number, text in lines:
            if not text:
                continue
            found = section.match(text)
            if found is None:
                unknown.append((number, text))
                continue
            name = found[0].name
            if name in arrivals:
                arrived.append(found[1]["name"] or "")
            if name in ignore:
                ignored.append((name, number, text, found[1]))
            else:
                tokens.append((name, number, text, found[1]))
                if seating < 2:
                    if name in seats:
                        seat = found[1]["seat"] if numbered else None
                        if seat is not None and seat in numbers:
                            seating = 2  # (a seat listed again: that line is not the seat list's)
                        else:
                            seated.append(found[1]["name"] or "")
                            seat_texts.append(text)
                            numbers.append(seat)
                            seating = 1
                    elif seating == 1:
                        seating = 2
                if name == marker:
                    section = self._summary
                    summary_from = number
        if seated:
            self._names.settle(tokens, ignored, unknown, seated, seat_texts, summary_from, arrived)
        return tokens, ignored, unknown


def _true_seats(seated: list[str], texts: list[str]) -> list[str]:
    """The seat lines' names, less those of a line that is another seated player's line: one that starts
    with a seated name reaching past where its own name starts (`Seat 1: b posts small blind ($5)` right
    after the seats, for the player `Seat 1: b`, reads as a seat line of `b posts small blind`)."""
    kept = []
    for name, text in zip(seated, texts, strict=True):
        start = text.find(name) if name else -1
        if start > 0 and any(other != name and len(other) > start and text.startswith(other + " ") for other in seated):
            continue
        kept.append(name)
    return kept


_ARRIVALS: Final = ("TABLE_JOIN", "SITS_DOWN")  # (terminal names: see _SeatedNames.arrival_terminals)


class _SeatedNames:
    """Settles the lines whose meaning a player's name could change, once the seat lines have said who
    is at the table.

    A name-first terminal reads the shortest name that lets the rest of the line match, so a player
    named `x: raises 1 to 2`, `Uncalled bet ($1) returned to x` or `immo said, "hi"` has their lines read
    as another line type, by a player who is not there. A line is looked at again when its name is not
    a seated player's, or is only the start of a longer seated name, or when a line read as a name-free
    type begins with a seated name: it is then read with the name fixed to each seated name it holds
    (longest first) and each name-bearing terminal of its section, in the grammar's order, and the
    first whole-line match is its reading. A line no such reading fits keeps its first reading, so this
    only ever chooses between readings the grammar already allows.

    The test for ordinary lines is one set look-up (or one `startswith`) per line; the fixed-name regexes
    are compiled only for the lines that need them, and kept for the next hands of the same players.
    """

    _CACHE_LIMIT: Final = 4096

    def __init__(
        self, terminals: list[_Terminal], summary_prefix: str, ignored: frozenset[str], seat_terminal: str
    ) -> None:
        named = [t for t in terminals if "(?P<name>" in t.pattern]
        # the seat lines' terminals: `seat_terminal`, and a dialect's own (`EV_SEAT`), outside the summary
        seat_names = (seat_terminal, "_" + seat_terminal)
        seat_lines = [t for t in named if t.name.endswith(seat_names) and not t.name.startswith(summary_prefix)]
        self.seat_terminals = frozenset(t.name for t in seat_lines)
        # lines that name a player who came to the table after the seat list (PartyPoker's `X has joined
        # the table.`, PokerStars' `X joins the table at seat #4`, Full Tilt's `X sits down`): known names too
        self.arrival_terminals = frozenset(t.name for t in named if t.name.endswith(_ARRIVALS))
        self.numbered = bool(seat_lines) and all("(?P<seat>" in t.pattern for t in seat_lines)
        self.with_name = frozenset(t.name for t in named)
        self.body = tuple(t for t in named if not t.name.startswith(summary_prefix))
        self.summary = tuple(t for t in named if t.name.startswith(summary_prefix) or t.name in ignored)
        # the line types without a name that start with fixed text (`Creating Main Pot with ...`)
        fixed = [t for t in terminals if "(?P<name>" not in t.pattern and "" not in t.keys]
        self.fixed_body = tuple(t for t in fixed if not t.name.startswith(summary_prefix))
        self.fixed_summary = tuple(t for t in fixed if t.name.startswith(summary_prefix) or t.name in ignored)
        self.ignored = ignored
        self.pinned: dict[tuple[int, str], Any] = {}
        self._plain_cache: dict[str, bool] = {}
        self._danger, self._fixed_starts, self._fixed_prefixes = _name_hazards(terminals)

    def plain(self, name: str) -> bool:
        """Whether no line can be read differently for a player of this name: the name holds none of the
        texts a line may have after a name (nor a colon), does not start like a line type that starts with
        fixed text (nor is the start of one), and has no space at either end. A hand whose seated names are
        all plain is left as first read."""
        known = self._plain_cache.get(name)
        if known is not None:
            return known
        danger = self._danger
        plain = (
            bool(name)
            and danger is not None
            and danger.search(name) is None
            and not name.startswith(self._fixed_starts)
            and name not in self._fixed_prefixes
            and name.strip() == name
        )
        if len(self._plain_cache) >= 65_536:
            self._plain_cache.clear()
        self._plain_cache[name] = plain
        return plain

    def settle(
        self,
        tokens: list[LineToken],
        ignored: list[LineToken],
        unknown: list[tuple[int, str]],
        seated: list[str],
        seat_texts: list[str],
        summary_from: int,
        arrived: list[str],
    ) -> None:
        for name in (*seated, *arrived):
            if not self.plain(name):
                break
        else:
            return  # (every name plain: the usual case)
        names = frozenset(name for name in (*_true_seats(seated, seat_texts), *arrived) if name)
        if not names:
            return
        ordered = sorted(names)
        # a name that starts a longer seated name: a line of its could be the longer name's
        prefixes = frozenset(a for a, b in pairwise(ordered) if b.startswith(a))
        starts = tuple(names)
        with_name = self.with_name
        suspects: list[LineToken] = []
        for token in (*tokens, *ignored):
            if token[0] in with_name:
                who = token[3]["name"]
                if who is not None and who in names and who not in prefixes:
                    continue
            elif not token[2].startswith(starts):
                continue
            suspects.append(token)
        # a line no terminal read may be one whose name a terminal's name pattern does not allow (`[^:]+?`)
        unread = [(number, text) for number, text in unknown if any(name in text for name in names)]
        if not suspects and not unread:
            return
        longest = sorted(names, key=len, reverse=True)
        changed: dict[int, LineToken] = {}
        # a line that is only a seated name (a hand cut off after it) says nothing more, though it reads as a
        # line of someone not seated (`a: folds`, cut off, for the player `a: folds`), or, as the hand's last
        # line, as a line with no name (`*** SUMMARY ***`, cut off, for the player `*** SUMMARY ***`)
        last = max(
            max((token[1] for token in tokens), default=0),
            max((token[1] for token in ignored), default=0),
            max((line[0] for line in unknown), default=0),
        )
        cut = {
            token[1]
            for token in suspects
            if token[2] in names and ((token[0] in with_name and token[3]["name"] not in names) or token[1] == last)
        }
        for token in suspects:
            if token[1] in cut:
                continue
            read = token[3]["name"] if token[0] in with_name else None
            in_summary = bool(summary_from) and token[1] > summary_from
            found = self._reread(token[1], token[2], read, longest, in_summary, read is not None and read not in names)
            if found is not None:
                changed[token[1]] = found
        added: list[LineToken] = []
        for number, text in unread:
            found = self._reread(number, text, None, longest, bool(summary_from) and number > summary_from, False)
            if found is not None:
                added.append(found)
        if not changed and not added and not cut:
            return
        if added:
            lines = {token[1] for token in added}
            unknown[:] = [(number, text) for number, text in unknown if number not in lines]
        if cut:
            unknown.extend((token[1], token[2]) for token in suspects if token[1] in cut)
            unknown.sort()
        everything = [changed.get(token[1], token) for token in (*tokens, *ignored, *added) if token[1] not in cut]
        everything.sort(key=lambda token: token[1])
        tokens[:] = [token for token in everything if token[0] not in self.ignored]
        ignored[:] = [token for token in everything if token[0] in self.ignored]

    def _reread(
        self, number: int, text: str, read: str | None, longest: list[str], in_summary: bool, unseated: bool
    ) -> LineToken | None:
        """The line read with a seated name fixed (None: no such reading, or the one it has). `read`: the
        name the line was read with, if any; `unseated`: that name is no seated player's.

        A line that no seated name fits, first read with an unseated name, is read as a line type with no
        name that starts with fixed text, if one matches it whole: `Creating Main Pot with $ 38.50 with
        Player2, a: folds` (the player `a: folds`) first reads as a fold by `Creating Main Pot ... a:`,
        because the fold comes first in the grammar."""
        candidates = [name for name in longest if name in text]
        if not candidates or read == candidates[0]:
            return None  # (no seated name in it, or read already with the longest one it holds)
        for name in candidates:
            for terminal in self.summary if in_summary else self.body:
                found = self._fullmatch(terminal, name)(text)
                if found is not None:
                    return (terminal.name, number, text, found)
        if unseated:
            for terminal in self.fixed_summary if in_summary else self.fixed_body:
                found = terminal.fullmatch(text)
                if found is not None:
                    return (terminal.name, number, text, found)
        return None

    def _fullmatch(self, terminal: _Terminal, name: str) -> Any:
        key = (terminal.order, name)
        match = self.pinned.get(key)
        if match is None:
            if len(self.pinned) >= self._CACHE_LIMIT:
                self.pinned.clear()
            match = self.pinned[key] = compile_terminal(_pin_name(terminal.pattern, name), keep=False).fullmatch
        return match


def _name_hazards(terminals: list[_Terminal]) -> tuple[re.Pattern[str] | None, tuple[str, ...], frozenset[str]]:
    """What can make a name change how a line is read: (a search for any text that may follow a name in
    some terminal, or a colon; None when a name group is not where this can tell), the fixed texts lines
    start with, and every start of those texts."""
    after: set[str] = {":"}
    for terminal in terminals:
        if "(?P<name>" not in terminal.pattern:
            continue
        try:
            tree = sre_parser.parse(terminal.pattern)
            group = tree.state.groupdict["name"]
        except Exception:
            return None, (), frozenset()
        items = list(tree)
        index = next((n for n, (op, av) in enumerate(items) if op is sre_constants.SUBPATTERN and av[0] == group), None)
        if index is None:  # (the name inside another group: nothing here says what follows it)
            return None, (), frozenset()
        texts = _starts(items[index + 1 :])
        after.update(text for text in texts if text)
    fixed = {key for terminal in terminals if not terminal.name_first for key in terminal.keys if key}
    prefixes = frozenset(key[:size] for key in fixed for size in range(1, len(key) + 1))
    return compile_kept(_trie_pattern(after)), tuple(sorted(fixed)), prefixes


def _pin_name(pattern: str, name: str) -> str:
    """`pattern` with its `(?P<name>...)` group made to match exactly `name`."""
    start = pattern.index("(?P<name>")
    depth, index, in_class = 0, start, False
    while index < len(pattern):
        char = pattern[index]
        if char == "\\":
            index += 2
            continue
        if in_class:
            in_class = char != "]"
        elif char == "[":
            in_class = True
        elif char == "(":
            depth += 1
        elif char == ")":
            depth -= 1
            if depth == 0:
                return pattern[:start] + "(?P<name>" + re.escape(name) + ")" + pattern[index + 1 :]
        index += 1
    raise ValueError(f"unbalanced name group in {pattern!r}")
