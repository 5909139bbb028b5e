"""`--scheduler ADDRESS` is read strictly before Dask sees it (omaha_audit/scheduler_address.py): tcp:// or
tls://, a host name, an IPv4 address or a bracketed IPv6 address, and a port from 1 to 65535; anything else
is an AddressError that says what is wrong (issue 36, S11)."""

from __future__ import annotations

import pytest

from omaha_audit.scheduler_address import AddressError, scheduler_address, scheme_of, shown


@pytest.mark.parametrize(
    ("given", "address"),
    [
        ("tcp://127.0.0.1:8786", "tcp://127.0.0.1:8786"),
        ("127.0.0.1:8786", "tcp://127.0.0.1:8786"),  # (no scheme: tcp, as Dask reads it)
        ("tcp://sched:8786", "tcp://sched:8786"),
        ("tcp://dask_scheduler:1", "tcp://dask_scheduler:1"),  # (a Compose service's name)
        ("tcp://a-1.Example.ORG:65535", "tcp://a-1.Example.ORG:65535"),
        ("tcp://123.example.com:8786", "tcp://123.example.com:8786"),
        ("tcp://[::1]:8786", "tcp://[::1]:8786"),
        ("tcp://[2001:DB8:0:0::1]:8786", "tcp://[2001:db8::1]:8786"),
        ("tls://10.0.0.2:8786", "tls://10.0.0.2:8786"),
        ("tcp://localhost:08786", "tcp://localhost:8786"),
    ],
)
def test_well_formed_addresses(given: str, address: str) -> None:
    assert scheduler_address(given) == address
    assert scheduler_address(address) == address
    assert scheme_of(address) in ("tcp", "tls")


@pytest.mark.parametrize(
    ("given", "reason"),
    [
        ("", "no address"),
        ("bogus", "no port"),
        ("tcp://127.0.0.1", "no port"),
        ("inproc://x", "inproc:// is not supported"),
        ("ucx://127.0.0.1:9", "ucx:// is not supported"),
        ("ws://127.0.0.1:9", "ws:// is not supported"),
        ("TCP://127.0.0.1:9", "TCP:// is not supported"),
        ("\x1b[31m://h:1", "that scheme is not supported"),
        ("tcp://[::1", "bracket is not closed"),
        ("tcp://[::1]", "no port after the IPv6 address"),
        ("tcp://[::1]8786", "no port after the IPv6 address"),
        ("tcp://[nope]:1", "is not an IPv6 address"),
        ("tcp://[fe80::1%eth0]:1", "with a zone"),
        ("tcp://::1:8786", "goes in brackets"),
        ("tcp://::1", "goes in brackets"),
        ("tcp://a:b:1", "more than one ':'"),
        ("tcp://:8786", "no host"),
        ("tcp://h:0", "not a number from 1 to 65535"),
        ("tcp://h:65536", "not a number from 1 to 65535"),
        ("tcp://h:-1", "not a number from 1 to 65535"),
        ("tcp://h:８７８６", "not a number from 1 to 65535"),  # (fullwidth digits)
        ("tcp://h:٣", "not a number from 1 to 65535"),
        ("tcp://h: 1", "not a number from 1 to 65535"),
        ("tcp://256.1.1.1:1", "not an IPv4 address"),
        ("tcp://1.2.3:1", "not an IPv4 address"),
        ("tcp://01.2.3.4:1", "not an IPv4 address"),
        ("tcp://-h:1", "not a host name"),
        ("tcp://a..b:1", "not a host name"),
        ("tcp://h.:1", "not a host name"),
        ("tcp://bücher.de:1", "not a host name"),
        ("tcp://h st:1", "not a host name"),
        ("tcp://" + "a" * 64 + ":1", "not a host name"),
        ("tcp://" + ".".join(["a" * 63] * 4) + ":1", "not a host name"),  # (255 characters)
        ("tcp://h:1/path", "no path, query or user"),
        ("tcp://user@h:1", "no path, query or user"),
        ("tcp://h:1?x", "no path, query or user"),
        ("tcp://tcp://h:1", "no path, query or user"),
        ("tcp://" + "a" * 400 + ":1", "longer than 300 characters"),
    ],
)
def test_malformed_addresses_say_why(given: str, reason: str) -> None:
    with pytest.raises(AddressError) as error:
        scheduler_address(given)
    assert reason in str(error.value)
    assert str(error.value).isprintable()  # (nothing of the text given raw: control characters escaped)


def test_a_shown_address_escapes_control_characters_and_is_cut() -> None:
    assert shown("a\x1b[2Jb\u202e") == "'a\\x1b[2Jb\\u202e'"
    assert shown("x" * 200) == repr("x" * 80) + "..."
