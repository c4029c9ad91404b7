"""Sound: the files and the script that makes them, the player, the table's cues, the
settings and the mute key, silence without a device, and audible audio from the smoke run.

What a scene asked to hear is read from ``app.sounds.asked`` (every ``play``, heard or
not), so the table's cues are tested the same with or without an audio device.
"""

from __future__ import annotations

import array
import importlib.util
import json
import math
import os
import subprocess
import sys
import wave
from pathlib import Path

import pygame
import pytest
from tablehelp import table_at

from game.steps import parse_step
from scenes.core.app import App
from scenes.core.audio import AT_ONCE, EFFECTS, IMPORTANCE, MUSIC, Sounds, sound_path
from scenes.core.saves import Settings, load_settings, save_settings, settings_path
from scenes.main import make_app
from scenes.screens.settings import SettingsOverlay
from scenes.screens.setup import SetupScene
from scenes.screens.title import TitleScene
from scenes.selftest.gestures import Hand
from scenes.text.fonts import OVERFLOWS

ROOT = Path(__file__).resolve().parent.parent
SOUNDS = ROOT / "assets" / "sounds"


def samples(path: Path) -> tuple[wave._wave_params, list[float]]:
    with wave.open(str(path)) as w:
        params = w.getparams()
        data = array.array("h", w.readframes(w.getnframes()))
    if sys.byteorder != "little":
        data.byteswap()
    return params, [v / 32768 for v in data]


def make_sounds_module():
    spec = importlib.util.spec_from_file_location("make_sounds", SOUNDS / "make_sounds.py")
    module = importlib.util.module_from_spec(spec)
    assert spec.loader is not None
    spec.loader.exec_module(module)
    return module


# ----- the files ---------------------------------------------------------------------------
def test_every_sound_is_a_small_clean_mono_file() -> None:
    total = 0
    for name in (*EFFECTS, MUSIC):
        path = sound_path(name)
        assert path.is_file(), f"{name}: run assets/sounds/make_sounds.py"
        params, x = samples(path)
        assert (params.nchannels, params.sampwidth, params.framerate) == (1, 2, 22050), name
        seconds = len(x) / 22050
        assert 0.05 < seconds <= (20 if name == MUSIC else 3.5), (name, seconds)
        peak = max(abs(v) for v in x)
        assert 0.2 < peak < 0.7, f"{name}: peak {peak:.2f} (no clipping, not silent)"
        if name == MUSIC:  # a loop: its end runs on into its start without a step
            assert abs(x[-1] - x[0]) < 0.01
        else:  # faded in and out: no click at either end
            assert abs(x[0]) < 0.01 and abs(x[-1]) < 0.01, name
        total += path.stat().st_size
    assert total < 1.5 * 1024 * 1024, f"{total / 1024:.0f} KiB"
    assert set(make_sounds_module().SOUNDS) == {*EFFECTS, MUSIC}
    assert set(IMPORTANCE) == set(EFFECTS)


def test_the_script_makes_the_same_effects_again(tmp_path: Path) -> None:
    """The committed files are the script's output: regenerated, they are identical
    (the music, the slowest to make, is checked by its length and level above)."""
    make = make_sounds_module()
    assert make.main([*EFFECTS, "--out", str(tmp_path)]) == 0
    for name in EFFECTS:
        made = (tmp_path / f"{name}.wav").read_bytes()
        assert made == sound_path(name).read_bytes(), f"{name} differs: regenerate the sounds"


# ----- the player --------------------------------------------------------------------------
def test_levels_follow_the_settings_and_mute() -> None:
    settings = Settings(volume=50, effects_volume=50, music_volume=100)
    sounds = Sounds(settings, live=False)
    assert sounds.effects_level == 0.25 and sounds.music_level == 0.5
    sounds.toggle_mute()
    assert settings.muted and sounds.effects_level == 0 and sounds.music_level == 0
    sounds.play("drop")  # silent, but asked for
    assert sounds.asked["drop"] == 1
    sounds.play_at_once(["reshuffle", "vp", "sail", "flip"])
    assert AT_ONCE == 2 and +sounds.asked == {"drop": 1, "vp": 1, "flip": 1}


def test_without_a_device_the_game_runs_silently(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_device(*args: object, **kwargs: object) -> None:
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", no_device)
    app = make_app()
    assert not app.sounds.live and app.sounds.missing() == []
    hand = table_at(app, [])
    hand.drag(hand.at("stock_0"), hand.at("lisboa"))
    hand.frames(30)
    assert hand.table.session.steps == ["employ"] and app.sounds.asked["pickup"] == 1
    OVERFLOWS.clear()
    app.navigator.open("settings")
    hand.frames(4)
    assert isinstance(app.stack.top, SettingsOverlay) and OVERFLOWS == []


def test_old_settings_load_with_sound_defaults_and_bad_levels_are_refused() -> None:
    settings_path().parent.mkdir(parents=True, exist_ok=True)
    settings_path().write_text(json.dumps({"anim_speed": "fast", "palette": "classic"}), "utf-8")
    loaded, notice = load_settings()
    assert notice is None and loaded.anim_speed == "fast"
    assert (loaded.volume, loaded.effects_volume, loaded.music_volume, loaded.muted) == (
        75, 100, 50, False)
    settings_path().write_text(json.dumps({"volume": 150, "effects_volume": "loud",
                                           "music_volume": True, "muted": 1}), "utf-8")
    loaded, _ = load_settings()
    assert (loaded.volume, loaded.effects_volume, loaded.music_volume, loaded.muted) == (
        75, 100, 50, False)
    save_settings(Settings(volume=25, effects_volume=0, music_volume=100, muted=True))
    loaded, _ = load_settings()
    assert (loaded.volume, loaded.effects_volume, loaded.music_volume, loaded.muted) == (
        25, 0, 100, True)


# ----- the table's cues --------------------------------------------------------------------
def test_a_drag_onto_lisboa_picks_up_drops_and_pays(app: App) -> None:
    hand = table_at(app, [])
    app.sounds.asked.clear()
    hand.drag(hand.at("stock_0"), hand.at("lisboa"))
    hand.frames(45)  # the film: the marker lands, a coin is paid, the bankers shift
    asked = app.sounds.asked
    assert asked["pickup"] == 1 and asked["drop"] == 1, "the drop clicks once, not twice"
    assert asked["coins_pay"] == 1 and asked["reshuffle"] == 1


def test_a_refused_drop_sounds_refused(app: App) -> None:
    hand = table_at(app, [])
    app.sounds.asked.clear()
    hand.drag(hand.at("stock_0"), hand.at("sea_5"))
    assert hand.table.session.steps == []
    assert +app.sounds.asked == {"pickup": 1, "refuse": 1}


def test_a_voyage_that_discovers_a_town_sails_flips_and_rings(app: App) -> None:
    hand = table_at(app, ["employ", "end", "end", "end", "move L-1", "done", "move 1-2", "done",
                          "end", "end", "end", "move 2-3", "done", "end", "end", "end"])
    app.sounds.asked.clear()
    hand.drag(hand.at("ship_3_0"), hand.at("sea_4"))
    hand.click(hand.at("button_sail"))
    table = hand.table
    assert table.state.revealed == 4 and table.state.vp[0] == 1
    order = []
    for _ in range(90):
        hand.frames(1)
        order += [n for n in ("sail", "flip", "vp") if app.sounds.asked[n] and n not in order]
    assert order == ["sail", "flip", "vp"], "heard as the film shows them"
    assert app.sounds.asked["reshuffle"] == 1  # the new historian


def test_a_film_clicked_past_still_rings_its_discovery(app: App) -> None:
    hand = table_at(app, ["employ", "end", "end", "end", "move L-1", "done", "move 1-2", "done",
                          "end", "end", "end", "move 2-3", "done", "end", "end", "end"])
    hand.drag(hand.at("ship_3_0"), hand.at("sea_4"))
    hand.click(hand.at("button_sail"))
    app.sounds.asked.clear()
    hand.click((960, 540))  # a click skips the film
    assert not hand.table.animating
    assert app.sounds.asked["vp"] == 1 and app.sounds.asked["flip"] == 1


def test_animations_off_still_sound_and_the_turn_passes(app: App) -> None:
    hand = table_at(app, [], speed="off")
    app.sounds.asked.clear()
    hand.drag(hand.at("stock_0"), hand.at("lisboa"))
    assert app.sounds.asked["coins_pay"] == 1 and app.sounds.asked["drop"] == 1
    app.settings.show_handoff = False
    app.settings.confirm_end_turn = False
    hand.click(hand.at("button_end_turn"))
    assert hand.table.session.steps == ["employ", "end"] and app.sounds.asked["turn"] == 1


def test_the_final_round_and_the_end_sound_and_the_music_stops(app: App) -> None:
    from scenes.selftest.smoke import SCRIPT_TOWNS, scripted_steps

    steps = scripted_steps()
    india = steps.index("move 8-9")
    hand = table_at(app, steps[:india], towns=SCRIPT_TOWNS)
    hand.frames(2)
    assert app.sounds.music_playing or not app.sounds.live
    app.sounds.asked.clear()
    for step in steps[india:]:
        hand.play(step)
    hand.frames(40)
    assert app.sounds.asked["final_round"] == 1 and app.sounds.asked["game_end"] == 1
    assert not app.sounds.music_playing, "the scoring screen is quiet after the cadence"


# ----- the mute key and the settings -------------------------------------------------------
def test_m_mutes_the_table_and_is_remembered(app: App) -> None:
    hand = table_at(app, [])
    hand.key(pygame.K_m)
    assert app.settings.muted and app.sounds.effects_level == 0
    assert hand.table.view.status.startswith("Sound off")
    assert load_settings()[0].muted
    assert not app.sounds.music_playing
    hand.key(pygame.K_m)
    assert not app.settings.muted and not load_settings()[0].muted
    assert app.sounds.music_playing or not app.sounds.live


def test_m_mutes_on_the_title_but_not_in_a_name(app: App) -> None:
    app.start(TitleScene())
    hand = Hand(app)
    hand.key(pygame.K_m)
    assert app.settings.muted
    hand.key(pygame.K_m)
    assert not app.settings.muted
    setup = SetupScene()
    app.start(setup)
    hand.click(setup.names[0].rect.center)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_m, mod=0, unicode="m"))
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="m"))
    hand.frames(2)
    assert not app.settings.muted and setup.names[0].value.endswith("m")


def test_the_settings_set_the_volumes_and_save_them(app: App) -> None:
    title = TitleScene()
    app.start(title)
    hand = Hand(app)
    hand.frames(2)
    hand.click(title.settings_button.rect.center)
    overlay = hand.top()
    assert isinstance(overlay, SettingsOverlay)
    hand.click(overlay.volumes["volume"].segment(1).center)          # 25 %
    hand.click(overlay.volumes["effects_volume"].segment(2).center)  # 50 %
    assert app.sounds.asked["drop"] >= 1, "a changed level is heard at once"
    hand.click(overlay.volumes["music_volume"].segment(0).center)    # no music
    assert app.sounds.effects_level == 0.125 and not app.sounds.music_playing
    hand.key(pygame.K_m)
    assert overlay.mute.value and app.settings.muted
    saved, _ = load_settings()
    assert (saved.volume, saved.effects_volume, saved.music_volume, saved.muted) == (
        25, 50, 0, True)
    hand.click(overlay.mute.rect.move(4, 0).midleft)
    hand.click(overlay.volumes["music_volume"].segment(4).center)    # the music back
    assert not app.settings.muted
    assert app.sounds.music_playing or not app.sounds.live


# ----- audible -----------------------------------------------------------------------------
def test_the_smoke_run_writes_audible_audio_through_the_disk_driver(tmp_path: Path) -> None:
    raw = tmp_path / "out.raw"
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "disk",
           "SDL_DISKAUDIOFILE": str(raw), "SAIL_TO_INDIA_HOME": str(tmp_path / "home")}
    done = subprocess.run([sys.executable, "-m", "scenes", "--smoke"], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert "(no audio device)" not in done.stdout
    data = array.array("h", raw.read_bytes()[: raw.stat().st_size // 2 * 2])
    if sys.byteorder != "little":
        data.byteswap()
    seconds = len(data) / 2 / 22050  # 16-bit stereo at the mixer's 22050 Hz
    assert seconds > 1.0, f"only {seconds:.2f} s of audio"
    rms = math.sqrt(sum(v * v for v in data) / len(data)) / 32768
    assert rms > 0.01, f"RMS {20 * math.log10(rms or 1e-9):.1f} dBFS: nothing audible"
    assert max(abs(v) for v in data) < 32767, "clipped"


def test_a_steps_sounds_are_a_pure_function_of_the_step() -> None:
    from scenes.core.session import Session
    from scenes.table.animations import Cue
    from scenes.table.sounds import step_sounds

    session = Session(["Ann", "Bob", "Cy"], ["T01", "T07", "T12", "T05", "T03", "T09",
                                             "T02", "T11", "T08"])
    before = session.state
    after = session.submit(parse_step("end")).after
    assert after is not None
    assert step_sounds(before, parse_step("end"), after, [], dropped=False, film_length=None) == (
        [], ["turn"])
    cues, now = step_sounds(before, parse_step("end"), after, [Cue(0.0, "drop")], dropped=True,
                            film_length=1.5)
    assert cues == [Cue(1.5, "turn")] and now == [], "the drop clicked already"
