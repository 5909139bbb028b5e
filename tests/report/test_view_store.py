"""The report's hand views kept on disk until the page is written (omaha_audit/report/view_store.py)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from omaha_audit.report.hand_view import HandView, TableContext
from omaha_audit.report.view_store import ViewStore


def _view(number: int) -> HandView:
    return HandView(f"hand-{number}", f"Hand #{number}", "“quoted” <b>", (), (), "", (), (), (), key=("f.txt", number))


def test_views_come_back_in_order_as_often_as_asked(tmp_path: Path) -> None:
    store = ViewStore(tmp_path)
    assert not store and len(store) == 0 and list(store) == []
    views = [_view(number) for number in range(1, 6)]
    for view in views:
        store.append(view)
    assert store and len(store) == 5 and store.keys == [view.key for view in views]
    assert list(store) == views
    assert list(store) == views  # (read again: the page may be rendered twice)
    store.close()


def test_a_table_context_learnt_later_is_applied(tmp_path: Path) -> None:
    store = ViewStore(tmp_path)
    for number in range(3):
        store.append(_view(number))
    context = TableContext("", "", (), "")
    store.set_table(1, context)
    read = list(store)
    assert [view.table for view in read] == [None, context, None]
    assert read[1] == replace(_view(1), table=context)
