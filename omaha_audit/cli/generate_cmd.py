"""`omaha-audit generate`: hand histories in a room's text (PokerStars by default) with injected dealer
errors and labels.

Register with ``app.command("generate")(generate_command)``.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated, Final

import typer

from omaha_audit.cli.common import check_output_file, fail_usage, file_path

# The names `--game` and `--structure` take, written here so that `--help` loads no generator
# (tests/generate/test_generate_cli.py checks them against the generator's own lists), with the short
# names players use. The rooms (`--room`) and their variants (`--variant`) are the registry's and the
# writers' own (omaha_audit/rooms, rooms/<room>/writer.py VARIANTS), checked when the command runs: an
# unknown name lists them.
GAMES: Final = (
    "omaha", "omaha-hi-lo", "omaha5", "omaha5-hi-lo", "omaha6", "omaha6-hi-lo", "courchevel", "courchevel-hi-lo",
    "holdem", "stud", "stud-hi-lo", "razz", "triple-draw-2-7", "single-draw-2-7", "badugi", "five-card-draw",
    "triple-draw-a-5",
)  # fmt: skip
GAME_ALIASES: Final = {
    "plo": "omaha", "plo8": "omaha-hi-lo", "o8": "omaha-hi-lo", "plo5": "omaha5", "plo6": "omaha6",
    "nlhe": "holdem", "hold'em": "holdem", "stud8": "stud-hi-lo", "2-7-triple-draw": "triple-draw-2-7",
    "2-7-single-draw": "single-draw-2-7", "5-card-draw": "five-card-draw", "a-5-triple-draw": "triple-draw-a-5",
}  # fmt: skip
STRUCTURES: Final = ("pot-limit", "no-limit", "fixed-limit")
STRUCTURE_ALIASES: Final = {"pl": "pot-limit", "nl": "no-limit", "fl": "fixed-limit", "limit": "fixed-limit"}


def _named(values: list[str] | None, option: str, known: tuple[str, ...], aliases: dict[str, str]) -> list[str]:
    chosen = []
    for value in values or []:
        name = aliases.get(value.strip().lower(), value.strip().lower())
        if name not in known:
            fail_usage(f"{option} {value!r}: not one of {', '.join(known)} (or {', '.join(aliases)})")
        chosen.append(name)
    return chosen


# (the fault kinds are checked when the command runs, not listed as choices: listing them would load the
# generator for every `omaha-audit --help`)


def generate_command(
    hands: Annotated[int, typer.Option("--hands", metavar="N", min=0, help="Number of hands to write.")],
    seed: Annotated[int, typer.Option("--seed", metavar="N", help="Random seed: the same seed gives the same bytes.")],
    output: Annotated[
        Path,
        typer.Option("--output", "-o", metavar="FILE", parser=file_path, help="Hand-history text file to write."),
    ],
    labels: Annotated[
        Path | None,
        typer.Option(
            "--labels",
            metavar="FILE",
            parser=file_path,
            help="JSON-lines file: one label per hand (default: beside the output, NAME.labels.jsonl).",
        ),
    ] = None,
    game: Annotated[
        list[str] | None,
        typer.Option(
            "--game",
            metavar="GAME",
            help=f"Game to deal (repeat for several): {', '.join(GAMES)} (or plo, plo8, plo5, plo6, nlhe); "
            "default: the flop games (Omaha, Courchevel, Hold'em) mixed.",
        ),
    ] = None,
    structure: Annotated[
        list[str] | None,
        typer.Option(
            "--structure",
            metavar="STRUCTURE",
            help=f"Betting structure (repeat for several): {', '.join(STRUCTURES)} (or pl, nl, fl); "
            "default: all three.",
        ),
    ] = None,
    players: Annotated[
        str, typer.Option("--players", metavar="N|A-B", help="Players dealt in per hand: a number or a range like 2-9.")
    ] = "2-9",
    fault_rate: Annotated[
        float,
        typer.Option(
            "--fault-rate", metavar="SHARE", min=0.0, max=1.0, help="Share of hands that carry one dealer error."
        ),
    ] = 0.0,
    fault: Annotated[
        list[str] | None,
        typer.Option(
            "--fault",
            metavar="KIND",
            help="Fault kind to inject (repeat for several; an unknown name lists them all); default: every "
            "kind that fits.",
        ),
    ] = None,
    tournament_share: Annotated[
        float,
        typer.Option(
            "--tournament-share",
            metavar="SHARE",
            min=0.0,
            max=1.0,
            help="Share of hands from tournaments (chips, antes).",
        ),
    ] = 0.25,
    room: Annotated[
        str,
        typer.Option(
            "--room",
            metavar="ROOM",
            help="Whose text to write: a room format whose folder holds a writer (pokerstars, ggpoker, 888poker, "
            "...; an unknown name lists them all). Its hands are dealt by the house rules `audit` applies to that "
            "room's hands.",
        ),
    ] = "pokerstars",
    variant: Annotated[
        list[str] | None,
        typer.Option(
            "--variant",
            metavar="NAME",
            help="A variant of the room's text to write (repeat for one of each kind: a client language such as "
            "de, a number style such as thousands, a header such as zoom or a tournament kind); a variant may "
            "narrow what is dealt (a language's games, tournament hands only, cash hands only). An unknown name "
            "lists the room's variants; default: the room's usual text.",
        ),
    ] = None,
    sessions: Annotated[
        bool,
        typer.Option(
            "--sessions",
            metavar="",
            help="Write whole table sessions (stacks carried over, the button moving, players sitting out and "
            "coming back) with continuity faults (--fault button_skips_seat ...) instead of independent hands.",
        ),
    ] = False,
    tables: Annotated[
        int, typer.Option("--tables", metavar="N", min=1, max=100, help="With --sessions: tables open at once.")
    ] = 4,
    unfair: Annotated[
        list[str] | None,
        typer.Option(
            "--unfair",
            metavar="NAME=VALUE",
            help="Deal from an unfair deck, to see `omaha-audit fairness` find it (repeat for several; the flop "
            "games only): card=CARD:SHARE (that card dealt 1 + SHARE times as often), "
            "hero-worse=CHANCE, favour-seat=SEAT[:SHARE] (all-in boards that give SEAT SHARE of the pot beyond "
            "its equity), "
            "strong-seat=SEAT:RANKS (that seat's cards RANKS ranks higher on average), strong-button=RANKS (the "
            "button's, whatever its seat), repeat=CHANCE (a repeated "
            "shuffle). Default: a fair deck.",
        ),
    ] = None,
) -> None:
    """Write generated hand histories, some with one known dealer error each, and a label for every hand."""
    from contextlib import nullcontext

    from omaha_audit.generate import GenerateConfig, chosen_faults, generate
    from omaha_audit.generate.bias import unfair_deal, unfair_specs, unfair_summary
    from omaha_audit.generate.config import GENERATED_GAMES, GENERATED_STRUCTURES, parse_players
    from omaha_audit.generate.writers import writer_for
    from omaha_audit.model import Game, Structure
    from omaha_audit.output.files import atomic_path

    labels = labels if labels is not None else output.with_name(f"{output.stem}.labels.jsonl")
    check_output_file(output, "--output")
    check_output_file(labels, "--labels")
    games = _named(game, "--game", GAMES, GAME_ALIASES)
    structures = _named(structure, "--structure", STRUCTURES, STRUCTURE_ALIASES)
    try:
        low, high = parse_players(players)
        bias = unfair_specs(unfair, seed) if unfair else None
        dealt = tuple(Game(name) for name in games) if games else GENERATED_GAMES
        # (the hook is in the flop games' deal: stud and draw hands would be dealt fair)
        if bias is not None and not all(chosen.is_flop_game for chosen in dealt):
            raise ValueError("--unfair deals the flop games only (Omaha, Courchevel, Hold'em), not stud or draw")
        config = GenerateConfig(
            hands=hands,
            seed=seed,
            games=dealt,
            structures=tuple(Structure(name) for name in structures) if structures else GENERATED_STRUCTURES,
            min_players=low,
            max_players=high,
            fault_rate=fault_rate,
            faults=tuple(fault) if fault else (),
            tournament_share=tournament_share,
            room=room,
            sessions=sessions,
            tables=tables,
            variants=tuple(variant or ()),
        )
        writer_for(room, config.variants)  # an unknown room or variant fails before any file is written
        chosen_faults(config)  # unknown or impossible fault kinds fail before any file is written
        # (each file is written beside its target and renamed into place when complete: an interrupted run
        # leaves no half-written file)
        with (
            atomic_path(output) as text_path,
            atomic_path(labels) as labels_path,
            text_path.open("w", encoding="utf-8", newline="") as text,
            labels_path.open("w", encoding="utf-8", newline="") as label_file,
            unfair_deal(bias) if bias is not None else nullcontext(),
        ):
            summary = generate(config, text, label_file)
    except ValueError as error:
        fail_usage(str(error))
    faulty = sum(summary.faults.values())
    print(
        f"omaha-audit: wrote {summary.hands} hands ({faulty} with a dealer error) to {output}; labels in {labels}",
        file=sys.stderr,
    )
    if bias is not None:
        print(f"omaha-audit: an unfair deck ({', '.join(unfair or ())}): {unfair_summary(bias)}", file=sys.stderr)
