"""PokerStars hand histories the client wrote in another language than English (languages.py), on hands
written here in the words of real Portuguese and Russian hands: each line is read as the English line that
says the same, and the hand is audited like an English one. A line no real hand of the language shows is
an unreadable line of the hand (OA106), never a guess; French hands are recognised by their header and
reported unreadable one by one; each language's amounts are read by the kit in its own number style (a
decimal point in Portuguese and Russian hands), and the French client's (`0,01 $`) is not read as a number in
an English hand."""

from __future__ import annotations

from pathlib import Path

import pytest

from omaha_audit.model import ActionKind, Hand, ShowdownKind, UnreadableHand
from omaha_audit.rooms import hand_source
from omaha_audit.run.pipeline import Auditor

# A tournament hand in Portuguese: antes, a player sitting out, a time-out, a disconnection, an all-in
# bet nobody calls.
PORTUGUESE = (
    (
        "Mão PokerStars #300000000001: Torneio #4000000001, $ 4.40+$ 0.60 USD Hold'em No Limit - Nível III (25/50)"
        " - 2025/08/02 21:05:10 ET\n"
    )
    + """\
Mesa '4000000001 7' 6-max Lugar #2 é o botão
Lugar 1: Ana Lima (1480 em fichas)
Lugar 2: brunovski (2210 em fichas)
Lugar 3: Carla_88 (1500 em fichas)
Lugar 4: duda.poker (990 em fichas)
Lugar 5: eli (1500 em fichas) está sit out
Ana Lima: coloca ante 5
brunovski: coloca ante 5
Carla_88: coloca ante 5
duda.poker: coloca ante 5
eli: coloca ante 5
Carla_88: paga o small blind 25
duda.poker: paga o big blind 50
*** CARTAS DA MÃO ***
brunovski recebe [Ah Kd]
eli: desiste
Ana Lima: aumenta 100 para 150
brunovski: iguala 150
Carla_88 gastou o tempo
Carla_88: desiste
duda.poker: iguala 100
*** FLOP *** [Kc 7h 2d]
duda.poker: passa
Ana Lima: aposta 200
duda.poker está sem ligação
brunovski: aumenta 400 para 600
duda.poker: desiste
Ana Lima: iguala 400
*** TURN *** [Kc 7h 2d] [9s]
Ana Lima: aposta 725 e está all-in
duda.poker está ligado
brunovski: desiste
Aposta não-igualada (725) voltou para Ana Lima
Ana Lima recebeu 1700 do pote
Ana Lima: não mostra a mão
Carla_88 voltou
*** SUMÁRIO ***
Total pote 1700 | comissão 0
Mesa [Kc 7h 2d 9s]
Lugar 1: Ana Lima recebeu (1700)
Lugar 2: brunovski (Botão) desistiu no Turn
Lugar 3: Carla_88 (small blind) desistiu antes Flop
Lugar 4: duda.poker (big blind) desistiu no Flop
Lugar 5: eli desistiu antes Flop (não apostou)
"""
)

# A cash hand in Russian: a raise, an all-in on the turn and its uncalled part, a showdown (the
# descriptions are Russian words: kept, not checked), players joining and leaving, a time-out.
RUSSIAN = (
    (
        "Раздача PokerStars №270000000001:  Холдем Безлимитный ($0.05/$0.10 USD) - 14.07.2026 20:15:00 EET"
        " [14.07.2026 13:15:00 ВВ]\n"
    )
    + """\
Стол 'Aldebaran II' 6-max Баттон на месте №3
Место 1: Ivan_K ($10 фишек)
Место 2: olga77 ($12.40 фишек)
Место 3: Petrov ($9.85 фишек)
Место 5: sasha-z ($4.20 фишек)
sasha-z: ставит малый блайнд $0.05
Ivan_K: ставит большой блайнд $0.10
*** ЗАКРЫТЫЕ КАРТЫ ***
Карты Petrov [Qs Qd]
olga77: делает колл $0.10
Petrov: делает рейз $0.30 $0.40
время на ход игрока sasha-z истекло
sasha-z: делает фолд
Ivan_K: делает фолд
olga77: делает колл $0.30
*** ФЛОП *** [Qh 8c 4s]
olga77: делает чек
Petrov: делает бет $0.55
nikita садится за стол на место №4
olga77: делает рейз $1.10 $1.65
Petrov: делает колл $1.10
*** ТЕРН *** [Qh 8c 4s] [2d]
olga77: делает бет $10.35 и олл-ин
Petrov: делает колл $7.80 и олл-ин
Неуравненная ставка ($2.55) возвращается игроку olga77
*** РИВЕР *** [Qh 8c 4s 2d] [Kc]
*** ВСКРЫТИЕ КАРТ ***
olga77: открывает [8h 8d] (тройку [восьмерки])
Petrov: открывает [Qs Qd] (тройку [дамы])
Petrov получил $18.86 ( банк)
sasha-z покидает стол
*** ИТОГ ***
Общий банк $19.85 | Доля $0.99
Борд [Qh 8c 4s 2d Kc]
Место 1: Ivan_K (большой блайнд) сделал фолд до Флоп
Место 2: olga77 открыл [8h 8d] и проиграл , собрав тройку [восьмерки]
Место 3: Petrov (баттон) открыл [Qs Qd] и выиграл ($18.86) , собрав тройку [дамы]
Место 5: sasha-z (малый блайнд) сделал фолд до Флоп
"""
)

# The Russian summary's other outcomes: a walk to the big blind, and folds after the flop.
RUSSIAN_FOLDS = (
    (
        "Раздача PokerStars №270000000002:  Холдем Безлимитный ($0.05/$0.10 USD) - 14.07.2026 20:16:02 EET"
        " [14.07.2026 13:16:02 ВВ]\n"
    )
    + """\
Стол 'Aldebaran II' 6-max Баттон на месте №5
Место 1: Ivan_K ($9.90 фишек)
Место 2: olga77 ($2.55 фишек)
Место 3: Petrov ($18.86 фишек)
Место 5: sasha-z ($4.15 фишек)
Ivan_K: ставит малый блайнд $0.05
olga77: ставит большой блайнд $0.10
*** ЗАКРЫТЫЕ КАРТЫ ***
Petrov: делает колл $0.10
sasha-z: делает колл $0.10
Ivan_K: делает колл $0.05
olga77: делает чек
*** ФЛОП *** [Jd 9d 3c]
Ivan_K: делает чек
olga77: делает бет $0.30
Petrov: делает фолд
sasha-z: делает фолд
Ivan_K: делает фолд
Неуравненная ставка ($0.30) возвращается игроку olga77
olga77 получил $0.38 ( банк)
olga77: не показывает руку
*** ИТОГ ***
Общий банк $0.40 | Доля $0.02
Борд [Jd 9d 3c]
Место 1: Ivan_K (малый блайнд) сделал фолд на Флоп
Место 2: olga77 (большой блайнд) собрал ($0.38)
Место 3: Petrov сделал фолд на Флоп
Место 5: sasha-z (баттон) сделал фолд на Флоп
"""
)


def read_text(tmp_path: Path, *hands: str, name: str = "hands.txt") -> list[object]:
    path = tmp_path / name
    path.write_text("\n\n".join(hands), encoding="utf-8")
    return list(hand_source().read_file(path))


def the_hands(tmp_path: Path, *hands: str) -> list[Hand]:
    items = read_text(tmp_path, *hands)
    assert all(isinstance(item, Hand) for item in items), items
    return [item for item in items if isinstance(item, Hand)]


def findings(tmp_path: Path, name: str = "hands.txt") -> list[tuple[str, int, str]]:
    """Every finding of the file's hands and across them (info included)."""
    auditor = Auditor(strict=True, keep_text=False)
    found = [(f.code, f.line, f.message) for a in auditor.audit_files([tmp_path / name]) for f in a.findings]
    return found + [(f.code, f.line, f.message) for f in auditor.across]


def test_portuguese_tournament_hand(tmp_path: Path) -> None:
    (hand,) = the_hands(tmp_path, PORTUGUESE)
    assert (hand.room, hand.format, hand.hand_id) == ("pokerstars", "pokerstars", "300000000001")
    assert hand.tournament is not None
    assert (hand.tournament.tournament_id, hand.tournament.buy_in, hand.tournament.level) == (
        "4000000001",
        "$4.40+$0.60 USD",
        "III",
    )
    assert (hand.stakes.small_blind, hand.stakes.big_blind, hand.unit.currency) == (25, 50, "chips")
    assert hand.started is not None and hand.started.isoformat() == "2025-08-03T01:05:10+00:00"
    assert (hand.table, hand.max_seats, hand.button, hand.hero) == ("4000000001 7", 6, 2, "brunovski")
    assert [(s.seat, s.player, s.stack, s.sitting_out) for s in hand.seats] == [
        (1, "Ana Lima", 1480, False),
        (2, "brunovski", 2210, False),
        (3, "Carla_88", 1500, False),
        (4, "duda.poker", 990, False),
        (5, "eli", 1500, True),
    ]
    assert [(a.player, a.kind, a.amount, a.all_in) for a in hand.actions if a.amount] == [
        *[
            (name, ActionKind.POST_ANTE, 5, False)
            for name in ("Ana Lima", "brunovski", "Carla_88", "duda.poker", "eli")
        ],
        ("Carla_88", ActionKind.POST_SMALL_BLIND, 25, False),
        ("duda.poker", ActionKind.POST_BIG_BLIND, 50, False),
        ("Ana Lima", ActionKind.RAISE, 150, False),
        ("brunovski", ActionKind.CALL, 150, False),
        ("duda.poker", ActionKind.CALL, 100, False),
        ("Ana Lima", ActionKind.BET, 200, False),
        ("brunovski", ActionKind.RAISE, 600, False),
        ("Ana Lima", ActionKind.CALL, 400, False),
        ("Ana Lima", ActionKind.BET, 725, True),
    ]
    assert [(u.player, u.amount) for u in hand.uncalled] == [("Ana Lima", 725)]
    assert [(c.player, c.amount) for c in hand.collected] == [("Ana Lima", 1700)]
    assert hand.pot is not None and (hand.pot.total, hand.pot.rake) == (1700, 0)
    assert [str(card) for card in hand.boards[0]] == ["Kc", "7h", "2d", "9s"]
    assert [(s.player, s.kind) for s in hand.showdown] == [("Ana Lima", ShowdownKind.DOESNT_SHOW)]
    assert [(s.seat, s.positions, s.outcome, s.won, s.folded_street) for s in hand.summary_seats] == [
        (1, (), "collected", (1700,), None),
        (2, ("button",), "folded", (), "Turn"),
        (3, ("small blind",), "folded", (), "Flop"),
        (4, ("big blind",), "folded", (), "Flop"),
        (5, (), "folded", (), "Flop"),
    ]
    assert sorted(e.kind for e in hand.events) == [
        "client-language",
        "connection",
        "connection",
        "returned",
        "timed-out",
    ]
    assert not hand.defects
    assert findings(tmp_path) == []


def test_portuguese_lines_as_printed_are_kept_out_of_the_english(tmp_path: Path) -> None:
    """The text the audit quotes is the file's: only the reader sees the English lines."""
    (hand,) = the_hands(tmp_path, PORTUGUESE)
    lines = (tmp_path / "hands.txt").read_text(encoding="utf-8").split("\n")
    raise_line = next(a for a in hand.actions if a.kind is ActionKind.RAISE)
    assert lines[raise_line.source.line - 1] == "Ana Lima: aumenta 100 para 150"


def test_russian_cash_hands(tmp_path: Path) -> None:
    showdown, folds = the_hands(tmp_path, RUSSIAN, RUSSIAN_FOLDS)
    assert (showdown.room, showdown.hand_id, showdown.table, showdown.button, showdown.hero) == (
        "pokerstars",
        "270000000001",
        "Aldebaran II",
        3,
        "Petrov",
    )
    assert (showdown.unit.currency, showdown.stakes.small_blind, showdown.stakes.big_blind) == ("USD", 5, 10)
    # 20:15 EET in July is 17:15 UTC, as is 13:15 Eastern (`ВВ`) time
    assert showdown.started is not None and showdown.started.isoformat() == "2026-07-14T17:15:00+00:00"
    assert [(s.seat, s.player, s.stack) for s in showdown.seats] == [
        (1, "Ivan_K", 1000),
        (2, "olga77", 1240),
        (3, "Petrov", 985),
        (5, "sasha-z", 420),
    ]
    moves = [(a.player, a.kind, a.amount, a.raise_to, a.all_in) for a in showdown.actions if a.amount]
    assert moves == [
        ("sasha-z", ActionKind.POST_SMALL_BLIND, 5, 5, False),
        ("Ivan_K", ActionKind.POST_BIG_BLIND, 10, 10, False),
        ("olga77", ActionKind.CALL, 10, 10, False),
        ("Petrov", ActionKind.RAISE, 40, 40, False),
        ("olga77", ActionKind.CALL, 30, 40, False),
        ("Petrov", ActionKind.BET, 55, 55, False),
        ("olga77", ActionKind.RAISE, 165, 165, False),
        ("Petrov", ActionKind.CALL, 110, 165, False),
        ("olga77", ActionKind.BET, 1035, 1035, True),
        ("Petrov", ActionKind.CALL, 780, 780, True),
    ]
    assert [(u.player, u.amount) for u in showdown.uncalled] == [("olga77", 255)]
    assert [(s.player, [str(c) for c in s.cards], s.description) for s in showdown.showdown] == [
        ("olga77", ["8h", "8d"], "тройку [восьмерки]"),
        ("Petrov", ["Qs", "Qd"], "тройку [дамы]"),
    ]
    assert [(c.player, c.amount) for c in showdown.collected] == [("Petrov", 1886)]
    assert showdown.pot is not None and (showdown.pot.total, showdown.pot.rake) == (1985, 99)
    assert [(s.seat, s.positions, s.outcome, s.won, [str(c) for c in s.cards]) for s in showdown.summary_seats] == [
        (1, ("big blind",), "folded", (), []),
        (2, (), "showed", (), ["8h", "8d"]),
        (3, ("button",), "showed", (1886,), ["Qs", "Qd"]),
        (5, ("small blind",), "folded", (), []),
    ]
    assert sorted(e.kind for e in showdown.events) == ["client-language", "table-join", "table-leave", "timed-out"]
    assert [(s.seat, s.positions, s.outcome, s.won, s.folded_street) for s in folds.summary_seats] == [
        (1, ("small blind",), "folded", (), "Flop"),
        (2, ("big blind",), "collected", (38,), None),
        (3, (), "folded", (), "Flop"),
        (5, ("button",), "folded", (), "Flop"),
    ]
    assert not showdown.defects and not folds.defects
    # the stacks carry from one hand to the next, and nothing else is wrong either
    assert findings(tmp_path) == []


@pytest.mark.parametrize("line", ["olga77: делает ставку $0.30", "olga77: делает бет $0,30"])
def test_a_line_no_real_hand_shows_is_an_unreadable_line(tmp_path: Path, line: str) -> None:
    """A verb no real Russian hand shows, or an amount with a decimal comma (`$0,30`: 30 cents or 30
    dollars? Russian hands write a decimal point), is not read: the line stays as printed, is reported on its
    line (the amount with the kit's reason), and the rest of the hand is read."""
    text = RUSSIAN_FOLDS.replace("olga77: делает бет $0.30", line)
    (hand,) = the_hands(tmp_path, text)
    assert [(d.line, d.text) for d in hand.defects] == [(16, line)]
    if "$0,30" in line:
        assert "amount '$0,30'" in hand.defects[0].reason and "grouped in thousands" in hand.defects[0].reason
    assert ("OA106", 16) in [(code, line) for code, line, _ in findings(tmp_path)]


def test_russian_game_words_not_known(tmp_path: Path) -> None:
    """Only `Холдем Безлимитный` is known from real hands: another game's words are not guessed."""
    text = RUSSIAN_FOLDS.replace("Холдем Безлимитный", "Омаха Пот-лимит")
    (item,) = read_text(tmp_path, text)
    assert isinstance(item, UnreadableHand) and item.hand_id == "270000000002"
    assert "in Russian whose game words are not known" in item.reason


def test_french_hands_are_recognised_and_reported_one_by_one(tmp_path: Path) -> None:
    french = [
        f"Main PokerStars n°{hand_id} :  Hold'em No Limit (0,01 €/0,02 € EUR) - 12/12/2015 21:08:41 CET "
        f"[12/12/2015 15:08:41 ET]\nTable 'Tethys II' 6-max Siège n°2 est le bouton\n*** SYNTHÈSE ***\n"
        for hand_id in ("145255367975", "145255380203")
    ]
    items = read_text(tmp_path, *french)
    assert [(type(item), getattr(item, "hand_id", None)) for item in items] == [
        (UnreadableHand, "145255367975"),
        (UnreadableHand, "145255380203"),
    ]
    assert all("written in French" in item.reason for item in items if isinstance(item, UnreadableHand))
    assert [(code, line) for code, line, _ in findings(tmp_path)] == [("OA101", 1), ("OA101", 6)]


def test_the_client_number_style_is_not_read_as_a_number(tmp_path: Path) -> None:
    """The French client names its files `... 0,01 $-0,02 $ ...`; its English hands print `$0.01`. An
    English hand with `0,01 $` amounts is reported unreadable (its seat lines are not seat lines), never
    read as 1 or 0.01."""
    text = (
        "PokerStars Hand #145255367975:  Hold'em No Limit (0,01 $/0,02 $ USD) - 2015/12/12 20:08:41 ET\n"
        "Table 'Tethys II' 6-max Seat #2 is the button\n"
        "Seat 2: jscialab (3,93 $ in chips)\n"
        "Seat 3: yusef24 (0,66 $ in chips)\n"
        "jscialab: posts small blind 0,01 $\n"
        "yusef24: posts big blind 0,02 $\n"
        "*** HOLE CARDS ***\n"
        "jscialab: folds\n"
        "Uncalled bet (0,01 $) returned to yusef24\n"
        "yusef24 collected 0,02 $ from pot\n"
        "*** SUMMARY ***\n"
        "Total pot 0,02 $ | Rake 0 $\n"
    )
    (item,) = read_text(tmp_path, text)
    assert isinstance(item, UnreadableHand) and item.hand_id == "145255367975"
    assert "unexpected HOLE_CARDS line after TABLE (expected one of: SEAT)" in item.reason
    assert [(code, line) for code, line, _ in findings(tmp_path)] == [("OA101", 7)]


def test_spanish_hands_are_recognised_and_reported(tmp_path: Path) -> None:
    """The one real Spanish hand seen shows folds only: a Spanish hand's calls and raises are not known,
    and a hand read without them would be audited wrong. Each is reported unreadable, with its number."""
    spanish = (
        "Mano n.º 254718322088 de Zoom de PokerStars:  Hold'em No Limit (0.02 €/0.05 €) - 05-02-2025 14:48:32 CET "
        "[05-02-2025 8:48:32 ET]\n"
        'Mesa "Asterope" 6-max El asiento n.º 1 es el botón\n'
        "Asiento 1: Ermufa (4.59 € en fichas)\n"
        "*** RESUMEN ***\n"
        "Bote total 0.04 € | Comisión 0 €\n"
    )
    (item,) = read_text(tmp_path, spanish)
    assert isinstance(item, UnreadableHand) and item.hand_id == "254718322088"
    assert "written in Spanish" in item.reason


def test_the_archive_separator_lines_are_skipped(tmp_path: Path) -> None:
    """`*********** # 1 **************` above each hand (the client's archives and e-mails; `№1` in
    Russian, `n. 1` in Spanish), and an e-mail's title line, are no part of a hand and no error."""
    english = (
        "PokerStars Hand #109682170558:  Hold'em No Limit ($0.05/$0.10 USD) - 2014/01/06 7:47:13 ET\n"
        "Table 'Klinkenberg' 6-max Seat #1 is the button\n"
        "Seat 1: rocketsteph ($32.20 in chips)\n"
        "Seat 2: cenopelepi ($10.62 in chips)\n"
        "rocketsteph: posts small blind $0.05\n"
        "cenopelepi: posts big blind $0.10\n"
        "*** HOLE CARDS ***\n"
        "rocketsteph: folds\n"
        "Uncalled bet ($0.05) returned to cenopelepi\n"
        "cenopelepi collected $0.10 from pot\n"
        "*** SUMMARY ***\n"
        "Total pot $0.10 | Rake $0\n"
        "Seat 1: rocketsteph (button) (small blind) folded before Flop\n"
        "Seat 2: cenopelepi (big blind) collected ($0.10)\n"
    )
    text = "\n\n".join(
        [
            "Transcript for tournament #3994841634 requested by Some One (one@example.com)\n\n"
            "*********** # 1 **************\n" + english,
            "*********** №2 **************\n" + RUSSIAN,
            "*********** n. 3 **************\n\n" + RUSSIAN_FOLDS,
        ]
    )
    path = tmp_path / "hands.txt"
    path.write_text(text, encoding="utf-8")
    items = list(hand_source().read_file(path))
    assert [getattr(item, "hand_id", None) for item in items] == ["109682170558", "270000000001", "270000000002"]
    assert all(isinstance(item, Hand) and not item.defects for item in items)
    lines = text.split("\n")
    assert [lines[item.source.line - 1][:22] for item in items if isinstance(item, Hand)] == [
        "PokerStars Hand #10968",
        "Раздача PokerStars №27",
        "Раздача PokerStars №27",
    ]
    assert [code for code, _, _ in findings(tmp_path)] == []


@pytest.mark.parametrize(
    ("printed", "cents"),
    [("$10.35", 1035), ("$ 10.35", 1035), ("10.35 $", 1035), ("$1,010.35", 101035), ("$10", 1000)],
)
def test_amounts_in_the_languages_number_style(tmp_path: Path, printed: str, cents: int) -> None:
    """Russian and Portuguese hands write a decimal point and the sign before the amount (`$0.01`; `$ 0.98`
    with a space): each amount is read by the kit in that style and written in English's (`$10.35`), whatever
    side of the number its sign stands and however its thousands are grouped by comma."""
    text = RUSSIAN.replace("olga77: делает бет $10.35 и олл-ин", f"olga77: делает бет {printed} и олл-ин")
    text = text.replace("($12.40 фишек)", "($1,012.40 фишек)") if cents > 10000 else text
    (hand,) = the_hands(tmp_path, text)
    assert not hand.defects
    bets = [(a.amount, a.all_in) for a in hand.actions if a.player == "olga77" and a.kind is ActionKind.BET]
    assert bets == [(cents, True)]


def test_the_french_number_style_is_its_own() -> None:
    """The French client writes a decimal comma and the sign after the amount (`0,01 €`): put into English's
    style (`€0.01`) where its hands are read; a point where the language writes a comma is no amount of it."""
    from omaha_audit.rooms.kit.amounts import AmountError
    from omaha_audit.rooms.pokerstars.languages import FRENCH, RUSSIAN, english_amount

    assert [english_amount(text, FRENCH.decimal) for text in ("0,01 €", "1 012,40 €", "3,93 $")] == [
        "€0.01",
        "€1012.4",
        "$3.93",
    ]
    assert english_amount("$0.30", RUSSIAN.decimal) == "$0.3"
    with pytest.raises(AmountError):
        english_amount("$0,30", RUSSIAN.decimal)
    with pytest.raises(AmountError):
        english_amount("0.30 €", FRENCH.decimal)
