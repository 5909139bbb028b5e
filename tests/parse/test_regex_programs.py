"""The line terminals' compiled regex programs kept in the user's cache folder (parse/regex_programs.py):
a classifier built from kept programs reads every line as one built afresh, whether the file is new,
reused or damaged; a run that finds them all kept parses no pattern; a pattern made for a player's name is
never kept."""

from __future__ import annotations

import hashlib
import marshal
from pathlib import Path

import pytest
from corpus_paths import corpus_root

from omaha_audit.parse import regex_programs
from omaha_audit.parse.lexer import LineClassifier, compile_terminal
from omaha_audit.parse.regex_programs import compile_kept
from omaha_audit.parse.resources import grammar_text
from omaha_audit.parse.token_feed import lalr_parser

SAMPLES = Path(__file__).resolve().parents[2] / "sample_histories"


def _new_run() -> None:
    """As a new process finds it: nothing read from the cache file yet."""
    regex_programs._KEPT.programs = None
    regex_programs._KEPT.added = False


def _lines() -> list[str]:
    lines = (SAMPLES / "omaha-hi-lo-pot-limit.txt").read_text(encoding="utf-8").splitlines()
    corpus = corpus_root()
    if corpus is not None:  # (real lines too, where the corpus is here)
        for path in sorted((corpus / "PokerStars").glob("*.txt"))[:20]:
            lines += path.read_text(encoding="utf-8", errors="replace").splitlines()
    return [line for line in lines if line]


def _readings(classifier: LineClassifier, lines: list[str]) -> list[object]:
    out = []
    for line in lines:
        for summary in (False, True):
            found = classifier.classify(line, summary)
            out.append(None if found is None else (found[0], found[1].span(), found[1].groupdict()))
    return out


@pytest.fixture
def kept_in(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    _new_run()
    yield tmp_path / "omaha-audit"
    _new_run()


def test_kept_programs_read_lines_as_fresh_ones(kept_in: Path) -> None:
    lark = lalr_parser(grammar_text("pokerstars"))
    lines = _lines()
    fresh = _readings(LineClassifier(lark), lines)  # (compiles every pattern, and keeps the programs)
    kept = list(kept_in.glob("regex-programs-*.marshal"))
    assert len(kept) == 1 and len(regex_programs._programs()) > 100
    written = kept[0].stat().st_mtime_ns, kept[0].read_bytes()

    _new_run()
    again = LineClassifier(lark)  # (a new run: every program read from the file)
    assert not regex_programs._KEPT.added and (kept[0].stat().st_mtime_ns, kept[0].read_bytes()) == written, (
        "a pattern was compiled again: the file was rewritten"
    )
    assert _readings(again, lines) == fresh

    kept[0].write_bytes(written[1][:-7] + b"damaged")  # (the digest no longer holds)
    _new_run()
    assert _readings(LineClassifier(lark), lines) == fresh
    assert kept[0].read_bytes() == written[1], "the damaged file was written again, whole"


def test_programs_behind_a_digest_anyone_can_compute_are_not_trusted(kept_in: Path) -> None:
    """Issue 36 (S02): the file was trusted on a plain SHA-256 before its contents, which whoever can write
    it recomputes; a program is a regex, so programs swapped between patterns behind a right digest read
    every line as something else. The entry is signed by this user's key now: such a file is not read, and
    the patterns are compiled afresh and kept anew."""
    lark = lalr_parser(grammar_text("pokerstars"))
    lines = _lines()
    fresh = _readings(LineClassifier(lark), lines)
    (kept,) = kept_in.glob("regex-programs-*.marshal")
    written = kept.read_bytes()
    programs = marshal.loads(written[32:])
    keys = list(programs)
    swapped = {key: programs[keys[(number + 1) % len(keys)]] for number, key in enumerate(keys)}
    payload = marshal.dumps(swapped)
    kept.write_bytes(hashlib.sha256(payload).digest() + payload)
    _new_run()
    assert _readings(LineClassifier(lark), lines) == fresh
    assert kept.read_bytes() == written, "the planted file was kept"


def test_the_rewritten_and_the_plain_form_of_one_pattern_are_kept_apart(kept_in: Path) -> None:
    pattern = "(?P<name>.+?): raises (?:\\$?[\\d.]+ )?to x"
    rewritten, plain = compile_terminal(pattern), compile_kept(pattern)
    assert rewritten.pattern is None and plain.pattern == pattern  # (the rewrite in use; the plain as written)
    for text in ("Ann: raises $1 to x", "Ann: raises to x", "Ann: calls"):
        assert (rewritten.fullmatch(text) is None) == (plain.fullmatch(text) is None)
    assert len(regex_programs._programs()) == 2


def test_a_pattern_made_for_a_name_is_not_kept(kept_in: Path) -> None:
    compile_terminal("(?P<name>Uncalled bet \\(\\$1\\) returned to x): folds", keep=False)
    assert regex_programs._programs() == {}
    regex_programs.save_kept()
    assert not kept_in.exists()
