"""Read PartyPoker hand blocks into the model (ROOMS.md section 4): one reader for the room's two texts.

The banner is the same (`***** Hand History for Game N *****`); the line after it says which text follows:
a `Game Table (PL)` line is the balance-summary text of 2013, 2021 and 2026 (balance.py, grammar
partypoker_balance.lark), anything else the "Dealing" text of 2010-2016 and the hands converted into it
(dealing.py, grammar partypoker.lark). Both are read with the shared parse kit: the line lexer classifies
every line with the grammar's terminals, Lark's LALR table checks their order, and a builder turns the
tokens into the model, keeping each player's street total with the ledger (parse/ledger.py): every
number Party prints for a bet, a call or a raise is the chips the line adds (`raises 2.40 to 2.65` adds
2.40 and reaches 2.65).

NUL bytes (the old client's files hold some) are dropped before the lines are read; a name followed by a
colon is chat, whatever verb its text ends with.
"""

from __future__ import annotations

import re
from typing import Final

from omaha_audit.model import Hand, UnreadableHand
from omaha_audit.parse.lalr import LalrChecker, unexpected
from omaha_audit.parse.lexer import LineClassifier, LineToken
from omaha_audit.parse.resources import grammar_text
from omaha_audit.parse.split import Block
from omaha_audit.parse.token_feed import lalr_parser
from omaha_audit.rooms.kit.reader import crashed, unknown_lines
from omaha_audit.rooms.partypoker.balance import BalanceBuilder
from omaha_audit.rooms.partypoker.builder import AmountError
from omaha_audit.rooms.partypoker.dealing import DealingBuilder

_BALANCE_LINE: Final = re.compile(r"(?P<low>\S+)/(?P<high>\S+) .* Game Table \((?:PL|NL|FL|Limit)\)")
_CHAT: Final = re.compile(r"(?P<name>[^:]+?): (?P<text>.*)")
_CHAT_PRONE: Final = frozenset({"ACTION", "POST", "SHOWS", "NO_SHOW", "WINS", "DEALT", "OPENS", "ALL_IN"})


class _Grammar:
    """One of the room's grammars, compiled: its line classifier and its LALR checker."""

    def __init__(self, name: str) -> None:
        lark = lalr_parser(grammar_text(name))
        self.classifier = LineClassifier(lark)
        self.checker = LalrChecker(lark)


class PartyReader:
    """Reads PartyPoker hand blocks, both texts. Build once (compiles the grammars), use for many hands."""

    format = "partypoker"

    def __init__(self) -> None:
        self.dealing = _Grammar("partypoker")
        self.balance = _Grammar("partypoker_balance")

    def read(self, block: Block) -> Hand | UnreadableHand:
        try:
            return self._read(block)
        except Exception as error:  # a reader bug must not lose the hand, nor pass for an unreadable one
            return crashed(block, error)

    def _read(self, block: Block) -> Hand | UnreadableHand:
        lines = [(number, text.replace("\x00", "") if "\x00" in text else text) for number, text in _numbered(block)]
        balance = _BALANCE_LINE.match(_game_line(lines)) is not None
        grammar = self.balance if balance else self.dealing
        tokens, ignored, unknown = grammar.classifier.tokens(lines)
        if not tokens or tokens[0][0] != "HEADER":
            return unreadable(block, block.first_line, "the first line is not a hand header")
        tokens, ignored = _chat_apart(tokens, ignored)
        types = [token[0] for token in tokens]
        ended = "SUMMARY" in types if balance else "WINS" in types
        truncated = False
        rejection = grammar.checker.check(types)
        if rejection is not None:
            if rejection.at == len(tokens) and not ended:
                truncated = True
            else:
                line, reason = unexpected(rejection, tokens)
                if rejection.at >= len(tokens):
                    reason = "the hand ends before its awards"
                return unreadable(block, line, reason, tokens[0][3]["hand_id"])
        if not ended and not any(kind == "TABLE_CLOSED" for kind, *_ in ignored):
            truncated = True
        defects = unknown_lines(unknown, block, truncated)
        for decimals in (None, 2):
            try:
                if balance:
                    return BalanceBuilder(block, tokens, ignored, defects, truncated, decimals).build()
                return DealingBuilder(block, tokens, ignored, defects, truncated, decimals).build()
            except AmountError as error:  # (the game line not read, or chips with decimals)
                if decimals is None and error.finer:
                    continue  # tournament chips with decimals: read again in hundredths
                return unreadable(block, error.line, error.reason, tokens[0][3]["hand_id"])
        raise AssertionError("unreachable")


def _numbered(block: Block) -> list[tuple[int, str]]:
    return list(enumerate(block.lines, block.first_line))


def _game_line(lines: list[tuple[int, str]]) -> str:
    """The line after the banner (which a hand's preamble lines may precede)."""
    after = False
    for _, text in lines:
        if after and text:
            return text
        if text.startswith("*****"):
            after = True
    return ""


def _chat_apart(tokens: list[LineToken], ignored: list[LineToken]) -> tuple[list[LineToken], list[LineToken]]:
    """Lines a name and a colon start are chat (`Player6: u r getting boring with ur min raises`), even when
    their text ends like an action: Party names hold no colon, unless a seat line or a `has joined the
    table.` line says so (the lexer has then read the line with that name)."""
    if not any(": " in text and kind in _CHAT_PRONE for kind, _, text, _ in tokens):
        return tokens, ignored
    seated = {m["name"] for kind, _, _, m in tokens if kind == "SEAT"}
    seated.update(m["name"] for kind, _, _, m in ignored if kind == "TABLE_JOIN")
    kept: list[LineToken] = []
    moved = list(ignored)
    for token in tokens:
        kind, line, text, m = token
        chat = _CHAT.fullmatch(text) if kind in _CHAT_PRONE and ": " in text else None
        name = m.groupdict().get("name") or ""
        if chat is not None and ": " in name and not _known(name, seated):
            moved.append(("CHAT", line, text, chat))
        else:
            kept.append(token)
    moved.sort(key=lambda token: token[1])
    return kept, moved


def _known(name: str, seated: set[str]) -> bool:
    """A seated name, or one followed by more words (`Hero Name raises 3.0 to 3.0` for the seat of `Hero`:
    the builder reads it as that seat's line)."""
    return name in seated or any(name.startswith(player + " ") for player in seated)


def unreadable(block: Block, line: int, reason: str, hand_id: str | None = None) -> UnreadableHand:
    return UnreadableHand(block.path, line, block.first_line, block.last_line, reason, hand_id, block.format)
