"""Hand histories in PokerStars format (or another room's: `GenerateConfig.room`), dealt and settled by
the generator's own code under the room's house rules (generate/dealing.py), with dealer errors put into
chosen hands and a label for every hand.

    generate(GenerateConfig(hands=1000, seed=7, fault_rate=0.1), text_file, labels_file)

Hands stream to the two files one at a time (constant memory). The same configuration and seed always
give the same bytes: every random choice comes from `random.Random` seeded from the run's seed, the
hand's number and the attempt.

A hand planned to carry a fault is dealt again (next attempt) until the hand gives the fault an
opportunity; the fault kinds are handed out round-robin in a shuffled order, so each kind gets an equal
share of the faulty hands.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Iterator
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from random import Random
from typing import TextIO

from omaha_audit.generate.config import STUD_DRAW_GAMES, GenerateConfig, GenerateSummary
from omaha_audit.generate.fault_kinds import Fault
from omaha_audit.generate.faults import all_faults, expected_codes
from omaha_audit.generate.play import Dealer
from omaha_audit.generate.record import HandRecord
from omaha_audit.generate.table import Scenario, set_up
from omaha_audit.generate.writers import cannot_show, chosen_variants, room_dealing, stud_draw_written, writer_for
from omaha_audit.model import Structure

__all__ = [
    "GenerateConfig",
    "GenerateSummary",
    "Planned",
    "chosen_faults",
    "expected_codes",
    "fault_names",
    "generate",
    "make_hand",
    "narrowed",
    "plan_hands",
    "session_fault_names",
]

MAX_ATTEMPTS = 2000
_GOLDEN = 0x9E3779B97F4A7C15


def fault_names() -> list[str]:
    return list(all_faults())


def session_fault_names() -> list[str]:
    """The continuity fault kinds (`GenerateConfig(sessions=True)`: generate/faults_table.py)."""
    from omaha_audit.generate.faults_table import table_faults

    return list(table_faults())


@dataclass(frozen=True, slots=True)
class Planned:
    """What the run decided for one hand before dealing it."""

    index: int
    hand_id: str
    started: str
    seed: int
    fault: str | None


def _timestamp(moment: datetime) -> str:
    return f"{moment:%Y/%m/%d} {moment.hour}:{moment:%M:%S}"


def _feasible(fault: Fault, config: GenerateConfig) -> str | None:
    """Why the configuration cannot hold this fault, or None."""
    needs = fault.needs
    if needs.hi_lo and not any(game.is_hi_lo for game in config.games):
        return "needs a hi/lo game"
    if needs.structures is not None and not set(config.structures) & needs.structures:
        wanted = " or ".join(sorted(structure.value for structure in needs.structures))
        return f"needs {wanted}"
    if needs.cash and config.tournament_share >= 1.0:
        return "needs cash tables"
    if config.max_players < needs.min_players:
        return f"needs {needs.min_players} or more players"
    return None


@functools.lru_cache(maxsize=64)
def narrowed(config: GenerateConfig) -> GenerateConfig:
    """The configuration with what its variants write (`config.variants`, checked against the room's writer:
    ValueError) narrowing what is dealt: the games and structures a variant's words are known for, only
    tournaments (a tournament kind) or only cash tables (a fast-fold pool)."""
    chosen = chosen_variants(config.room, config.variants)
    if stud_draw_run(config):
        written = stud_draw_written(config.room)
        missing = [game.value for game in config.games if game not in written]
        if missing:
            known = ", ".join(game.value for game in written) or "none"
            raise ValueError(
                f"the {config.room} writer does not write {', '.join(missing)} (its stud and draw games: {known})"
            )
    games, structures, share = config.games, config.structures, config.tournament_share
    for variant in chosen:
        if variant.games is not None:
            games = tuple(game for game in games if game in variant.games)
            if not games:
                wanted = ", ".join(game.value for game in variant.games)
                raise ValueError(f"variant {variant.name!r} writes {wanted} only, which the selected games exclude")
        if variant.structures is not None:
            structures = tuple(structure for structure in structures if structure in variant.structures)
            if not structures:
                wanted = ", ".join(structure.value for structure in variant.structures)
                raise ValueError(
                    f"variant {variant.name!r} writes {wanted} only, which the selected structures exclude"
                )
        if variant.tournament is not None:
            share = 1.0 if variant.tournament else 0.0
    if (games, structures, share) == (config.games, config.structures, config.tournament_share):
        return config
    return replace(config, games=games, structures=structures, tournament_share=share)


def chosen_faults(config: GenerateConfig) -> list[str]:
    """The fault kinds this run hands out. Named kinds must fit the games and structures (ValueError);
    with none named, every kind that fits is used."""
    config = narrowed(config)
    if config.sessions:
        from omaha_audit.generate.sessions import chosen_table_faults

        return chosen_table_faults(config)
    if stud_draw_run(config):
        return _stud_draw_faults(config)
    kinds = all_faults()
    hidden = cannot_show(config.room, config.variants)
    if config.faults:
        for name in config.faults:
            if name not in kinds:
                raise ValueError(f"unknown fault kind {name!r}; known: {', '.join(kinds)}")
            problem = _feasible(kinds[name], config)
            if problem:
                raise ValueError(f"fault {name!r} {problem}, which the selected games and structures exclude")
            if name in hidden:
                raise ValueError(f"fault {name!r} cannot be shown in {config.room} text")
        return list(dict.fromkeys(config.faults))
    return [name for name, fault in kinds.items() if _feasible(fault, config) is None and name not in hidden]


def stud_draw_run(config: GenerateConfig) -> bool:
    """Whether the run deals stud and draw games (generate/stud_draw.py): a run deals those or flop games."""
    return config.games[0] in STUD_DRAW_GAMES


def _kinds(config: GenerateConfig) -> dict[str, Fault]:
    if stud_draw_run(config):
        from omaha_audit.generate.faults_stud_draw import stud_draw_faults

        return {name: fault for name, (fault, _games) in stud_draw_faults().items()}
    return all_faults()


def _stud_draw_faults(config: GenerateConfig) -> list[str]:
    """The stud and draw fault kinds that fit the run's games, players and room (ValueError for one named
    that does not)."""
    from omaha_audit.generate.faults_stud_draw import NOT_APPLICABLE, stud_draw_faults

    if Structure.FIXED_LIMIT not in config.structures:
        raise ValueError("the stud and draw games are dealt at fixed limit only")
    hidden = cannot_show(config.room, config.variants)
    kinds = stud_draw_faults()
    fitting = [
        name
        for name, (fault, games) in kinds.items()
        if games & set(config.games) and config.max_players >= fault.needs.min_players and name not in hidden
    ]
    if not config.faults:
        return fitting
    for name in config.faults:
        if name in NOT_APPLICABLE:
            raise ValueError(f"fault {name!r} does not apply to stud and draw games: {NOT_APPLICABLE[name]}")
        if name not in kinds:
            raise ValueError(f"unknown fault kind {name!r}; known for stud and draw: {', '.join(kinds)}")
        if name not in fitting:
            raise ValueError(f"fault {name!r} does not fit the selected games, players or room")
    return list(dict.fromkeys(config.faults))


def plan_hands(config: GenerateConfig) -> Iterator[Planned]:
    """Yield a `Planned` per hand: ids, times, seeds and the fault kind (or None)."""
    config = narrowed(config)
    master = Random(config.seed)
    kinds = chosen_faults(config) if config.fault_rate > 0 else []
    cycle: list[str] = []
    hand_id = config.first_hand_id
    if hand_id is None:  # runs with different seeds get different hand ids
        hand_id = 200_000_000_000 + (config.seed % 99_991) * 1_000_000
    moment = config.start
    for index in range(config.hands):
        hand_id += master.randint(1, 200)
        moment += timedelta(seconds=master.randint(15, 240))
        seed = master.getrandbits(64)
        fault = None
        if kinds and master.random() < config.fault_rate:
            if not cycle:
                cycle = list(kinds)
                master.shuffle(cycle)
            fault = cycle.pop()
        yield Planned(index, str(hand_id), _timestamp(moment), seed, fault)


def make_hand(config: GenerateConfig, planned: Planned, with_fault: bool = True) -> tuple[HandRecord, int]:
    """Deal, play and settle one hand; (record, attempts used). With `with_fault` False the fault's
    successful attempt is replayed with a correct dealer (the hand's clean twin)."""
    config = narrowed(config)
    fault = _kinds(config)[planned.fault] if planned.fault else None
    for attempt in range(MAX_ATTEMPTS if fault else 1):
        rec = _attempt(config, planned, fault, attempt, apply_fault=True)
        if rec is not None:
            if fault is not None and not with_fault:
                twin = _attempt(config, planned, fault, attempt, apply_fault=False)
                assert twin is not None
                return twin, attempt + 1
            return rec, attempt + 1
    raise RuntimeError(f"hand {planned.hand_id}: no opportunity for {planned.fault} in {MAX_ATTEMPTS} deals")


def _attempt(
    config: GenerateConfig, planned: Planned, fault: Fault | None, attempt: int, apply_fault: bool
) -> HandRecord | None:
    rng = Random((planned.seed + attempt * _GOLDEN) % (1 << 64))
    if stud_draw_run(config):
        return _stud_draw_attempt(config, planned, fault, rng, apply_fault)
    games = list(config.games)
    structures = list(config.structures)
    cash_only = False
    scenario = Scenario()
    if fault is not None:
        needs = fault.needs
        if needs.hi_lo:
            games = [game for game in games if game.is_hi_lo]
        if needs.structures is not None:
            structures = [structure for structure in structures if structure in needs.structures]
        cash_only = needs.cash
        scenario = fault.scenario(rng)
    game = rng.choice(games)
    structure: Structure = rng.choice(structures)
    tournament = not cash_only and rng.random() < config.tournament_share
    table = set_up(rng, config, planned.hand_id, planned.started, game, structure, tournament, scenario)
    hooks = fault.prepare(table, rng) if fault is not None and apply_fault else None
    if fault is not None and apply_fault and hooks is None and _needs_hooks(fault):
        return None
    schedule = room_dealing(config.room, config.variants).rake
    rec = Dealer(table, rng, schedule, hooks).play()
    if fault is not None and apply_fault:
        if not fault.finish(rec, rng, schedule, hooks):
            return None
        rec.tags.add(f"fault:{fault.name}")
    return rec


def _stud_draw_attempt(
    config: GenerateConfig, planned: Planned, fault: Fault | None, rng: Random, apply_fault: bool
) -> HandRecord | None:
    from omaha_audit.generate import stud_draw
    from omaha_audit.generate.faults_stud_draw import stud_draw_faults

    games = list(config.games)
    scenario = Scenario()
    if fault is not None:
        allowed = stud_draw_faults()[fault.name][1]
        games = [game for game in games if game in allowed]
        scenario = fault.scenario(rng)
    game = rng.choice(games)
    table = stud_draw.set_up(rng, config, planned.hand_id, planned.started, game, scenario)
    hooks = fault.prepare(table, rng) if fault is not None and apply_fault else None
    if fault is not None and apply_fault and hooks is None and _needs_hooks(fault):
        return None
    schedule = room_dealing(config.room, config.variants).rake
    rec = stud_draw.StudDrawDealer(table, rng, schedule, hooks).play()
    if fault is not None and apply_fault:
        if not fault.finish(rec, rng, schedule, hooks):
            return None
        rec.tags.add(f"fault:{fault.name}")
    return rec


def _needs_hooks(fault: Fault) -> bool:
    return type(fault).prepare is not Fault.prepare


def label(planned: Planned, config: GenerateConfig | None = None) -> dict[str, object]:
    kinds = _kinds(config) if config is not None else all_faults()
    codes = list(kinds[planned.fault].codes) if planned.fault else []
    return {"hand_id": planned.hand_id, "fault": planned.fault, "expected_codes": codes}


def generate(config: GenerateConfig, out_text: TextIO, out_labels: TextIO) -> GenerateSummary:
    """Write `config.hands` hands to `out_text` and one JSON label line per hand to `out_labels` (with
    `config.sessions`, hands of table sessions: generate/sessions.py), in the room's text and the variants
    asked (`config.variants`)."""
    config = narrowed(config)
    if config.sessions:
        from omaha_audit.generate.sessions import generate_sessions

        return generate_sessions(config, out_text, out_labels)
    summary = GenerateSummary()
    write_hand = writer_for(config.room, config.variants)
    for planned in plan_hands(config):
        rec, attempts = make_hand(config, planned)
        out_text.write(write_hand(rec))
        out_labels.write(json.dumps(label(planned, config)) + "\n")
        summary.hands += 1
        summary.attempts += attempts
        summary.tags.update(rec.tags)
        if planned.fault:
            summary.faults[planned.fault] += 1
    return summary
