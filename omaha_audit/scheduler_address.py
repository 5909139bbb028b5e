"""The address of a Dask scheduler (`--scheduler`), read strictly before Dask sees it: `tcp://HOST:PORT` or
`tls://HOST:PORT` (`HOST:PORT` alone is tcp, as Dask reads it). HOST is a host name (ASCII letters, digits,
`-` and `_`, labels of 1-63 characters split by dots, 253 in all), an IPv4 address, or an IPv6 address in
brackets; PORT a number from 1 to 65535. Anything else is an `AddressError` that says what is wrong: Dask
itself answers a malformed address with a ValueError or a TypeError from deep inside, and an address of a
scheme that needs more than an address (inproc, ucx, ws) with an error of its own.

Kept free of Dask and of the rest of the package: the command line checks the address before loading
either, and the fuzz harness (tests/devtools/fuzz.py) calls it on random text."""

from __future__ import annotations

import ipaddress
import re

SCHEMES = ("tcp", "tls")
LONGEST = 300  # characters of an address (a host name is at most 253)
_LABEL = re.compile(r"[A-Za-z0-9_](?:[A-Za-z0-9_-]{0,61}[A-Za-z0-9_])?")
_PORT = re.compile(r"[0-9]{1,5}")
_SCHEME = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*")


class AddressError(ValueError):
    """A scheduler address that is not one: the message says why."""


def scheduler_address(text: str) -> str:
    """The address `text` as Dask is given it (`scheme://host:port`, an IPv6 host in brackets), or an
    AddressError."""
    if not text:
        raise AddressError("no address (give one such as tcp://host:8786)")
    if len(text) > LONGEST:
        raise AddressError(f"longer than {LONGEST} characters")
    scheme, sep, rest = text.partition("://")
    if not sep:
        scheme, rest = "tcp", text
    elif scheme not in SCHEMES:
        named = f"{scheme}://" if _SCHEME.fullmatch(scheme) else "that scheme"
        raise AddressError(f"{named} is not supported (give tcp://host:port, or tls://host:port)")
    if any(mark in rest for mark in "/?#@"):
        raise AddressError("a scheduler's address is scheme://host:port, with no path, query or user")
    host, port = _host_and_port(rest)
    return f"{scheme}://{host}:{port}"


def scheme_of(address: str) -> str:
    """The scheme of an address `scheduler_address` gave."""
    return address.partition("://")[0]


def _host_and_port(text: str) -> tuple[str, int]:
    if text.startswith("["):
        inside, closed, after = text[1:].partition("]")
        if not closed:
            raise AddressError("an IPv6 address's bracket is not closed (give it as tcp://[::1]:8786)")
        host = _ipv6(inside)
        if not after.startswith(":"):
            raise AddressError("no port after the IPv6 address (give it as tcp://[::1]:8786)")
        return host, _port(after[1:])
    host, colon, port = text.rpartition(":")
    if not colon:
        raise AddressError("no port (give the address as tcp://host:8786)")
    if ":" in host:
        if _is_ipv6(host) or _is_ipv6(text):
            raise AddressError("an IPv6 address goes in brackets, before the port (tcp://[::1]:8786)")
        raise AddressError("more than one ':' (give the address as tcp://host:8786)")
    return _host(host), _port(port)


def _host(text: str) -> str:
    if not text:
        raise AddressError("no host before the port")
    labels = text.split(".")
    if labels[-1].isascii() and labels[-1].isdigit():  # (no top-level domain is all digits: an IPv4 address)
        try:
            return str(ipaddress.IPv4Address(text))
        except ValueError:
            raise AddressError(f"{shown(text)} is not an IPv4 address") from None
    if len(text) > 253 or not all(_LABEL.fullmatch(label) for label in labels):
        raise AddressError(
            f"{shown(text)} is not a host name (ASCII letters, digits, '-' and '_', in labels split by dots)"
        )
    return text


def _ipv6(text: str) -> str:
    try:
        address = ipaddress.IPv6Address(text)
    except ValueError:
        raise AddressError(f"{shown(text)} is not an IPv6 address") from None
    if address.scope_id is not None:
        raise AddressError("an IPv6 address with a zone (%) is not supported")
    return f"[{address.compressed}]"


def _is_ipv6(text: str) -> bool:
    try:
        ipaddress.IPv6Address(text)
    except ValueError:
        return False
    return True


def _port(text: str) -> int:
    if not _PORT.fullmatch(text) or not 1 <= int(text) <= 65535:
        raise AddressError(f"the port {shown(text)} is not a number from 1 to 65535")
    return int(text)


def shown(text: str) -> str:
    """`text` quoted for a message: control characters escaped (repr), cut after 80 characters."""
    return repr(text) if len(text) <= 80 else repr(text[:80]) + "..."
