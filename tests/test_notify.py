"""Desktop notifications never hold the game up: sent off the main thread, a service
that fails or is missing is a silent no-op (no error, no hang), and the real library
with no D-Bus session to talk to is one too."""

from __future__ import annotations

import asyncio
import threading

import pytest

from scenes.core.notify import Notifier, service_likely

pytestmark = pytest.mark.timeout(60)


def test_a_notification_is_sent_off_the_main_thread() -> None:
    seen: list[tuple[str, str, str]] = []

    def sender():
        async def send(title: str, body: str) -> None:
            seen.append((title, body, threading.current_thread().name))
        return send

    notifier = Notifier("test", sender=sender, available=lambda: True)
    notifier.notify("Your turn, Bob", "At the table with Ann, Bob, Cy.")
    assert notifier.idle.wait(10)
    assert seen == [("Your turn, Bob", "At the table with Ann, Bob, Cy.", "notifications")]
    assert notifier.sent == 1 and not notifier.broken
    notifier.close()


def test_a_failing_or_silent_service_is_a_no_op() -> None:
    def failing():
        async def send(title: str, body: str) -> None:
            raise OSError("no notification service")
        return send

    notifier = Notifier("test", sender=failing, available=lambda: True)
    notifier.notify("a", "b")
    assert notifier.idle.wait(10)
    assert notifier.broken and notifier.sent == 0
    notifier.notify("c", "d")  # nothing tried again, nothing raised
    notifier.close()


def test_a_service_that_never_answers_is_let_go(monkeypatch) -> None:
    monkeypatch.setattr("scenes.core.notify.SEND_TIMEOUT", 0.2)

    def hanging():
        async def send(title: str, body: str) -> None:
            await asyncio.sleep(3600)
        return send

    notifier = Notifier("test", sender=hanging, available=lambda: True)
    notifier.notify("a", "b")  # returns at once
    assert notifier.idle.wait(10)
    assert notifier.broken
    notifier.close()


def test_no_service_at_all_starts_nothing() -> None:
    notifier = Notifier("test", sender=lambda: pytest.fail("not asked"),
                        available=lambda: False)
    notifier.notify("a", "b")
    assert notifier.broken and notifier._thread is None


def test_the_real_library_without_a_dbus_session_is_silent(monkeypatch, tmp_path) -> None:
    monkeypatch.setenv("DBUS_SESSION_BUS_ADDRESS", f"unix:path={tmp_path / 'no-bus'}")
    assert service_likely()
    notifier = Notifier("Sail to India")
    notifier.notify("Your turn, Bob", "At the table with Ann, Bob, Cy.")
    assert notifier.idle.wait(15)
    assert notifier.broken and notifier.sent == 0
    notifier.close()


def test_the_setting_turns_notifications_off_and_is_saved(app, hand) -> None:
    from scenes.core.navigator import Screen
    from scenes.core.saves import load_settings
    from scenes.screens.settings import SettingsOverlay

    assert app.settings.notify_turns
    app.navigator.start(Screen.TITLE)
    app.navigator.open(Screen.SETTINGS)
    hand.frames(2)
    settings = hand.top()
    assert isinstance(settings, SettingsOverlay)
    hand.click(settings.notify.rect.center)
    assert app.settings.notify_turns is False
    assert load_settings()[0].notify_turns is False
