"""The hand view shows the stacks of the table's hands before and after the hand (issue 18): every seat's
stack at the end of the previous hand, at the start of this one and at the start of the next, read from
the same table's hands in order, with a row marked where the stack changed between two hands."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

from omaha_audit.generate import GenerateConfig, generate
from omaha_audit.model import Hand
from omaha_audit.report.html import HtmlReport
from omaha_audit.rooms import hand_source
from omaha_audit.run.pipeline import Auditor


def _session(tmp_path: Path) -> tuple[Path, list[dict[str, object]]]:
    """Two tables' sessions where, now and then, chips vanish from a player between two hands (OA705, on
    the later hand). A finding across hands gets no hand view, so each such later hand is given one of its
    own too: its total pot is written a dollar high (OA602)."""
    path = tmp_path / "session.txt"
    text, labels = io.StringIO(), io.StringIO()
    config = GenerateConfig(hands=160, seed=11, sessions=True, tables=2, fault_rate=0.15, faults=("chips_vanish",))
    generate(config, text, labels)
    rows = [json.loads(line) for line in labels.getvalue().splitlines()]
    blocks = text.getvalue().split("\n\n\n\n")
    for row in rows:
        if row["fault"] == "chips_vanish":
            index = next(i for i, block in enumerate(blocks) if block.startswith(f"PokerStars Hand #{row['hand_id']}:"))
            blocks[index] = re.sub(r"Total pot \$(\d+)", lambda m: f"Total pot ${int(m.group(1)) + 1}", blocks[index])
    path.write_text("\n\n\n\n".join(blocks), encoding="utf-8")
    return path, rows


def test_each_view_has_its_tables_previous_and_next_hand(tmp_path: Path) -> None:
    path, labels = _session(tmp_path)
    faulted = {str(row["hand_id"]) for row in labels if row["fault"] == "chips_vanish"}
    assert faulted, "the generator injected no fault"
    hands = [item for item in hand_source().read_file(path) if isinstance(item, Hand)]
    by_table: dict[str, list[Hand]] = {}
    for hand in hands:  # (the generator numbers each table's hands in order)
        by_table.setdefault(hand.table_id, []).append(hand)
    auditor = Auditor(table_views=10)
    report = HtmlReport()
    auditor.neighbours_of = report.viewed
    for audited in auditor.audit_files([path]):
        report.add_hand(audited)
    report.add_across(auditor.across, auditor.sessions, auditor.neighbours)
    views = {view.title.removeprefix("Hand #"): view for view in report.views}
    checked = 0
    for hand_id in faulted & set(views):
        view = views[hand_id]
        assert view.table is not None, hand_id
        table = next(t for t in by_table.values() if any(h.hand_id == hand_id for h in t))
        index = next(i for i, h in enumerate(table) if h.hand_id == hand_id)
        before = table[index - 1] if index else None
        after = table[index + 1] if index + 1 < len(table) else None
        assert view.table.before.startswith(f"#{before.hand_id} ") if before else view.table.before == ""
        assert view.table.after.startswith(f"#{after.hand_id} ") if after else view.table.after == ""
        rows = {row.player: row for row in view.table.rows}
        money = table[index].unit.format
        for seat in table[index].seats:
            assert rows[seat.player].start == money(seat.stack)
        if after is not None:
            for seat in after.seats:
                assert rows[seat.player].after == money(seat.stack)
        # chips vanished from somebody: the row of that player is marked, and only rows whose stack changed are
        assert any(row.changed for row in view.table.rows), hand_id
        for row in view.table.rows:
            assert row.changed == (row.before != "" and row.start != "" and row.before != row.start), row
        checked += 1
    assert checked >= 3, checked


def test_the_page_shows_it(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from omaha_audit.cli.app import app

    path, _ = _session(tmp_path)
    html = tmp_path / "r.html"
    result = CliRunner().invoke(app, ["audit", str(path), "--html", str(html), "--format", "json"])
    assert result.exit_code in (0, 1), result.output
    page = html.read_text(encoding="utf-8")
    assert page.count("At its table: the stacks before and after") >= 3
    assert re.search(r'<tr class="differs"><td>\d+</td>', page)
