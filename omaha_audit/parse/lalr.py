"""Check a hand's line tokens against the grammar with Lark's LALR(1) table, without a parse tree.

Lark compiles the grammar into its LALR(1) table; this module runs that table over the token types.
The reader needs no tree (the builder reads the tokens themselves), so this does only what decides
acceptance: shifts, reductions, gotos. It gives the same verdict as Lark's own parser, and on a
rejection the same token and the same expected terminals (tests compare the two).

Each step (a token fed to the automaton from a given stack) is remembered, so most tokens cost one
dictionary look-up.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final, NamedTuple

from lark import Lark
from lark.parsers.lalr_analysis import Shift

END: Final = "$END"


class Rejection(NamedTuple):
    """Where the tokens stop fitting the grammar: the index of the token (len(types) for the end of
    the input) and the terminals the grammar allowed there."""

    at: int
    expected: frozenset[str]


def unexpected(rejection: Rejection, tokens: Sequence[tuple[Any, ...]]) -> tuple[int, str]:
    """Where to report a rejection of the line tokens `(kind, line, ...)` (the last token's line when the
    input ends too soon), and the reason: `unexpected KIND line (expected one of: ...)`."""
    kind, line = tokens[min(rejection.at, len(tokens) - 1)][:2]
    expected = ", ".join(sorted(rejection.expected)[:8])
    return line, f"unexpected {kind} line (expected one of: {expected})"


# One table entry: (True, next state, "") for a shift; (False, symbols popped, rule name) for a reduce.
_Action = tuple[bool, int, str]


class _Stack:
    """One parser stack the automaton has been in, with the steps out of it found so far: token type ->
    the stack after that token, or (when the token does not fit) the terminals that would have."""

    __slots__ = ("next", "states")

    def __init__(self, states: tuple[int, ...]) -> None:
        self.states = states
        self.next: dict[str, _Stack | frozenset[str]] = {}


class LalrChecker:
    """Runs the LALR(1) table Lark built for a grammar. The stacks met, and the steps between them, are
    remembered: the grammar is flat, so hands keep meeting the same few stacks and most tokens cost one
    dictionary look-up."""

    def __init__(self, lark: Lark, start: str = "start") -> None:
        conf = lark.parse_interactive(None, start=start).parser_state.parse_conf
        self.start_state: int = conf.start_state
        self.end_state: int = conf.end_state
        self.states: dict[int, dict[str, _Action]] = {
            state: {
                str(symbol): (True, arg, "") if action is Shift else (False, len(arg.expansion), str(arg.origin.name))
                for symbol, (action, arg) in actions.items()
            }
            for state, actions in conf.states.items()
        }
        self.stacks: dict[tuple[int, ...], _Stack] = {}
        self.root = self._stack((self.start_state,))

    def expected(self, state: int) -> frozenset[str]:
        return frozenset(symbol for symbol in self.states[state] if symbol.isupper())

    def check(self, types: Sequence[str]) -> Rejection | None:
        """None if the token types form a sentence of the grammar, else where and why not."""
        stack = self.root
        for index, kind in enumerate(types):
            after = stack.next.get(kind)
            if after is None:
                after = self._advance(stack, kind)
            if after.__class__ is frozenset:
                return Rejection(index, after)
            stack = after  # type: ignore[assignment]
        after = stack.next.get(END) or self._advance(stack, END)
        return Rejection(len(types), after) if isinstance(after, frozenset) else None

    def _stack(self, states: tuple[int, ...]) -> _Stack:
        found = self.stacks.get(states)
        if found is None:
            if len(self.stacks) >= _MEMO_LIMIT:  # (only odd input gets here: start again)
                self.stacks.clear()
            found = self.stacks[states] = _Stack(states)
        return found

    def _advance(self, stack: _Stack, kind: str) -> _Stack | frozenset[str]:
        """Feed one token (or the end of the input) to the automaton, and remember the step."""
        after = self._step(stack.states, kind)
        step = self._stack(after) if isinstance(after, tuple) else after
        stack.next[kind] = step
        return step

    def _step(self, stack: tuple[int, ...], kind: str) -> tuple[int, ...] | frozenset[str]:
        """The new stack, or the terminals the state it got stuck in expected (what Lark's
        UnexpectedToken reports)."""
        states = self.states
        work = list(stack)
        while True:
            action = states[work[-1]].get(kind)
            if action is None or (action[0] and kind == END):
                return self.expected(work[-1])
            shift, target, rule = action
            if shift:
                work.append(target)
                return tuple(work)
            if target:
                del work[-target:]
            work.append(states[work[-1]][rule][1])
            if kind == END and work[-1] == self.end_state:
                return tuple(work)


_MEMO_LIMIT: Final = 100_000
