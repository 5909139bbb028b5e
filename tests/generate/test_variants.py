"""The variants of each room's text that its writer writes (rooms/<room>/writer.py `VARIANTS`: client languages,
number styles, headers), read back through the room's reader and audited as benchmarks/audit_accuracy.py does:
every injected fault kind the text can show is found, and clean hands give no error or warning, no reading
finding (OA1xx, info included) and no unreadable hand, per room and variant (a CI-sized run: 200 hands with
faults at rate 0.5 and 200 clean hands). Each variant's text carries what it names (its marks below), and
the command line and the generator refuse a variant the room's writer does not write.

A variant a reader misreads is listed in MISREAD with the line and what is misread, and its test is an
expected failure (strict): it turns green, and must then leave the list, when the reader is fixed."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from devtools.accuracy import Accuracy, measure
from gen_helpers import generate_text
from typer.testing import CliRunner

from omaha_audit.generate import GenerateConfig, chosen_faults, narrowed
from omaha_audit.generate.writers import (
    KINDS,
    cannot_show,
    chosen_variants,
    room_variants,
    rooms,
    writer_for,
)
from omaha_audit.model import Game, Structure

# What each variant's text shows (every pattern is found in a 60-hand run of the variant).
MARKS: dict[tuple[str, str], tuple[str, ...]] = {
    ("pokerstars", "pt"): (r"^Mão PokerStars #\d+: ", r"^Lugar \d+: .* em fichas\)$", r": aumenta \S+ para \S+"),
    ("pokerstars", "ru"): (
        r"^Раздача PokerStars №\d+:  Холдем Безлимитный \(",
        r": делает рейз \S+ \S+",
        r"^Место \d+: ",
    ),
    ("pokerstars", "thousands"): (r"[ (]\$?\d{1,3}(,\d{3})+(\.\d\d)?\b",),
    ("pokerstars", "zoom"): (r"^PokerStars Zoom Hand #\d+:  .* \(\$\d+\.\d\d/\$\d+\.\d\d\) - ",),
    ("pokerstars", "home-game"): (r"^PokerStars Home Game Hand #\d+: \{Omaha Friends\} ",),
    ("pokerstars", "mixed"): (r"^PokerStars Hand #\d+:  Mixed NLH/PLO \(", r"^PokerStars Hand #\d+:  8-Game \("),
    ("pokerstars", "freeroll"): (r"Tournament #\d+, Freeroll  ",),
    ("pokerstars", "zoom-tournament"): (r"Zoom Tournament #\d+, ",),
    ("pokerstars", "bounty"): (
        r"\$4\.40\+\$0\.50\+\$0\.10 USD",
        r"in chips, \$0\.50 bounty\)",
        r"^\S+ wins the \$0\.50 bounty for eliminating \S+$",
        r"^\S+ finished the tournament in \d+(st|nd|rd|th) place$",
    ),
    ("888poker", "en"): (r"^\*{5} 888poker Hand History for Game \d+ \*{5}$", r"\$\d{1,3}(,\d{3})+"),
    ("888poker", "de"): (
        r"\[ .*\b[2-9JQKA](Karo|Kreuz|Herz|Pik)\b",
        r"\b10(Karo|Kreuz|Herz|Pik)\b",
        r"\d\.\d{3}(,\d\d)? \$",
    ),
    ("888poker", "nl"): (r"\b[BVH][cdhs]\b", r"\$ \d+,\d\d\b"),
    ("888poker", "sv"): (r"\bKn[cdhs]\b", r"\b[DE][cdhs]\b", "\u00a0\\$"),
    ("888poker", "ru"): ("[\u0412\u0414\u041a\u0422][cdhs]", r"\d,\d\d\$"),
    ("888poker", "es"): (r"\b[2-9JQKAD][pt]\b", r"\bD[pctd]\b"),
    ("888poker", "dot-groups"): (r"\$ \d{1,3}(\.\d{3})+", r"\$ \d+,\d\d\b"),
    ("888poker", "nbsp-groups"): ("\\d\u00a0\\d{3}", "\u00a0\\$"),
    ("888poker", "euro"): ("\\d{1,3}(\\.\\d{3})+(,\\d\\d)? \u20ac", "\\d,\\d\\d \u20ac"),
    ("888poker", "comma-decimal"): (r"\d,\d\d\$",),
    ("888poker", "snap"): (r"^\*{5} 888poker Snap Poker Hand History for Game \d+ \*{5}$",),
    ("888poker", "jackpot"): (r" Blinds .* Jackpot table - \*\*\* ",),
    ("888poker", "cassava"): (r"^\*{5} Cassava Hand History for Game \d+ \*{5}$",),
    ("888poker", "ro"): (r"^\*{5} 888\.ro Hand History for Game \d+ \*{5}$", r" Blinds .* - \*\*\*$"),
    ("888poker", "freeroll"): (r"^Tournament #\d+ Free - Table #\d+ ",),
    ("ggpoker", "yuan"): ("\\(\u00a5[\\d.]+/\u00a5[\\d.]+\\)", "\u00a5\\d{1,3}(,\\d{3})+"),
    ("ggpoker", "rush"): (r"^Poker Hand #RC\d+: ", r"^Table 'RushAndCash\d+' ", r"\| Fortune \$0 \| Tax \$0$"),
    ("ggpoker", "bounty"): (r"Tournament #\d+, \$52\.50 Bounty Hunters ", r"in chips, \$5 bounty\)"),
    ("ggpoker", "spin"): (r"Tournament #\d+, Spin & Gold #\d ",),
    ("winamax", "comma-buy-in"): ("buyIn: \\d+,\\d\\d\u20ac \\+ \\d+,\\d\\d\u20ac",),
    ("winamax", "go-fast"): (r'^Winamax Poker - Go Fast "Buzau" - HandId: ', r"^Table: 'Buzau' "),
    ("winamax", "escape"): (r'^Winamax Poker - ESCAPE "Splash" - HandId: ',),
    ("winamax", "hold-up"): (r'^Winamax Poker - HOLD-UP "Colorado" - HandId: ',),
    ("winamax", "freeroll"): ('Tournament "Freeroll 150\u20ac" buyIn: Gratuit level: ',),
    ("winamax", "expresso"): ('Tournament "Expresso" buyIn: 0.92\u20ac \\+ 0.08\u20ac level: ',),
    ("winamax", "bounty"): ("buyIn: 4.50\u20ac \\+ 4.50\u20ac \\+ 1\u20ac", "\\(\\d+, 4.50\u20ac bounty\\)"),
    ("acr", "thousands"): (r"\d,\d{3}\.\d\d",),
    ("acr", "cap"): (r"^\S+ \(Cap\) \d+-max Seat #\d+ is the button$",),
    ("acr", "gtd"): (r"^Game Hand #\d+ - \$5,000 GTD Tournament #\d+ - ",),
    ("acr", "spaced"): (r"^(Game )?Hand #\d+ - .*[a-z/L] \((No|Pot|Fixed) Limit\) - ",),
    ("partypoker", "thousands"): (r"\d,\d{3}",),
    ("partypoker", "sng"): (r"\(SNG Tournament #\d+\) \(Buyin ",),
    ("partypoker", "stt"): (r"\(STT Tournament #\d+\) \(Buyin ",),
    ("ipoker", "dot-groups"): (r'chips="\$?\d{1,3}(\.\d{3})+"', r'"\$\d+,\d\d"'),
    ("ipoker", "space-groups"): (r'chips="\$?\d{1,3}( \d{3})+', r'"\$\d+,\d\d"'),
    ("ipoker", "decimal-comma"): (r'"\$\d+,\d\d"',),
    ("ipoker", "euro"): ('"\\d+(,\\d\\d)?\u20ac"', "<gametype>.* \\d+(,\\d\\d)?\u20ac/"),
    ("ipoker", "twister"): ("<tournamentname>Twister \u20ac5 ",),
}

# Variants a reader misreads, until it is mended: room, variant -> the line and what is misread (none today).
MISREAD: dict[tuple[str, str], str] = {}


def _variants() -> list[tuple[str, str]]:
    return [(room, name) for room in rooms() for name in room_variants(room)]


def _case(room: str, name: str) -> object:
    reason = MISREAD.get((room, name))
    marks = [pytest.mark.xfail(strict=True, reason=reason)] if reason else []
    return pytest.param(room, name, marks=marks, id=f"{room}-{name or 'usual'}")


def _audited(room: str, variant: str, tmp_path: Path, hands: int = 200) -> Accuracy:
    chosen = (variant,) if variant else ()
    accuracy = Accuracy()
    measure(tmp_path, GenerateConfig(hands=hands, seed=71, fault_rate=0.5, room=room, variants=chosen), accuracy)
    measure(tmp_path, GenerateConfig(hands=hands, seed=72, fault_rate=0.0, room=room, variants=chosen), accuracy)
    return accuracy


@pytest.mark.parametrize(("room", "variant"), [_case(room, "") for room in rooms()] + [_case(*v) for v in _variants()])
def test_every_variant_is_read_back_and_audited_right(room: str, variant: str, tmp_path: Path) -> None:
    accuracy = _audited(room, variant, tmp_path)
    report = accuracy.report()
    assert accuracy.hands == 400 and accuracy.unreadable == 0, report
    assert sum(accuracy.faulty.values()) >= 80, report
    hidden = cannot_show(room, (variant,) if variant else ())
    assert not set(accuracy.faulty) & hidden
    missed = {
        fault: accuracy.missed[fault] for fault in accuracy.faulty if accuracy.found[fault] < accuracy.faulty[fault]
    }
    assert not missed, report
    assert not accuracy.false_alarms, report
    assert not accuracy.reading, report


def test_every_variant_has_its_marks_and_a_kind() -> None:
    offered = set(_variants())
    assert offered == set(MARKS), (offered - set(MARKS), set(MARKS) - offered)
    assert set(MISREAD) <= offered
    for room in rooms():
        for name, variant in room_variants(room).items():
            assert variant.name == name and variant.kind in KINDS and variant.description


@pytest.mark.parametrize(("room", "variant"), sorted(MARKS))
def test_a_variants_text_shows_what_it_names(room: str, variant: str) -> None:
    text, labels, _ = generate_text(GenerateConfig(hands=60, seed=5, fault_rate=0.0, room=room, variants=(variant,)))
    assert len(labels) == 60
    for pattern in MARKS[(room, variant)]:
        assert re.search(pattern, text, re.MULTILINE), (variant, pattern, text[:3000])


def test_the_usual_text_is_no_variant() -> None:
    """Without a variant the text is the room's usual one: no pool, no other language."""
    text, _, _ = generate_text(GenerateConfig(hands=80, seed=5, room="pokerstars"))
    assert "Zoom" not in text and "Mão" not in text and not re.search(r"\d,\d{3}", text)


def test_a_variant_narrows_what_is_dealt() -> None:
    base = GenerateConfig(hands=10, seed=1, room="pokerstars")
    russian = narrowed(GenerateConfig(hands=10, seed=1, room="pokerstars", variants=("ru",)))
    assert (russian.games, russian.structures, russian.tournament_share) == ((Game.HOLDEM,), (Structure.NO_LIMIT,), 0.0)
    assert narrowed(base) is base
    bounty = narrowed(GenerateConfig(hands=10, seed=1, room="pokerstars", variants=("bounty",)))
    assert bounty.tournament_share == 1.0
    assert "rake_over_cap" not in chosen_faults(
        GenerateConfig(hands=10, seed=1, room="pokerstars", variants=("bounty",))
    )
    # a variant that hides a fault kind: the language's descriptions are not evidence
    assert "wrong_hand_description" in cannot_show("pokerstars", ("pt",))
    assert "wrong_hand_description" not in chosen_faults(
        GenerateConfig(hands=1, seed=1, room="pokerstars", variants=("pt",))
    )
    with pytest.raises(ValueError, match="writes holdem only"):
        narrowed(GenerateConfig(hands=1, seed=1, room="pokerstars", games=(Game.OMAHA,), variants=("ru",)))


def test_an_unknown_or_clashing_variant_is_refused_with_the_list() -> None:
    with pytest.raises(ValueError, match=r"unknown variant 'klingon' of 888poker text; its writer writes: en, de, nl"):
        writer_for("888poker", ("klingon",))
    with pytest.raises(ValueError, match="both of kind language"):
        chosen_variants("888poker", ("de", "nl"))
    assert [variant.name for variant in chosen_variants("888poker", ("de", "euro", "snap"))] == ["de", "euro", "snap"]
    with pytest.raises(ValueError, match="no writer for room 'everest'; rooms with a writer: pokerstars"):
        writer_for("everest")


def test_the_command_line_writes_a_variant_and_lists_them_for_an_unknown_one(tmp_path: Path) -> None:
    from omaha_audit.cli.app import app

    output = tmp_path / "de.txt"
    base = ["generate", "--hands", "20", "--seed", "3", "--room", "888poker", "--output", str(output)]
    done = CliRunner().invoke(app, [*base, "--variant", "de", "--variant", "euro"])
    assert done.exit_code == 0, done.output
    text = output.read_text(encoding="utf-8")
    assert re.search(r"(Karo|Kreuz|Herz|Pik)", text) and "\u20ac" in text
    bad = CliRunner().invoke(app, [*base, "--variant", "xx"])
    assert bad.exit_code == 2
    assert "unknown variant 'xx' of 888poker text; its writer writes: en, de, nl, sv, ru, es" in bad.output
    clash = CliRunner().invoke(app, [*base, "--variant", "de", "--variant", "nl"])
    assert clash.exit_code == 2 and "both of kind language" in clash.output
    room = CliRunner().invoke(app, [*base[:-4], "--room", "nowhere", "--output", str(output)])
    assert room.exit_code == 2 and "rooms with a writer: pokerstars, ggpoker" in room.output
    helped = CliRunner().invoke(app, ["generate", "--help"], env={"COLUMNS": "200"})
    assert "--variant" in helped.output and "variants" in helped.output


def test_a_portuguese_showdown_hand_with_a_card_too_few_is_found(tmp_path: Path) -> None:
    config = GenerateConfig(
        hands=60, seed=3, fault_rate=1.0, faults=("wrong_hole_card_count",), room="pokerstars", variants=("pt",)
    )
    accuracy = measure(tmp_path, config)
    assert accuracy.faulty["wrong_hole_card_count"] == 60
    assert accuracy.found["wrong_hole_card_count"] == 60, accuracy.missed
