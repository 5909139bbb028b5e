"""`omaha-audit generate`: hand histories in a room's text (PokerStars by default) with injected dealer
errors and labels.

Register with ``app.command("generate")(generate_command)``.
"""

from __future__ import annotations

import sys
from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer

from omaha_audit.cli.common import fail_usage
from omaha_audit.generate import GenerateConfig, chosen_faults, fault_names, generate, session_fault_names
from omaha_audit.generate.config import GENERATED_GAMES, GENERATED_STRUCTURES, parse_players
from omaha_audit.generate.writers import WRITERS, writer_for
from omaha_audit.model import Game, Structure
from omaha_audit.report.atomic import atomic_path

GameChoice = StrEnum("GameChoice", {game.value: game.value for game in GENERATED_GAMES})  # type: ignore[misc]
StructureChoice = StrEnum(  # type: ignore[misc]
    "StructureChoice", {structure.value: structure.value for structure in GENERATED_STRUCTURES}
)
FaultChoice = StrEnum(  # type: ignore[misc]
    "FaultChoice", {name: name for name in [*fault_names(), *session_fault_names()]}
)


def generate_command(
    hands: Annotated[int, typer.Option("--hands", min=0, help="Number of hands to write.")],
    seed: Annotated[int, typer.Option("--seed", help="Random seed: the same seed gives the same bytes.")],
    output: Annotated[Path, typer.Option("--output", "-o", help="Hand-history text file to write.")],
    labels: Annotated[Path, typer.Option("--labels", help="JSON-lines file: one label per hand.")],
    game: Annotated[
        list[GameChoice] | None,
        typer.Option("--game", help="Game to deal (repeat for several); default: all of them mixed."),
    ] = None,
    structure: Annotated[
        list[StructureChoice] | None,
        typer.Option("--structure", help="Betting structure (repeat for several); default: all three."),
    ] = None,
    players: Annotated[
        str, typer.Option("--players", help="Players dealt in per hand: a number or a range like 2-9.")
    ] = "2-9",
    fault_rate: Annotated[
        float, typer.Option("--fault-rate", min=0.0, max=1.0, help="Share of hands that carry one dealer error.")
    ] = 0.0,
    fault: Annotated[
        list[FaultChoice] | None,
        typer.Option("--fault", help="Fault kind to inject (repeat for several); default: every kind that fits."),
    ] = None,
    tournament_share: Annotated[
        float,
        typer.Option("--tournament-share", min=0.0, max=1.0, help="Share of hands from tournaments (chips, antes)."),
    ] = 0.25,
    room: Annotated[
        str,
        typer.Option("--room", help=f"Whose text to write: {', '.join(WRITERS)}."),
    ] = "pokerstars",
    sessions: Annotated[
        bool,
        typer.Option(
            "--sessions",
            help="Write whole table sessions (stacks carried over, the button moving, players sitting out and "
            "coming back) with continuity faults (--fault button_skips_seat ...) instead of independent hands.",
        ),
    ] = False,
    tables: Annotated[int, typer.Option("--tables", min=1, max=100, help="With --sessions: tables open at once.")] = 4,
) -> None:
    """Write generated hand histories, some with one known dealer error each, and a label for every hand."""
    try:
        low, high = parse_players(players)
        config = GenerateConfig(
            hands=hands,
            seed=seed,
            games=tuple(Game(choice.value) for choice in game) if game else GENERATED_GAMES,
            structures=tuple(Structure(choice.value) for choice in structure) if structure else GENERATED_STRUCTURES,
            min_players=low,
            max_players=high,
            fault_rate=fault_rate,
            faults=tuple(choice.value for choice in fault) if fault else (),
            tournament_share=tournament_share,
            room=room,
            sessions=sessions,
            tables=tables,
        )
        writer_for(room)  # an unknown room fails before any file is written
        chosen_faults(config)  # unknown or impossible fault kinds fail before any file is written
        # (each file is written beside its target and renamed into place when complete: an interrupted run
        # leaves no half-written file)
        with (
            atomic_path(output) as text_path,
            atomic_path(labels) as labels_path,
            text_path.open("w", encoding="utf-8", newline="") as text,
            labels_path.open("w", encoding="utf-8", newline="") as label_file,
        ):
            summary = generate(config, text, label_file)
    except ValueError as error:
        fail_usage(str(error))
    except OSError as error:
        fail_usage(f"cannot write: {error}")
    faulty = sum(summary.faults.values())
    print(
        f"omaha-audit: wrote {summary.hands} hands ({faulty} with a dealer error) to {output}; labels in {labels}",
        file=sys.stderr,
    )
