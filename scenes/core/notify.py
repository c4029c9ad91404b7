"""Desktop notifications ("Your turn at ..."), where the system has a service for them.

Why: a player who left the program in the background learns that a table waits for
them even when the window is hidden behind others. The notification goes through
``desktop-notifier`` (D-Bus on Linux, the Notification Center on macOS, WinRT on
Windows), which is asynchronous: it runs on a thread of its own with its own event
loop, so the main thread only puts a title and a sentence in a short queue and never
waits. Where no service answers (no D-Bus session, a bare X server, a library that
cannot be loaded) a notification is a silent no-op: tried once, each send bounded by
``SEND_TIMEOUT``, and after a failure no more are tried this run. Nothing here
touches pygame.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import queue
import sys
import threading
from collections.abc import Awaitable, Callable

#: The longest one send may take (a service that never answers is let go).
SEND_TIMEOUT = 5.0
#: Notifications waiting to be sent at most (more are dropped: the window flashes anyway).
QUEUED = 8

Send = Callable[[str, str], Awaitable[object]]
log = logging.getLogger(__name__)


def service_likely() -> bool:
    """Whether a notification service may be there at all: on Linux, a D-Bus session
    (its address said, or the user's runtime folder's bus); elsewhere, the system's."""
    if not sys.platform.startswith("linux"):
        return True
    if os.environ.get("DBUS_SESSION_BUS_ADDRESS"):
        return True
    runtime = os.environ.get("XDG_RUNTIME_DIR")
    return runtime is not None and runtime != "" and os.path.exists(os.path.join(runtime, "bus"))


def _desktop_sender(app_name: str) -> Send | None:
    """``desktop-notifier``'s send, or None where it cannot be loaded."""
    try:
        from desktop_notifier import DesktopNotifier
    except Exception:  # (not installed, or its backend cannot load)
        return None
    # the library says a failure as a warning with its traceback: the player never
    # reads it (we learn of it below, and notify no more)
    quiet = logging.getLogger("desktop_notifier")
    quiet.addHandler(logging.NullHandler())
    quiet.propagate = False
    notifier = DesktopNotifier(app_name=app_name, app_icon=None)

    async def send(title: str, body: str) -> object:
        dispatched: list[bool] = []
        sent = await notifier.send(title=title, message=body,
                                   on_dispatched=lambda: dispatched.append(True))
        if not dispatched:
            raise OSError("the notification service did not take it")
        return sent

    return send


class Notifier:
    """Sends notifications off the main thread (see the module's docstring)."""

    def __init__(self, app_name: str, sender: Callable[[], Send | None] | None = None,
                 available: Callable[[], bool] = service_likely) -> None:
        self.app_name = app_name
        self._sender = sender or (lambda: _desktop_sender(app_name))
        self._available = available
        self._queue: queue.Queue[tuple[str, str] | None] = queue.Queue(QUEUED)
        self._thread: threading.Thread | None = None
        #: Set once no notification can be sent this run (then each is a no-op).
        self.broken = False
        #: How many were handed to the service (for tests and the curious).
        self.sent = 0
        self.idle = threading.Event()
        self.idle.set()

    def notify(self, title: str, body: str) -> None:
        """Send one notification; returns at once (dropped when none can be sent)."""
        if self.broken:
            return
        if self._thread is None:
            if not self._available():
                self.broken = True
                return
            self._thread = threading.Thread(target=self._run, name="notifications",
                                            daemon=True)
            self._thread.start()
        try:
            self.idle.clear()
            self._queue.put_nowait((title, body))
        except queue.Full:
            pass

    def _run(self) -> None:
        loop = asyncio.new_event_loop()
        try:
            send = self._sender()
        except Exception:  # (a library that fails as it starts)
            send = None
        if send is None:
            self.broken = True
        while True:
            item = self._queue.get()
            if item is None:
                break
            if not self.broken and send is not None:
                try:
                    loop.run_until_complete(asyncio.wait_for(send(*item), SEND_TIMEOUT))
                    self.sent += 1
                except Exception as exc:  # (no service: silent from now on)
                    log.debug("no desktop notification: %r", exc)
                    self.broken = True
            if self._queue.empty():
                self.idle.set()
        with contextlib.suppress(Exception):
            loop.close()

    def close(self) -> None:
        """Let the thread end (never waited for: it is a daemon)."""
        if self._thread is not None:
            with contextlib.suppress(queue.Full):
                self._queue.put_nowait(None)


__all__ = ["SEND_TIMEOUT", "Notifier", "service_likely"]
