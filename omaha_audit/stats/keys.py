"""What the statistics group their rows by besides the group itself: the money (unit *and*, for chips, the
tournament) and, for `--by table`, the room's table with a readable name.

Chips of one tournament are not worth chips of another, so a tournament's hands form their own rows: the
key is the tournament id, or, when the room prints none, the table's id (`(no id) table <id>`: that table's
hands only; `(no id) <file name>` when there is no table id either). Cash hands have no tournament (null) and
are grouped by unit alone.

A table is named by the room and its `table_id` (the table number, or the tournament and the table's
name): the name shown is the one printed; a table whose room prints no name is shown as `table <id>`, and
one with neither a name nor an id (a letter or digit in it) as `unnamed (<file name>)`, counted per file.
Unreadable blocks belong to no table (their row has no table).
"""

from __future__ import annotations

import polars as pl

_HAS_WORD = r"\w"


def _file_name() -> pl.Expr:
    return pl.col("path").fill_null("").str.replace(r"^.*[/\\]", "")


def _has_word(column: str) -> pl.Expr:
    return pl.col(column).str.contains(_HAS_WORD).fill_null(False)


def tournament() -> pl.Expr:
    """The tournament a hand's chips belong to (null in cash games)."""
    tournament_id = pl.col("tournament_id")
    return (
        pl.when(_has_word("tournament_id"))
        .then(tournament_id)
        .when(tournament_id.is_not_null() & _has_word("table_id"))
        .then(pl.concat_str(pl.lit("(no id) table "), pl.col("table_id")))
        .when(tournament_id.is_not_null())
        .then(pl.concat_str(pl.lit("(no id) "), _file_name()))
        .otherwise(None)
        .alias("tournament")
    )


def table_columns() -> list[pl.Expr]:
    """`table_id` (null when the room prints none), `table_file` (the file, for a table with no id: its
    hands form a table per file) and `table` (a readable name), for grouping the hands by table."""
    table_id, name = pl.col("table_id"), pl.col("table").str.strip_chars()
    has_id, read = _has_word("table_id"), pl.col("status") != "unreadable"
    return [
        pl.when(has_id).then(table_id).otherwise(None).alias("table_id"),
        pl.when(read & ~has_id).then(pl.col("path")).otherwise(None).alias("table_file"),
        pl.when(~read)
        .then(None)
        .when(name.str.contains(_HAS_WORD).fill_null(False))
        .then(name)
        .when(has_id)
        .then(pl.concat_str(pl.lit("table "), table_id))
        .otherwise(pl.concat_str(pl.lit("unnamed ("), _file_name(), pl.lit(")")))
        .alias("table"),
    ]


def group_keys(by: str) -> tuple[list[str], list[str]]:
    """The keys a `by` grouping sums over (in the order shown) and the hidden ones (not in the output)."""
    if by == "table":
        return ["room", "table", "table_id", "unit", "tournament"], ["table_file"]
    return [by, "unit", "tournament"], []
