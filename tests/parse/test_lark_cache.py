"""The grammars' LALR analysis kept in the user's cache folder (parse/token_feed.py lalr_parser) works as
the one Lark computes afresh, whether the cache file is new, reused or damaged. (Lark numbers its states
differently from run to run, so the two are compared by what they do: the same verdict, at the same token,
with the same expected terminals, on random sentences of the grammar and on broken ones.)"""

from __future__ import annotations

import hashlib
import pickle
import random
from pathlib import Path

import pytest
from lark import Lark

from omaha_audit.parse.lalr import END, LalrChecker
from omaha_audit.parse.resources import grammar_text
from omaha_audit.parse.token_feed import TokenFeed, lalr_parser

GRAMMARS = sorted(path.stem for path in (Path(__file__).resolve().parents[2] / "grammar").glob("*.lark"))


def _sentences(checker: LalrChecker, seed: int, count: int = 60) -> list[list[str]]:
    """Random walks through the grammar (each ends where the grammar may end, or after 60 tokens), and a
    broken copy of each (a token dropped, doubled or replaced)."""
    rng = random.Random(seed)
    terminals = sorted({kind for actions in checker.states.values() for kind in actions if kind.isupper()})
    walks = []
    for _ in range(count):
        tokens: list[str] = []
        while len(tokens) < 60:
            rejection = checker.check([*tokens, "\0"])  # (what may come next)
            allowed = sorted(rejection.expected) if rejection is not None else []
            if END in allowed and (rng.random() < 0.2 or len(allowed) == 1):
                break
            choices = [kind for kind in allowed if kind != END]
            if not choices:
                break
            tokens.append(rng.choice(choices))
        walks.append(tokens)
        broken = list(tokens)
        if broken:
            at = rng.randrange(len(broken))
            change = rng.choice(("drop", "double", "replace"))
            if change == "drop":
                del broken[at]
            elif change == "double":
                broken.insert(at, broken[at])
            else:
                broken[at] = rng.choice(terminals)
        walks.append(broken)
    return walks


def _same(fresh: Lark, cached: Lark, seed: int) -> None:
    """The same terminals in the same order (the line classifier's order), the same ignored ones, and the
    same verdicts."""

    def terminals(lark: Lark) -> list[tuple[str, str, int]]:
        return [(str(t.name), t.pattern.to_regexp(), t.priority) for t in lark.terminals]

    assert terminals(cached) == terminals(fresh)
    assert sorted(map(str, cached.ignore_tokens)) == sorted(map(str, fresh.ignore_tokens))
    first, second = LalrChecker(fresh), LalrChecker(cached)
    for tokens in _sentences(first, seed):
        assert first.check(tokens) == second.check(tokens), tokens


@pytest.mark.parametrize("name", GRAMMARS)
def test_cached_analysis_works_as_the_fresh_one(name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    text = grammar_text(name)
    fresh = Lark(text, parser="lalr", lexer=TokenFeed)
    _same(fresh, lalr_parser(text), seed=1)  # (writes the cache)
    files = list((tmp_path / "omaha-audit").glob("lark-*.cache"))
    assert len(files) == 1
    _same(fresh, lalr_parser(text), seed=2)  # (reads it)
    files[0].write_bytes(b"damaged")
    _same(fresh, lalr_parser(text), seed=3)  # (a damaged file: analysed again)


def test_the_lexer_stays_this_one(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The entry names the lexer's class; neither writing it nor reading it changes the parser's."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    text = grammar_text("pokerstars")
    written, read = lalr_parser(text), lalr_parser(text)
    assert written.options.lexer is TokenFeed and read.options.lexer is TokenFeed
    assert written.lexer_conf.lexer_type is TokenFeed and read.lexer_conf.lexer_type is TokenFeed


def test_an_unwritable_cache_folder_is_no_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder", encoding="utf-8")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocker))
    text = grammar_text(GRAMMARS[0])
    _same(Lark(text, parser="lalr", lexer=TokenFeed), lalr_parser(text), seed=4)


def test_no_home_folder_is_no_cache(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("XDG_CACHE_HOME", raising=False)

    def no_home() -> Path:
        raise RuntimeError("Could not determine home directory.")

    monkeypatch.setattr(Path, "home", staticmethod(no_home))
    text = grammar_text(GRAMMARS[0])
    _same(Lark(text, parser="lalr", lexer=TokenFeed), lalr_parser(text), seed=5)


class _Planted:
    """Unpickled, it makes the file `marker`: the proof that something read from the cache was run."""

    def __init__(self, marker: Path) -> None:
        self.marker = marker

    def __reduce__(self) -> tuple[object, ...]:
        return (open, (str(self.marker), "w"))


def test_a_planted_pickle_is_never_unpickled(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 36 (S01): Lark's own cache file is a digest line then pickles, and Lark unpickles the first
    before it compares the digest, so whoever could write the file ran code in every later run. The entry
    is now signed plain data: a pickle in its place, with or without a right digest line, or with a valid
    plain digest before it, is not run, and the grammar is analysed again and the entry written anew."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    text = grammar_text("pokerstars")
    fresh = Lark(text, parser="lalr", lexer=TokenFeed)
    lalr_parser(text)
    (entry,) = (tmp_path / "cache" / "omaha-audit").glob("lark-*.cache")
    marker = tmp_path / "marker"
    planted = pickle.dumps(_Planted(marker))
    for content in (
        b"not-the-digest\n" + planted,
        planted,
        hashlib.sha256(planted).digest() + planted,  # (a digest anyone can compute, as the other caches had)
    ):
        entry.write_bytes(content)
        _same(fresh, lalr_parser(text), seed=6)
        assert not marker.exists(), "a pickle from the cache folder was run"
        assert entry.read_bytes() != content, "the planted file was kept"
    pickle.loads(planted)  # (the planted pickle does run when it is unpickled: the check above can fail)
    assert marker.exists()
