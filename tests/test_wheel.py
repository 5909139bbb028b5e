"""A plain (non-editable) install finds the grammar: the wheel carries grammar/ and templates/ inside the
package (pyproject's force-include), and an installed wheel parses a hand. The code only the tests and the
benchmarks run (tests/devtools: the fuzz harness, the accuracy runner, the pokerkit bridge) is not in it."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
import sysconfig
import textwrap
import zipfile
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
HAND = """\
PokerStars Hand #7:  Omaha Pot Limit ($0.01/$0.02 USD) - 2010/01/01 10:00:00 ET
Table 'T' 6-max Seat #1 is the button
Seat 1: a ($1 in chips)
Seat 2: b ($1 in chips)
a: posts small blind $0.01
b: posts big blind $0.02
*** HOLE CARDS ***
a: folds
Uncalled bet ($0.01) returned to b
b collected $0.02 from pot
*** SUMMARY ***
Total pot $0.02 | Rake $0
Seat 1: a (button) (small blind) folded before Flop
Seat 2: b (big blind) collected ($0.02)
"""


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    pytest.importorskip("build")
    out = tmp_path_factory.mktemp("dist")
    # with the build backend at hand, build offline in this environment; else let `build` fetch it
    isolation = [] if importlib.util.find_spec("hatchling") is None else ["--no-isolation"]
    # the pure-Python wheel: compiling takes minutes, and CI's own install already builds the compiled one
    env = {**os.environ, "OMAHA_AUDIT_PURE_PYTHON": "1"}
    result = subprocess.run(
        [sys.executable, "-m", "build", "--wheel", *isolation, "--outdir", str(out), str(REPO)],
        capture_output=True,
        text=True,
        timeout=600,
        env=env,
    )
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    (found,) = out.glob("omaha_audit-*.whl")
    return found


def test_the_wheel_holds_the_grammar_and_templates(wheel: Path):
    names = set(zipfile.ZipFile(wheel).namelist())
    assert "omaha_audit/_data/grammar/pokerstars.lark" in names
    assert any(name.startswith("omaha_audit/_data/templates/") for name in names)
    assert "omaha_audit/rooms/pokerstars/reader.py" in names
    grammar = zipfile.ZipFile(wheel).read("omaha_audit/_data/grammar/pokerstars.lark").decode()
    assert grammar == (REPO / "grammar" / "pokerstars.lark").read_text(encoding="utf-8")


# the test-only modules (tests/devtools), by the name each had in the package
TEST_ONLY = ("fuzz", "fuzz_archives", "fuzz_outputs", "accuracy", "pokerkit_bridge", "devtools")


def _test_only(name: str) -> bool:
    stem = Path(name).name.partition(".")[0]
    return stem in TEST_ONLY or "devtools" in Path(name).parts


def test_the_wheel_holds_no_test_only_code(wheel: Path):
    names = zipfile.ZipFile(wheel).namelist()
    assert "omaha_audit/interop/phh.py" in names
    assert [name for name in names if _test_only(name)] == []


def test_the_test_only_code_is_outside_the_package():
    """What the wheel packs (pyproject: the omaha_audit folder) holds none of it; tests/devtools holds it all."""
    inside = [str(path.relative_to(REPO)) for path in (REPO / "omaha_audit").rglob("*.py") if _test_only(str(path))]
    assert inside == []
    assert {path.stem for path in (REPO / "tests" / "devtools").glob("*.py")} >= set(TEST_ONLY) - {"devtools"}
    assert _test_only("omaha_audit/fuzz.py") and _test_only("x/devtools/y.py") and not _test_only("omaha_audit/a.py")


def test_an_installed_wheel_parses_a_hand(wheel: Path, tmp_path: Path):
    """Install the wheel alone into a fresh virtual environment (its dependencies are borrowed from this
    one by path) and read a hand there, outside the source tree."""
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True, timeout=120)
    python = venv / ("Scripts/python.exe" if sys.platform == "win32" else "bin/python")
    site = subprocess.run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    install = subprocess.run(
        [sys.executable, "-m", "pip", "install", "--no-deps", "--no-index", "--target", site, str(wheel)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert install.returncode == 0, install.stdout[-2000:] + install.stderr[-2000:]
    # dependencies by path: a plain path entry, so this environment's editable install is not seen
    Path(site, "borrowed_dependencies.pth").write_text(sysconfig.get_paths()["purelib"] + "\n", encoding="utf-8")
    history = tmp_path / "hand.txt"
    history.write_text(HAND, encoding="utf-8")
    script = textwrap.dedent(
        f"""
        import sys
        from pathlib import Path
        import omaha_audit
        from omaha_audit.model import Hand
        from omaha_audit.rooms import hand_source
        from omaha_audit.parse.resources import data_dir
        assert Path(omaha_audit.__file__).is_relative_to({site!r}), omaha_audit.__file__
        assert data_dir("grammar").is_relative_to({site!r}), data_dir("grammar")
        (hand,) = hand_source().read_file(Path(sys.argv[1]))
        assert isinstance(hand, Hand), hand
        print(hand.hand_id, hand.total_pot, len(hand.seats))
        """
    )
    # without PYTHONPATH: CI's run on the pure-Python sources sets it to the repository
    clean_env = {key: value for key, value in os.environ.items() if key != "PYTHONPATH"}
    result = subprocess.run(
        [str(python), "-c", script, str(history)],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        timeout=120,
        env=clean_env,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.split() == ["7", "2", "2"]
