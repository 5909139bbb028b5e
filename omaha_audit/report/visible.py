"""Text from the input made safe to print on a terminal, for every line the commands write about a file
(a file's or an archive member's name, a reason that quotes the input): a name may hold escape sequences
that would retitle the window, clear the screen or hide what follows. Kept tiny (no import of ours):
the usage errors use it before anything else is loaded."""

from __future__ import annotations


def visible(text: str, width: int | None = None) -> str:
    """`text` safe to print on a terminal: control and format characters (NUL, ESC, right-to-left marks,
    zero-width spaces, byte-order marks, ...) written as escapes (`\\x1b`, `\\u202e`), and, with `width`,
    cut there with the number of characters left out."""
    if not text.isprintable():
        text = "".join(char if char.isprintable() else escaped(char) for char in text)
    if width is not None and len(text) > width:
        return f"{text[:width]}… ({len(text) - width:,} more characters)"
    return text


def escaped(char: str) -> str:
    """One character as a Python-style escape: `\\x1b`, `\\u202e`."""
    code = ord(char)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"


def notice_line(path: str, message: str) -> str:
    """The line a command writes on stderr about a file: `omaha-audit: PATH: MESSAGE`, both escaped."""
    return f"omaha-audit: {visible(path)}: {visible(message)}\n"
