"""A loopback port that stays free between the moment it is chosen and the moment a
process listens on it.

A port found by binding port 0 comes from the system's *ephemeral* range, the same range
every outgoing connection's local port and every other bind to port 0 is drawn from. A
server restarted on its old port (its address is its name to the other servers), or a
database told its port before it starts, could find it taken in between on a busy
machine: it happened to the rolling restart's test while the rest of the suite ran
beside it. A port below that range is never handed out by the system, so only a
process that asks for that very number can take it.
"""

from __future__ import annotations

import random
import socket
from pathlib import Path

__all__ = ["quiet_port"]

#: The lowest port tried: above the well-known and most registered services' ports.
LOWEST = 20_000
_RANGE = Path("/proc/sys/net/ipv4/ip_local_port_range")


def _ephemeral_low() -> int:
    """The first port of the system's ephemeral range (Linux's default where unknown)."""
    try:
        return int(_RANGE.read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return 32_768


def _bindable(port: int) -> bool:
    with socket.socket() as probe:
        try:
            probe.bind(("127.0.0.1", port))
        except OSError:
            return False
        return True


def quiet_port(rng: random.Random | None = None, tries: int = 200) -> int:
    """A free port on 127.0.0.1 below the ephemeral range; a port from that range (a bind
    to port 0) if none of ``tries`` random ones below it is free."""
    draw = rng or random.SystemRandom()
    top = _ephemeral_low() - 1
    if top > LOWEST:
        for _ in range(tries):
            port = draw.randint(LOWEST, top)
            if _bindable(port):
                return port
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])
