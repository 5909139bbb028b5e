"""OA507 hand-description."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Final

from omaha_audit.engine.evaluate.games import word_value
from omaha_audit.engine.settle import repeated_card
from omaha_audit.model import Card, Game, ShowdownKind, ShowdownLine
from omaha_audit.model.hand_value import Low, Words
from omaha_audit.rules.base import Finding, HandContext, Rule, Severity


def _board(ctx: HandContext, run: int) -> tuple[Card, ...]:
    boards = ctx.hand.boards
    if not boards:
        return ()
    return boards[run - 1] if run and run <= len(boards) else boards[0]


def check(ctx: HandContext) -> Iterator[Finding]:
    """The room's printed hand description does not match the cards shown and the board.

    Checked in the words of rooms whose descriptions are evidence (PokerStars'); rooms whose words are
    not (GGPoker describes Omaha hands Hold'em-style) or that print none are not checked. Stud and draw
    hands: each shown hand of the game's size by itself, in the words of the rooms whose stud and draw words
    are known (PokerStars: `Lo: 9,8,6,5,A` in razz, `Badugi: T,8,7,5`; Full Tilt: `J,T,7,4,A`).

    Bad: board [2s 3h 4h 5c Qs], `Player1: shows [6c Kh 9s 2d 5h] (a pair of Fives)`.
    Good: `Player1: shows [6c Kh 9s 2d 5h] (a straight, Deuce to Six)`.
    Why: players and floor staff read the description; a wrong one suggests the room evaluated the hand
    wrongly, which is how pots get misawarded.
    """
    hand = ctx.hand
    game = hand.game
    holdem = game is Game.HOLDEM  # 6+ Hold'em ranks hands differently: not checked
    words = ctx.words
    if words is not None and (ctx.stud or ctx.draw):
        yield from _stud_draw(ctx, words)
        return
    if not (game.is_omaha or holdem) or words is None:
        return
    wanted = game.hole_cards or 0
    by_run: dict[int, list[ShowdownLine]] = {}
    for line in hand.showdown:
        if line.kind is ShowdownKind.SHOWS and line.description is not None and len(line.cards) == wanted:
            by_run.setdefault(line.run, []).append(line)
    for run, lines in by_run.items():
        board = _board(ctx, run)
        if not 3 <= len(board) <= 5 or repeated_card(board, [line.cards for line in lines]):
            continue  # incomplete, over-full or duplicated cards: OA201/OA203 report those
        evaluations = ctx.evaluations
        highs = [evaluations.high_for(game, line.cards, board) for line in lines]
        lows = [evaluations.low(line.cards, board) for line in lines] if game.is_hi_lo else None
        expected_texts = words.showdown(
            [high.key for high in highs], None if lows is None else [None if low is None else low.ranks for low in lows]
        )
        for index, line in enumerate(lines):
            expected = expected_texts[index]
            printed = line.description or ""
            plain = expected.split(" - ")[0] if " - " in expected and " - " not in printed else expected
            if printed not in (expected, plain):
                yield RULE.finding(
                    ctx,
                    f"{line.player}'s hand is described as {printed!r}; with these cards it is {expected!r}",
                    line.source,
                    player=line.player,
                    expected=expected,
                    actual=printed,
                )


def _stud_draw(ctx: HandContext, words: Words) -> Iterator[Finding]:
    """Stud and draw: each shown hand of the game's full size against the room's words for it, where the
    room's words for the game are known (model/hand_value.py `StudDrawWords`: PokerStars' and Full Tilt's for
    every game, Bovada's, Everleaf's and OnGame's for the high games). No kicker clause is judged: the part
    of the printed words before ` - ` is compared."""
    # (a room's words give stud and draw words where they have `StudDrawWords.stud_draw`)
    describe: Callable[[Game, int, Low | None], str | None] | None = getattr(words, "stud_draw", None)
    if describe is None:
        return
    game = ctx.hand.game
    held = game.cards_held or 0
    for line in ctx.hand.showdown:
        if line.kind is not ShowdownKind.SHOWS or line.description is None or len(line.cards) != held:
            continue
        if len(set(line.cards)) != held:
            continue  # a card shown twice: OA201
        value, low = word_value(game, line.cards)
        expected = describe(game, value, low)
        printed = line.description
        if expected is None or printed == expected or printed.split(" - ")[0] == expected:
            continue
        yield RULE.finding(
            ctx,
            f"{line.player}'s hand is described as {printed!r}; with these cards it is {expected!r}",
            line.source,
            player=line.player,
            expected=expected,
            actual=printed,
        )


RULE: Final[Rule] = Rule(
    "OA507", "hand-description", Severity.WARNING, (), check, needs_replay=False, stud=True, draw=True
)
