"""Statistics over the tables of a run: per player (VPIP, PFR, 3-bet, ..., net won, bb/100, rake paid,
scoops and quarters) and per table, stakes, game or day (hands, pots, rake, findings per 1,000 hands).

A rate is a ratio of sums over the group (never an average of per-hand rates), and is null when its
denominator is zero. Money is summed in integer units and only within one unit ("0.01 USD", "1 chips")
and one tournament: a row is a group, a unit *and* a tournament (null in cash games: stats/keys.py), so
dollars, euros and the chips of two tournaments are never added together. Major units and big blinds
appear only in the figures made for display.

`PLAYER_DEFINITIONS` and `GROUP_DEFINITIONS` state every figure; README.md repeats them.
"""

from __future__ import annotations

import polars as pl

from omaha_audit.model import Game
from omaha_audit.stats.frames import FAMILIES, Frames, LazyFrames, streamed
from omaha_audit.stats.keys import group_keys, table_columns, tournament

PLAYER = "player"
GROUPINGS = ("player", "table", "stakes", "game", "day")
HI_LO_GAMES = [game.value for game in Game if game.is_hi_lo]
FAMILY_NAMES = list(FAMILIES.values())

_KEY_DEFINITIONS: dict[str, str] = {
    "unit": 'the integer unit the sums are kept in ("0.01 USD", "1 chips"); money of two units is never added',
    "tournament": 'the tournament whose chips the row counts (null in cash games): its id, or "(no id) table '
    '<id>" where the room prints none; chips of two tournaments are never added',
}
PLAYER_DEFINITIONS: dict[str, str] = {
    **_KEY_DEFINITIONS,
    "hands": "hands the player was dealt into (flop games the engine replays; cancelled hands excluded)",
    "vpip": "voluntarily put money in pot: % of hands with a preflop call, bet or raise "
    "(posting a blind, straddle or ante is not voluntary; the big blind checking is not VPIP)",
    "pfr": "preflop raise: % of hands with a preflop bet or raise",
    "three_bet": "% of 3-bet opportunities taken: facing exactly one preflop raise (not one's own), "
    "the player re-raised; the first time they faced it",
    "fold_to_three_bet": "% of times the preflop opener, facing a 3-bet (exactly two raises, no 4-bet yet) "
    "at their next action, folded",
    "cbet_flop": "% of continuation-bet opportunities taken: the last preflop raiser, first to bet on the "
    "flop (nobody had bet before them), bet",
    "af": "aggression factor: postflop (flop, turn, river) bets + raises divided by postflop calls",
    "wtsd": "went to showdown: % of hands where the player saw the flop that they also saw the showdown "
    "(still in at the end with another player)",
    "wsd": "won at showdown: % of showdowns where the player collected any money",
    "net_won": "money collected (net of rake, plus cash-out payments) minus money put in (less uncalled "
    "bets returned), in major units of `unit`",
    "bb_per_100": "net won in big blinds per 100 hands: 100 × Σ(net ÷ big blind of the hand) ÷ hands; "
    "fixed limit uses the posted big blind (the small bet)",
    "rake_paid": "the hand's rake shared among everyone who put money in, in proportion to what they put "
    "in (exact, largest remainder), in major units",
    "scoops": "hi/lo games: showdowns where the player alone won the high and the low (or the high when no "
    "low qualified) of the main pot, as the rules engine settles it",
    "quarters": "hi/lo games: showdowns where the player shared one half of the main pot with one other "
    "player and won nothing of the other half",
}
GROUP_DEFINITIONS: dict[str, str] = {
    **_KEY_DEFINITIONS,
    "room": "--by table: the room that dealt the table",
    "table": '--by table: the table\'s name as printed; "table <id>" when the room prints only its id, '
    '"unnamed (<file name>)" when neither (one such table per file)',
    "table_id": "--by table: the room's id of the table (its number, or the tournament and the table's name)",
    "hands": "hands read in the group, of every game (unreadable blocks have no table, stakes, game or day)",
    "avg_players": "players dealt in per hand",
    "pots": "sum of the hands' Total pot (gross, before rake), in major units",
    "avg_pot": "pots ÷ hands",
    "rake": "sum of the hands' rake, in major units",
    "findings_per_1000": "findings ÷ hands × 1,000; the family columns count OA1xx input, OA2xx cards, "
    "OA3xx betting, OA4xx pots, OA5xx showdown, OA6xx accounting and OA7xx continuity findings (across "
    "hands: each counts on the later of its two hands)",
}


PLAYER_RATES = (
    "vpip",
    "pfr",
    "three_bet",
    "fold_to_three_bet",
    "cbet_flop",
    "af",
    "wtsd",
    "wsd",
    "net_won",
    "bb_per_100",
    "rake_paid",
    "scoops",
    "quarters",
)
PLAYER_COUNTS = (
    "vpip_hands",
    "pfr_hands",
    "three_bet_opps",
    "three_bets",
    "fold_to_three_bet_opps",
    "folds_to_three_bet",
    "cbet_opps",
    "cbets",
    "postflop_aggressive",
    "postflop_calls",
    "saw_flop",
    "showdowns_after_flop",
    "showdowns",
    "won_at_showdown",
    "net_won_units",
    "rake_paid_units",
    "net_bb",
    "hands_with_bb",
    "hi_lo_hands",
)
NET_BB_SCALE = 10**12  # net in big blinds is summed in these parts of a big blind (exact integers)
GROUP_FIGURES = ("hands", "avg_players", "pots", "avg_pot", "rake", "findings", "findings_per_1000")


def _rate(numerator: str, denominator: str, scale: float = 100.0) -> pl.Expr:
    return (
        pl.when(pl.col(denominator) > 0)
        .then(pl.col(numerator) * scale / pl.col(denominator))
        .otherwise(None)
        .cast(pl.Float64)
    )


def _major(column: str) -> pl.Expr:
    return (pl.col(column) / (10 ** pl.col("decimals").cast(pl.Int64))).cast(pl.Float64)


def player_statistics(frames: Frames | LazyFrames) -> pl.DataFrame:
    """One row per player, unit and tournament, with the counts every rate is made of."""
    hands = frames.hands.lazy().select(
        "hand_no", "unit", "currency", "decimals", "big_blind", "small_bet", "game", tournament()
    )
    rows = (
        frames.players.lazy()
        .join(hands, on="hand_no", how="left")
        .with_columns(
            bb=pl.coalesce("big_blind", "small_bet"),
            hi_lo=pl.col("game").is_in(HI_LO_GAMES),
        )
    )
    # every sum is of integers, so that each figure is the same whatever the order and the batches of
    # the rows (the streaming engine adds them in no fixed order): net in big blinds, Σ net ÷ big blind,
    # is added in fixed point, NET_BB_SCALE parts of a big blind, each hand's share rounded down
    # (currency and decimals, which the unit names, are keys: the streaming engine's first() of a string
    # column costs more memory than a key)
    keys = [PLAYER, "unit", "tournament", "currency", "decimals"]
    net_bb = (pl.col("net").cast(pl.Int128) * NET_BB_SCALE) // pl.col("bb").cast(pl.Int128)
    query = rows.group_by(keys).agg(
        hands=pl.len(),
        vpip_hands=pl.col("vpip").sum(),
        pfr_hands=pl.col("pfr").sum(),
        three_bet_opps=pl.col("three_bet_opp").sum(),
        three_bets=pl.col("three_bet").sum(),
        fold_to_three_bet_opps=pl.col("fold_to_three_bet_opp").sum(),
        folds_to_three_bet=pl.col("fold_to_three_bet").sum(),
        cbet_opps=pl.col("cbet_opp").sum(),
        cbets=pl.col("cbet").sum(),
        postflop_aggressive=pl.col("postflop_aggressive").cast(pl.Int64).sum(),
        postflop_calls=pl.col("postflop_calls").cast(pl.Int64).sum(),
        saw_flop=pl.col("saw_flop").sum(),
        showdowns_after_flop=(pl.col("saw_showdown") & pl.col("saw_flop")).sum(),
        showdowns=pl.col("saw_showdown").sum(),
        won_at_showdown=pl.col("won_showdown").sum(),
        net_won_units=pl.col("net").sum(),
        rake_paid_units=pl.col("rake_paid").sum(),
        net_bb_fixed=net_bb.sum(),
        hands_with_bb=pl.col("bb").is_not_null().sum(),
        hi_lo_hands=pl.col("hi_lo").sum(),
        scoops=pl.col("scoop").sum(),
        quarters=pl.col("quarter").sum(),
    )
    counted = streamed(query)
    sums = [name for name in counted.columns if name not in keys]
    grouped = (
        counted.sort(keys, nulls_last=True)  # (one row a player, unit and tournament)
        .group_by(PLAYER, "unit", "tournament", maintain_order=True)
        .agg(pl.col("currency").first(), pl.col("decimals").first(), pl.col(sums).sum())
        .with_columns(
            pl.exclude(*keys, "net_bb_fixed").cast(pl.Int64),
            net_bb=(pl.col("net_bb_fixed").cast(pl.Float64) / NET_BB_SCALE),
        )
        .drop("net_bb_fixed")
        .lazy()
    )
    table = grouped.with_columns(
        vpip=_rate("vpip_hands", "hands"),
        pfr=_rate("pfr_hands", "hands"),
        three_bet=_rate("three_bets", "three_bet_opps"),
        fold_to_three_bet=_rate("folds_to_three_bet", "fold_to_three_bet_opps"),
        cbet_flop=_rate("cbets", "cbet_opps"),
        af=_rate("postflop_aggressive", "postflop_calls", 1.0),
        wtsd=_rate("showdowns_after_flop", "saw_flop"),
        wsd=_rate("won_at_showdown", "showdowns"),
        net_won=_major("net_won_units"),
        bb_per_100=_rate("net_bb", "hands_with_bb"),
        rake_paid=_major("rake_paid_units"),
    )
    order = ["player", "unit", "tournament", "currency", "decimals", "hands", *PLAYER_RATES, *PLAYER_COUNTS]
    ranked = table.select(order).sort(
        ["hands", PLAYER, "unit", "tournament"], descending=[True, False, False, False], nulls_last=True
    )
    return streamed(ranked)


def group_statistics(frames: Frames | LazyFrames, by: str) -> pl.DataFrame:
    """One row per `by` value (table, stakes, game or day), unit and tournament: hands, pots, rake,
    findings. A table is its room's (`room`, `table_id`), with a readable name (stats/keys.py)."""
    if by not in GROUPINGS or by == PLAYER:
        raise ValueError(f"cannot group hands by {by!r}")
    per_family = (
        frames.findings.lazy()
        .group_by("hand_no")
        .agg(
            pl.len().cast(pl.Int64).alias("all_findings"),
            *[(pl.col("family") == family).sum().cast(pl.Int64).alias(f"{family}_findings") for family in FAMILY_NAMES],
        )
    )
    family_counts = [f"{family}_findings" for family in FAMILY_NAMES]
    hands = (
        frames.hands.lazy()
        .join(per_family, on="hand_no", how="left")
        .with_columns(pl.col([*family_counts, "all_findings"]).fill_null(0), tournament())
    )
    if by == "table":
        hands = hands.with_columns(table_columns())
    # integer sums (the same in any order) per group, unit, tournament, currency and decimals (keys rather
    # than first(): see player_statistics), then per group, unit and tournament (a table per room and id,
    # under the first of its names)
    shown, hidden = group_keys(by)
    keys = [*shown, *hidden, "currency", "decimals"]
    merged = [key for key in [*shown, *hidden] if key != "table" or by != "table"]
    names = [pl.col("table").first()] if by == "table" else []
    sums = [*family_counts, "hands", "pots_units", "rake_units", "players_dealt", "hands_with_players", "findings"]
    counted = hands.group_by(keys).agg(
        *[pl.col(name).sum() for name in family_counts],
        hands=pl.len().cast(pl.Int64),
        pots_units=pl.col("pot").sum(),
        rake_units=pl.col("rake").sum(),
        players_dealt=pl.col("players").cast(pl.Int64).sum(),
        hands_with_players=pl.col("players").is_not_null().sum().cast(pl.Int64),
        findings=pl.col("all_findings").sum(),  # (the findings table: it has those across hands too)
        level=pl.coalesce("big_blind", "small_bet").max(),
    )
    grouped = (
        streamed(counted)
        .sort(keys, nulls_last=True)
        .group_by(merged, maintain_order=True)
        .agg(*names, pl.col("currency").first(), pl.col("decimals").first(), pl.col(sums).sum(), pl.col("level").max())
        .lazy()
    )
    table = grouped.with_columns(
        *[_rate(f"{family}_findings", "hands", 1000.0).alias(f"{family}_per_1000") for family in FAMILY_NAMES],
        avg_players=_rate("players_dealt", "hands_with_players", 1.0),
        pots=_major("pots_units"),
        avg_pot=(_major("pots_units") / pl.col("hands")),
        rake=_major("rake_units"),
        findings_per_1000=_rate("findings", "hands", 1000.0),
    )
    order = ["unit", "level", by, "tournament"] if by == "stakes" else shown  # stakes: smallest first
    columns = [*shown, "currency", "decimals", *GROUP_FIGURES]
    columns += [f"{family}_per_1000" for family in FAMILY_NAMES] + family_counts + ["pots_units", "rake_units"]
    return streamed(table.sort(order, nulls_last=True).select(columns))


def statistics(frames: Frames | LazyFrames, by: str = PLAYER) -> pl.DataFrame:
    return player_statistics(frames) if by == PLAYER else group_statistics(frames, by)


# ---- display ---------------------------------------------------------------------------------------
# (the "unit" shown is the currency the money columns are in: "USD", "chips"; the tables' own `unit` column,
# "0.01 USD", names the integer unit the sums are kept in)
PLAYER_DISPLAY = (
    ("player", "player"),
    ("currency", "unit"),
    ("tournament", "tournament"),
    ("hands", "hands"),
    ("vpip", "VPIP"),
    ("pfr", "PFR"),
    ("three_bet", "3bet"),
    ("fold_to_three_bet", "F3bet"),
    ("cbet_flop", "CBet"),
    ("af", "AF"),
    ("wtsd", "WTSD"),
    ("wsd", "W$SD"),
    ("net_won", "net won"),
    ("bb_per_100", "bb/100"),
    ("rake_paid", "rake paid"),
    ("scoops", "scoops"),
    ("quarters", "quarters"),
)
GROUP_DISPLAY = (
    ("currency", "unit"),
    ("tournament", "tournament"),
    ("hands", "hands"),
    ("pots", "pots"),
    ("avg_pot", "avg pot"),
    ("rake", "rake"),
    ("findings", "findings"),
    ("findings_per_1000", "per 1k"),
    *[(f"{family}_per_1000", f"{family}/1k") for family in FAMILY_NAMES],
)
_PERCENT = {"vpip", "pfr", "three_bet", "fold_to_three_bet", "cbet_flop", "wtsd", "wsd"}
_MONEY = {"net_won", "rake_paid", "pots", "avg_pot", "rake"}
_ONE_DECIMAL = {"bb_per_100", "findings_per_1000", *(f"{family}_per_1000" for family in FAMILY_NAMES)}


def display_columns(by: str) -> tuple[tuple[str, str], ...]:
    if by == PLAYER:
        return PLAYER_DISPLAY
    if by == "table":
        return (("room", "room"), ("table", "table"), *GROUP_DISPLAY)
    return ((by, by), *GROUP_DISPLAY)


def key_columns(by: str) -> int:
    """How many of the display columns name the row (left-aligned in text): the group, unit, tournament."""
    return 4 if by == "table" else 3


def format_value(column: str, value: object, decimals: int | None) -> str:
    """One figure as text: percentages and bb/100 with one decimal, money with the unit's decimals."""
    if value is None:
        return "-"
    if isinstance(value, float):
        if column in _MONEY:
            return f"{value:,.{decimals or 0}f}"
        if column in _PERCENT or column in _ONE_DECIMAL:
            return f"{value:.1f}"
        return f"{value:.2f}"
    if isinstance(value, int):
        return f"{value:,}"
    return str(value)


def display_rows(table: pl.DataFrame, by: str, limit: int | None = None) -> list[list[str]]:
    """The table's display columns as text cells, row by row."""
    columns = display_columns(by)
    rows = []
    for row in table.head(limit).iter_rows(named=True) if limit else table.iter_rows(named=True):
        decimals = row.get("decimals")
        rows.append([format_value(name, row.get(name), decimals) for name, _ in columns])
    return rows


def to_text(table: pl.DataFrame, by: str) -> str:
    columns = display_columns(by)
    header = [title for _, title in columns]
    rows = display_rows(table, by)
    keys = key_columns(by)
    widths = [max(len(cell) for cell in column) for column in zip(header, *rows, strict=True)]
    lines = []
    for cells in [header, *rows]:
        parts = [
            cell.ljust(width) if index < keys else cell.rjust(width)  # the names left-aligned
            for index, (cell, width) in enumerate(zip(cells, widths, strict=True))
        ]
        lines.append("  ".join(parts).rstrip())
    return "\n".join(lines) + "\n"


def for_export(table: pl.DataFrame) -> pl.DataFrame:
    """The table for CSV and JSON: every count, the rates rounded to 2 places, money rounded to its unit."""
    floats = [name for name, dtype in table.schema.items() if dtype == pl.Float64]
    money = [name for name in floats if name in _MONEY]
    others = [name for name in floats if name not in _MONEY]
    scale = pl.lit(10.0).pow(pl.col("decimals").fill_null(0).cast(pl.Float64))
    rounded = table.with_columns(
        pl.col(others).round(2),
        *[((pl.col(name) * scale).round(0) / scale).alias(name) for name in money],
    )
    if "day" in rounded.columns:
        rounded = rounded.with_columns(pl.col("day").cast(pl.String))
    return rounded
