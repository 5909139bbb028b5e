"""Differential test: our replay and settlement (`settle(replay(hand, house))`) against pokerkit, an
independent engine (github.com/uoftcprg/pokerkit, a test-only dependency), on generated hands of every
game and betting structure the generator deals (Hold'em, Omaha 4/5/6 cards, Courchevel, hi and hi/lo;
pot limit, no limit, fixed limit; cash and tournament; run twice; antes, missed and new-player blinds).

For every hand pokerkit accepts we compare, number for number:

* the uncalled bet returned (UC-1) and each player's total contribution after it;
* the pots when betting ended: amounts (gross) and eligible players (SP-1, SP-2);
* each player's award (what he collects, per board when run twice) and net result.

Rake. pokerkit's rake function is given the hand's printed rake (the bridge takes exactly the printed
amount, spread over the pots the way the room prints them: the printed net main/side pots, else in
proportion with the remainder on the main pot, RK-4/SP-4), so both engines split the same net amounts
and the awards compare net of rake, as the auditor uses them. pokerkit has no rake convention of its
own to check ours against (SP-4: the allocation is the room's), so this tests the pots and the splitting
on the amounts that are really split, odd chips included.

Differences that are intended (conventions, or pokerkit representing a hand its own way) are not
waved through: each one is reproduced. `pokerkit_split` re-splits OUR winners (our evaluation, our
pots) with pokerkit's conventions switched on one by one; with none it must give exactly our awards,
with all of them exactly pokerkit's. A hand whose difference is not reproduced that way fails the test.

* OC-5 (`halves`): when the same players win the high and the low half, we split the whole pot; pokerkit
  splits each half, so one player can get the odd chip of both halves (TDA 19-F: 33/33, pokerkit 34/32).
* OC-2 (`remainder`): we give odd chips one each to the tied winners first clockwise from the button;
  pokerkit gives the whole remainder to the first of them (a 3-way split of 101: 34/34/33 vs 35/33/33).
* OC-4 (`merge`): we split every pot on its own; pokerkit kills the hands that cannot win, recomputes the
  pots without them and merges neighbours whose remaining players coincide, so two pots split between
  the same tied players can share one odd chip instead of two.
* HL-1 (`low quirk`): in a hi/lo pot whose players have no qualifying low the high hand takes it all;
  pokerkit splits the pot in halves whenever any player still in the hand has a low, and with nobody in
  that pot qualifying it shares the low half among all the pot's players (pokerkit 0.7.7, push_chips:
  every `None` hand ties for best). Ours follows HL-1; this is pokerkit's behaviour, not a room's.
* UC-1 (`uncontested`): when everyone folds, pokerkit leaves the winner's whole bet of the last betting round
  with him (collect_bets skips the last player standing); UC-1 returns only the part nobody matched and
  the matched part goes into the pot. Checked exactly: pokerkit's return minus ours must equal the largest
  other bet of that betting round, and after moving it back pots, contributions and awards must agree.
* Rejections: pokerkit calls a line illegal and stops (`rejected_at`). The hand is then not compared;
  each rejection must be one of these, checked on the hand and on our replay:
  - a bet or raise when every other player still in is all-in or already covered ("There is no reason
    to complete, bet, or raise"): RULES.md has no such rule, the room takes it and returns the excess as
    an uncalled bet (UC-1), which the hand must show;
  - a fold facing no bet, which pokerkit's tournament mode forbids and PokerStars allows (sitting-out
    players are folded); our replay must have had nothing to call;
  - a call priced at the big blind when the big blind is short or missing: the price of the game stays
    the big blind (BL-4, PL-6); pokerkit prices a call at the largest bet actually made; our replay
    must price it as the line does;
  - a line that really is wrong: we report a finding on that same line too (in the corpus, Run It Once's
    "raiseTo" bug: pokerkit says the call must be EUR 44, we say OA307, the hand has EUR 51).

Hands pokerkit cannot represent are skipped and counted by reason (`pokerkit_replay` says why): stud and
draw games, CAP games, splash-the-pot money, cancelled or cut-off hands, a player all-in on the posts who
then folds (PokerStars folds sitting-out players; SP-2's split at a folded all-in stake has no pokerkit
equivalent), a player at showdown whose cards are unknown and who does not muck, and all but one player
mucking in an all-in showdown before the board is complete (pokerkit 0.7.7 then fails an assertion).

Runs: the default run checks 300 generated hands; the 5,000-hand run is marked `slow` (pokerkit replays
about 50 generated hands a second here: its Omaha evaluator is slow at showdowns) and runs in CI; the real
corpus (about 430 hands pokerkit can play) is marked `corpus`. Each prints what was compared, how many
agree exactly, which explained differences occurred, what was rejected and skipped, and why.
"""

from __future__ import annotations

import io
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from corpus_paths import pokerstars_files, require_corpus
from devtools.pokerkit_bridge import PokerkitResult, Unsupported, pokerkit_replay

from omaha_audit.engine.replay import Replay, replay
from omaha_audit.engine.settle import PotResult, Settlement, settle
from omaha_audit.model import ActionKind, Hand, Street
from omaha_audit.rooms import preset_for
from omaha_audit.rules.registry import audit_hand

pytest.importorskip("pokerkit")
pytestmark = pytest.mark.slow  # (a differential run against pokerkit: the full run, CI, makes it)

FLAGS = ("halves", "remainder", "merge", "low quirk")
Awards = dict[tuple[str, int], int]  # (player, run) -> chips; run 0, or 1/2 when run twice


# ---- hands ---------------------------------------------------------------------------------------


def generated_hands(count: int, seed: int, folder: Path) -> list[Hand]:
    """`count` clean hands from the project's generator (all games and structures), read back by our
    parser from a file, as the auditor would read them."""
    from omaha_audit.generate import GenerateConfig, generate
    from omaha_audit.rooms import hand_source

    text, labels = io.StringIO(), io.StringIO()
    generate(GenerateConfig(hands=count, seed=seed), text, labels)
    path = folder / f"generated-{seed}.txt"
    path.write_text(text.getvalue(), encoding="utf-8")
    hands = [item for item in hand_source().read_file(path) if isinstance(item, Hand)]
    assert len(hands) == count, "the parser must read every generated hand"
    return hands


# ---- pokerkit's split conventions, applied to our winners -------------------------------------------


def _split(amount: int, winners: list[str], remainder_to_first: bool) -> dict[str, int]:
    """Split among `winners` (already in order: first clockwise from the button first)."""
    if not winners:
        return {}
    base, odd = divmod(amount, len(winners))
    shares = dict.fromkeys(winners, base)
    if remainder_to_first:
        shares[winners[0]] += odd
    else:
        for name in winners[:odd]:
            shares[name] += 1
    return shares


def pokerkit_split(ours: Settlement, order: tuple[str, ...], flags: frozenset[str]) -> Awards | None:
    """Our winners, re-split with the named pokerkit conventions (module docstring). None when our
    results cannot be re-split (a pot left undecided)."""
    results = list(ours.results)
    if not results or any(not result.decided for result in results):
        return None
    position = {name: i for i, name in enumerate(order)}

    def ordered(names: set[str] | tuple[str, ...]) -> list[str]:
        return sorted(names, key=position.__getitem__)

    winners: set[str] = set()
    for result in results:
        for board in result.boards:
            winners.update(board.high_winners)
            winners.update(board.low_winners)
    # pokerkit kills the hands that cannot win anything; the pots it pushes are recomputed without them
    groups: list[list[PotResult]] = []
    for result in results:
        if "merge" in flags and groups:
            previous = groups[-1][-1]
            if set(previous.contenders) & winners == set(result.contenders) & winners:
                groups[-1].append(result)
                continue
        groups.append([result])
    main_boards = results[0].boards
    awards: Awards = defaultdict(int)
    remainder_to_first = "remainder" in flags
    for group in groups:
        first = group[0]
        for other in group[1:]:
            for mine, theirs in zip(first.boards, other.boards, strict=True):
                if (mine.high_winners, mine.low_winners) != (theirs.high_winners, theirs.low_winners):
                    return None  # merged pots must have the same winners
        net = sum(result.net for result in group)
        runs = len(first.boards)
        base, odd = divmod(net, runs)
        players = [name for name in first.contenders if name in winners] if "merge" in flags else first.contenders
        for j, board in enumerate(first.boards):
            amount = base + (odd if j == 0 else 0)
            high, low = list(board.high_winners), list(board.low_winners)
            if "low quirk" in flags:
                low_present = bool(main_boards[j].low_winners)
                if low_present and not low:
                    low = [name for name in players if name in winners]  # every `None` low ties
            else:
                low_present = bool(low)
            shares: dict[str, int] = {}
            if not low_present or (set(high) == set(low) and "halves" not in flags):
                shares = _split(amount, ordered(tuple(high)), remainder_to_first)
            else:
                low_half = amount // 2
                for name, value in _split(amount - low_half, ordered(tuple(high)), remainder_to_first).items():
                    shares[name] = shares.get(name, 0) + value
                for name, value in _split(low_half, ordered(tuple(low)), remainder_to_first).items():
                    shares[name] = shares.get(name, 0) + value
            for name, value in shares.items():
                if value:
                    awards[(name, board.run)] += value
    return dict(awards)


# ---- comparing one hand --------------------------------------------------------------------------


def our_awards(ours: Settlement) -> Awards:
    awards: Awards = defaultdict(int)
    for (player, _pot, run), amount in ours.expected().items():
        if amount:
            awards[(player, run)] += amount
    return dict(awards)


def kit_awards(kit: PokerkitResult) -> Awards:
    """pokerkit's pushes as (player, run). When only one player is left in the hand (everyone else folded
    or had his hand killed as unable to win) pokerkit pushes each pot whole, not per board: such pushes
    count for run 0 and `by_player` is used to compare."""
    awards: Awards = defaultdict(int)
    for push in kit.pushes:
        run = 0 if push.board is None or kit.runouts == 1 else push.board + 1
        for player, amount in push.amounts.items():
            if amount:
                awards[(player, run)] += amount
    return dict(awards)


def per_run_comparable(kit: PokerkitResult) -> bool:
    return kit.runouts == 1 or all(push.board is not None for push in kit.pushes)


def by_player(awards: Awards | None) -> dict[str, int] | None:
    if awards is None:
        return None
    totals: dict[str, int] = defaultdict(int)
    for (name, _run), amount in awards.items():
        totals[name] += amount
    return dict(totals)


@dataclass(slots=True)
class Verdict:
    kind: str  # agree | explained | rejected | unexplained
    labels: tuple[str, ...] = ()
    detail: str = ""


def compare(hand: Hand, kit: PokerkitResult) -> Verdict:
    house = preset_for(hand)
    replayed = replay(hand, house)
    ours = settle(replayed)
    if kit.rejected_at is not None:
        return judge_rejection(hand, kit, replayed)
    for board, dealt in zip(hand.boards, kit.boards, strict=False):
        if tuple(str(card) for card in board) != dealt:
            return Verdict("unexplained", detail=f"the bridge dealt {dealt}, the hand's board is {board}")
    refund = ours.refund
    contributions = dict(ours.contributions)
    kit_contrib = dict(kit.contributions)
    kit_pots = [(pot.amount, frozenset(pot.eligible)) for pot in kit.pots]
    kit_refund = kit.refund
    kit_award = kit_awards(kit)
    labels: list[str] = []
    if kit.won_uncontested:
        # UC-1: pokerkit returned the winner's whole last-round bet; the matched part belongs in the pot.
        winner = next((name for name, amount in kit.returned.items() if amount), None)
        if winner is not None:
            ours_back = refund[1] if refund is not None and refund[0] == winner else 0
            matched = kit.returned[winner] - ours_back
            others = max((bet for name, bet in kit.last_round_bets.items() if name != winner), default=0)
            if matched != others:
                return Verdict(
                    "unexplained",
                    detail=f"uncontested: pokerkit returned {kit.returned[winner]}, we {ours_back}; the largest "
                    f"other bet of the round was {others}",
                )
            if matched:
                labels.append("uncontested")
                kit_contrib[winner] += matched
                kit_pots = [(amount + matched, eligible) for amount, eligible in kit_pots]
                kit_award[(winner, 0)] = kit_award.get((winner, 0), 0) + matched
            kit_refund = (winner, ours_back) if ours_back else None
    if refund != kit_refund:
        return Verdict("unexplained", detail=f"uncalled bet: ours {refund}, pokerkit {kit_refund}")
    if contributions != kit_contrib:
        return Verdict("unexplained", detail=f"contributions: ours {contributions}, pokerkit {kit_contrib}")
    our_pots = [(pot.amount, frozenset(pot.eligible)) for pot in ours.pots]
    if our_pots != kit_pots:
        return Verdict("unexplained", detail=f"pots: ours {our_pots}, pokerkit {kit_pots}")
    award = our_awards(ours)
    if any(not result.decided for result in ours.results):
        return Verdict("unexplained", detail="pokerkit settled a pot we leave undecided")
    same = (lambda a, b: a == b) if per_run_comparable(kit) else (lambda a, b: by_player(a) == by_player(b))
    if not same(award, kit_award):
        plain = pokerkit_split(ours, kit.players, frozenset())
        full = pokerkit_split(ours, kit.players, frozenset(FLAGS))
        if plain != award:
            return Verdict("unexplained", detail=f"re-split model does not reproduce our awards: {plain} vs {award}")
        if full is None or not same(full, kit_award):
            return Verdict("unexplained", detail=f"awards: ours {award}, pokerkit {kit_award}, model {full}")
        active = [flag for flag in FLAGS if not same(pokerkit_split(ours, kit.players, frozenset({flag})), award)]
        labels += active or ["+".join(FLAGS)]  # only the conventions together make a difference
        return Verdict("explained", tuple(labels))
    won: dict[str, int] = defaultdict(int)
    for (name, _run), amount in award.items():
        won[name] += amount
    net = {name: won[name] - paid for name, paid in contributions.items()}
    kit_net = {name: kit.net.get(name, 0) for name in contributions}
    if net != kit_net:
        return Verdict("unexplained", detail=f"net results: ours {net}, pokerkit {kit_net}")
    return Verdict("explained" if labels else "agree", tuple(labels))


def judge_rejection(hand: Hand, kit: PokerkitResult, replayed: Replay) -> Verdict:
    """pokerkit stopped at a line. Each intended case is checked to be that case (module docstring)."""
    action = next((a for a in hand.actions if a.source.line == kit.rejected_at), None)
    reason = kit.rejected_reason or ""
    if action is None:
        return Verdict("unexplained", detail=f"pokerkit rejects line {kit.rejected_at}: {reason}")
    step = next((step for step in replayed.steps if step.action is action), None)
    if (
        action.kind in (ActionKind.BET, ActionKind.RAISE)
        and "There is no reason to complete, bet, or raise" in reason
        and any(back.player == action.player for back in hand.uncalled)
    ):
        return Verdict("rejected", ("raise nobody can call (UC-1 returns it)",))
    if (
        action.kind is ActionKind.FOLD
        and "There is no reason for this player to fold" in reason
        and step is not None
        and step.to_call == 0
    ):
        return Verdict("rejected", ("fold facing no bet (pokerkit's tournament mode forbids it)",))
    if action.kind is ActionKind.CALL and action.street is Street.PREFLOP and step is not None:
        big_blind = hand.stakes.big_blind or 0
        posts = [a for a in hand.actions if a.kind is ActionKind.POST_BIG_BLIND]
        short = not posts or any(a.amount < big_blind for a in posts[:1])
        if short and min(step.to_call, step.stack_before) == action.amount and "to call" in reason:
            return Verdict("rejected", ("call priced at a short or missing big blind (BL-4, PL-6)",))
    ours = [f for f in audit_hand(hand, replayed.house) if f.line == kit.rejected_at]
    if ours:
        return Verdict("rejected", (f"the line is wrong: we report {ours[0].code} there too",))
    what = f"{action.kind.value} by {action.player}"
    return Verdict("unexplained", detail=f"pokerkit rejects line {kit.rejected_at} ({what}): {reason}")


# ---- the runs ------------------------------------------------------------------------------------


@dataclass(slots=True)
class Tally:
    hands: int = 0
    compared: int = 0
    agree: int = 0
    explained_hands: int = 0
    explained: Counter[str] = field(default_factory=Counter)
    rejected: Counter[str] = field(default_factory=Counter)
    skipped: Counter[str] = field(default_factory=Counter)
    unexplained: list[str] = field(default_factory=list)

    def report(self) -> str:
        lines = [
            f"pokerkit differential: {self.hands} hands; compared {self.compared}: {self.agree} agree exactly, "
            f"{self.explained_hands} differ only as explained; rejected by pokerkit {sum(self.rejected.values())}; "
            f"skipped (unsupported) {sum(self.skipped.values())}; unexplained {len(self.unexplained)}",
        ]
        lines += [f"  explained {count:5d}  {label}" for label, count in self.explained.most_common()]
        lines += [f"  rejected  {count:5d}  {label}" for label, count in self.rejected.most_common()]
        lines += [f"  skipped   {count:5d}  {reason}" for reason, count in self.skipped.most_common()]
        lines += [f"  UNEXPLAINED {text}" for text in self.unexplained[:20]]
        return "\n".join(lines)


def run(hands: list[Hand]) -> Tally:
    tally = Tally()
    for hand in hands:
        tally.hands += 1
        kit = pokerkit_replay(hand)
        if isinstance(kit, Unsupported):
            tally.skipped[kit.reason] += 1
            continue
        verdict = compare(hand, kit)
        if verdict.kind == "rejected":
            tally.rejected.update(verdict.labels)
            continue
        tally.compared += 1
        if verdict.kind == "agree":
            tally.agree += 1
        elif verdict.kind == "explained":
            tally.explained_hands += 1
            tally.explained.update(verdict.labels)
        else:
            where = f"hand {hand.hand_id} ({hand.game_text}, {hand.structure.value})"
            tally.unexplained.append(f"{where}: {verdict.detail}")
    return tally


def check(tally: Tally, minimum_compared: int) -> None:
    print(tally.report())
    assert not tally.unexplained, tally.report()
    assert tally.compared >= minimum_compared, tally.report()


@pytest.fixture(scope="module")
def quick_tally(tmp_path_factory: pytest.TempPathFactory) -> Tally:
    return run(generated_hands(300, seed=20260105, folder=tmp_path_factory.mktemp("pokerkit")))


def test_pokerkit_agrees_on_generated_hands(quick_tally: Tally) -> None:
    check(quick_tally, minimum_compared=250)


@pytest.mark.slow
def test_pokerkit_agrees_on_5000_generated_hands(tmp_path: Path) -> None:
    hands = generated_hands(5_000, seed=7, folder=tmp_path)
    check(run(hands), minimum_compared=4_500)


@pytest.mark.corpus
def test_pokerkit_agrees_on_corpus_hands() -> None:
    """Every PokerStars-format hand of the real corpus (PokerStars, Run It Once, MPL) pokerkit can play."""
    from omaha_audit.rooms import hand_source

    require_corpus()
    hands = [item for path in pokerstars_files() for item in hand_source().read_file(path) if isinstance(item, Hand)]
    check(run(hands), minimum_compared=400)


def test_bridge_never_raises_and_reports_why(tmp_path: Path) -> None:
    """The bridge is total: an unsupported game gives a reason, not an exception."""
    from dataclasses import replace

    from devtools.pokerkit_bridge import replay_in_pokerkit

    from omaha_audit.model import Game

    hands = generated_hands(5, seed=3, folder=tmp_path)
    stud = replace(hands[0], game=Game.STUD)
    result = pokerkit_replay(stud)
    assert isinstance(result, Unsupported) and "stud" in result.reason
    assert replay_in_pokerkit(stud) is None
    assert all(isinstance(pokerkit_replay(hand), PokerkitResult | Unsupported) for hand in hands)


STRADDLE_HAND = """\
PokerStars Hand #111111111: Omaha Pot Limit ($1/$2 USD) - 2020/01/01 10:00:00 ET
Table 'Test' 6-max Seat #1 is the button
Seat 1: A ($200 in chips)
Seat 2: B ($200 in chips)
Seat 3: C ($200 in chips)
Seat 4: D ($200 in chips)
B: posts small blind $1
C: posts big blind $2
D: posts straddle $4
*** HOLE CARDS ***
A: raises $11 to $15
B: folds
C: folds
D: calls $11
*** FLOP *** [2c 7d 9h]
D: checks
A: bets $20
D: folds
Uncalled bet ($20) returned to A
A collected $33 from pot
*** SUMMARY ***
Total pot $33 | Rake $0
Board [2c 7d 9h]
Seat 1: A (button) collected ($33)
Seat 2: B (small blind) folded before Flop
Seat 3: C (big blind) folded before Flop
Seat 4: D folded on the Flop
"""


def test_bridge_on_a_straddle_hand(tmp_path: Path) -> None:
    """pokerkit's player order (first seat after the button first), a straddle as a third blind (PL-4: A's
    raise to $15 is the pot-limit maximum, 4 + 7 + 4), and UC-1 on an uncontested hand."""
    from omaha_audit.rooms import hand_source

    path = tmp_path / "straddle.txt"
    path.write_text(STRADDLE_HAND + "\n\n", encoding="utf-8")
    (hand,) = [item for item in hand_source().read_file(path) if isinstance(item, Hand)]
    kit = pokerkit_replay(hand)
    assert isinstance(kit, PokerkitResult) and kit.rejected_at is None, kit
    assert kit.players == ("B", "C", "D", "A")
    assert kit.put_in == {"A": 3500, "B": 100, "C": 200, "D": 1500}
    assert kit.net == {"A": 1800, "B": -100, "C": -200, "D": -1500}
    assert kit.boards == (("2c", "7d", "9h"),)
    assert kit.won_uncontested and kit.returned["A"] == 2000  # pokerkit: A's whole flop bet; UC-1: the same
    assert compare(hand, kit).kind == "agree"
