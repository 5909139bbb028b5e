"""`omaha-audit rules`: the rules the audit applies, and the checks a room's text gives no ground for."""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import sys
import textwrap
from pathlib import Path
from typing import Any, TextIO, TypeGuard

INDENT = 7  # the summaries stand under the rule's name, past its code
WIDEST = 100  # columns, at most (a wide terminal gets no longer lines)


def print_rules(code: str | None, out: TextIO | None = None) -> int:
    out = out or sys.stdout  # (looked up at the call: a test runner may have replaced it)
    listing = rules_listing()
    if code is None:
        width = max(60, min(WIDEST, shutil.get_terminal_size((WIDEST, 24)).columns))
        names = max(len(rule["name"]) for rule in listing["rules"])
        out.write(
            _wrapped("*: judges stud, razz and draw hands too; the others judge Hold'em and Omaha hands.", width, "")
            + "\n"
        )
        for rule in listing["rules"]:
            ids = (", ".join(rule["ids"]) or "-") + (" *" if rule["every_game"] else "")
            head = f"{rule['code']}  {rule['name']:<{names}}  {rule['severity']:<7}  RULES.md "
            out.write(_wrapped(ids, width, " " * len(head), head) + "\n")
            out.write(_wrapped(rule["summary"], width, " " * INDENT) + "\n")
        out.write("\nChecks a room's text gives no ground for (not reported as clean, not checked):\n")
        rows = listing["rooms"]
        rooms = max((len(room) for room, _, _ in rows), default=0)
        for room, rule_code, why in rows:
            head = f"  {room:<{rooms}}  {rule_code}  "
            out.write(_wrapped(why, width, " " * len(head), head) + "\n")
        if listing["copies"]:
            note = (
                f"A hand in {' or '.join(listing['copies'])} is a copy of a hand another format wrote: the checks "
                "that format cannot support are not made on it either."
            )
            out.write("\n" + _wrapped(note, width, "") + "\n")
        return 0
    found = next((rule for rule in listing["rules"] if rule["code"] == code.upper()), None)
    if found is None:
        return 2
    out.write(f"{found['code']} {found['name']} ({found['severity']}; RULES.md: {', '.join(found['ids']) or '-'})\n\n")
    out.write(found["doc"] + "\n")
    return 0


def rules_listing() -> dict[str, Any]:
    """What `rules` prints, as data: every rule (code, name, severity, RULES.md ids, whether it judges every
    game, summary, documentation), every room's checks its text gives no ground for, and the interchange
    formats (whose copies are spared their rooms' checks too: pipeline.cannot_check).

    Building it imports every rule and every room (0.2 s on this machine with the compiled build, most of
    it the compiled modules' start), so it is kept in the user's cache folder (omaha_audit/cache.py: a
    signed entry), named by a digest of the installed package (every file's path, size and time, and the
    compiled build's shared libraries): any install or edit of the package makes a new entry (the entries
    of other installs are removed after a day). An entry that does not verify, or holds anything but such
    a table, is ignored and the listing built again."""
    from omaha_audit.cache import read_entry, remove_old_entries, write_entry

    name = f"rules-{_package_digest()}.json"
    kept = read_entry(name)
    if kept is not None:
        try:
            listing = json.loads(kept.decode("utf-8"))
            if _well_formed(listing):
                return listing
        except ValueError:  # (UnicodeDecodeError and JSONDecodeError among them)
            pass
    listing = _build_listing()
    write_entry(name, json.dumps(listing).encode("utf-8"))
    remove_old_entries("rules-", keep=name, seconds=STALE)
    return listing


RULE_FIELDS = {"code": str, "name": str, "severity": str, "ids": list, "every_game": bool, "summary": str, "doc": str}
STALE = 86400.0  # seconds: another install's table older than this is removed (two installs may share the folder)


def _well_formed(listing: Any) -> TypeGuard[dict[str, Any]]:
    if not isinstance(listing, dict) or set(listing) != {"rules", "rooms", "copies"}:
        return False
    rules, rooms, copies = listing["rules"], listing["rooms"], listing["copies"]
    return (
        isinstance(rules, list)
        and bool(rules)
        and all(
            isinstance(rule, dict)
            and set(rule) == set(RULE_FIELDS)
            and all(isinstance(rule[key], kind) for key, kind in RULE_FIELDS.items())
            and all(isinstance(rule_id, str) for rule_id in rule["ids"])
            for rule in rules
        )
        and isinstance(rooms, list)
        and all(isinstance(row, list) and len(row) == 3 and all(isinstance(x, str) for x in row) for row in rooms)
        and isinstance(copies, list)
        and all(isinstance(name, str) for name in copies)
    )


def _build_listing() -> dict[str, Any]:
    from omaha_audit.rooms import FORMATS
    from omaha_audit.rules.base import Rule
    from omaha_audit.rules.registry import ALL_RULES

    rules = [
        {
            "code": rule.code,
            "name": rule.name,
            "severity": rule.severity.value,
            "ids": list(rule.rule_ids),
            "every_game": isinstance(rule, Rule) and rule.every_game,
            "summary": rule.summary,
            "doc": rule.doc,
        }
        for rule in ALL_RULES
    ]
    rooms = [[f.name, rule_code, why] for f in FORMATS for rule_code, why in sorted(f.cannot_check().items())]
    copies = [f.name for f in FORMATS if f.copies()]
    return {"rules": rules, "rooms": rooms, "copies": copies}


def _package_digest() -> str:
    import hashlib

    import omaha_audit

    package = Path(omaha_audit.__file__).resolve().parent
    digest = hashlib.sha256(f"{omaha_audit.__version__}\0{sys.version}\0".encode())
    shared = sorted(str(path) for path in package.parent.glob("*__mypyc*"))  # (the compiled build's libraries)
    files = [*shared]
    for folder, subfolders, names in os.walk(package):
        subfolders[:] = sorted(name for name in subfolders if name != "__pycache__")
        files += [os.path.join(folder, name) for name in sorted(names)]
    for path in files:
        with contextlib.suppress(OSError):
            stat = os.stat(path)
            digest.update(f"{path}\0{stat.st_size}\0{stat.st_mtime_ns}\0".encode())
    return digest.hexdigest()[:24]


def _wrapped(text: str, width: int, indent: str, first: str | None = None) -> str:
    return textwrap.fill(
        text,
        width=width,
        initial_indent=indent if first is None else first,
        subsequent_indent=indent,
        break_on_hyphens=False,
        break_long_words=False,
    )
