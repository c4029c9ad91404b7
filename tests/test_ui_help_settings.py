"""Help at hand and settings that last: the rules overlay, tooltips, the settings overlay
(saved and reloaded, and obeyed by the table), and the frame benchmark's last line."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pygame
from tablehelp import TOWNS, table_at

from game.cards import CARDS
from game.state import State
from scenes.core.app import App
from scenes.core.saves import Settings, load_settings, save_settings, settings_path
from scenes.screens.rules import PAGES, RulesOverlay, lay_out_page, page_blocks, render_page
from scenes.screens.settings import SettingsOverlay
from scenes.screens.title import TitleScene
from scenes.selftest.gestures import Hand
from scenes.table.tooltips import board_lines, tech_lines, town_lines
from scenes.text.catalog import ENGLISH
from scenes.ui.overlays import Confirm, Handoff, PauseMenu


# ----- rules --------------------------------------------------------------------------
def test_f1_opens_the_rules_and_esc_closes_them(app: App) -> None:
    hand = table_at(app, [])
    hand.key(pygame.K_F1)
    rules = hand.top()
    assert isinstance(rules, RulesOverlay) and rules.page == "turn"
    hand.key(pygame.K_RIGHT)
    assert rules.page == "actions"
    hand.key(pygame.K_4)
    assert rules.page == "techs" and rules.max_scroll() > 0
    hand.key(pygame.K_DOWN)
    assert rules.scroll == 60
    hand.key(pygame.K_ESCAPE)
    assert hand.top() is hand.table
    hand.click(hand.at("button_rules"))
    assert isinstance(hand.top(), RulesOverlay)
    hand.key(pygame.K_F1)
    assert hand.top() is hand.table


def test_the_rules_draw_only_what_is_in_view_and_keep_no_page_sized_picture(app: App) -> None:
    """A page is laid out as pieces and only those in view are drawn, cut at the view's
    edges: what shows inside the view is the page drawn whole and scrolled (to the
    alpha blending's rounding), nothing is drawn outside it, and the overlay holds no
    picture of a whole page (36 MB each at 4K and 150 %)."""
    from scenes.core import gfx

    hand = table_at(app, [])
    hand.key(pygame.K_F1)
    rules = hand.top()
    assert isinstance(rules, RulesOverlay)
    body = rules.body
    for page in ("techs", "keys"):
        rules.show(page)
        laid = lay_out_page(page)
        whole = render_page(page)
        assert laid.height == whole.get_height() > body.h
        for scroll in (0, 37, rules.max_scroll()):
            rules.scroll = scroll
            canvas = gfx.surface(app.canvas.get_size(), alpha=False)
            canvas.fill((255, 0, 255))
            laid.draw(canvas, scroll, body)
            ref = gfx.surface(app.canvas.get_size(), alpha=False)
            ref.fill((255, 0, 255))
            ref.blit(whole, body.topleft, pygame.Rect(0, scroll, body.w, body.h))
            real = gfx.real_rect(body)
            outside = canvas.surface.copy()
            outside.fill((255, 0, 255), real)
            assert pygame.mask.from_threshold(outside, (255, 0, 255), (1, 1, 1, 255)).count() \
                == outside.get_width() * outside.get_height(), (page, scroll)
            a = pygame.image.tobytes(canvas.surface.subsurface(real), "RGB")
            b = pygame.image.tobytes(ref.surface.subsurface(real), "RGB")
            differ = sum(1 for x, y in zip(a, b, strict=True) if abs(x - y) > 40)
            assert differ < len(a) // 500, (page, scroll, differ)
    laid = rules.laid_out()
    assert laid.height > body.h
    assert max(img.get_height() for img, _, _ in laid.pieces) < body.h / 2
    assert not any(isinstance(v, (pygame.Surface, gfx.Canvas)) for v in vars(rules).values())


def test_the_rules_cover_what_the_issue_lists() -> None:
    text = {page: " ".join(str(v) for _, v in page_blocks(page)) for page in PAGES}
    assert "2 action points" in text["turn"]
    for action in ("Employ", "Ship speed", "Technology", "Build", "Sell", "Move ships"):
        assert action in text["actions"]
    assert "('6', '+6', '+4')" in text["trading"] and "Church" in text["trading"]
    assert all(ENGLISH[f"tech.{tech.id}"] in text["techs"] for tech in CARDS.techs)
    assert "India is discovered" in text["end"] and "empty stock" in text["end"]


# ----- tooltips --------------------------------------------------------------------------
def start() -> State:
    return State.start(["Ann", "Bob", "Cy"], TOWNS)


def test_tooltip_of_a_technology() -> None:
    st = start()
    assert tech_lines(st, "bank-system") == (
        "Bank System", "Technology card II, cost 3",
        "Once per turn, free: pay 2 wealth for 1 VP.",
        "Nobody owns it yet: drag a scientist here (or click one, then this card) to "
        "acquire it.")
    from game.rules import apply_text

    st = apply_text(apply_text(st, "tech metallurgy"), "tech map")
    lines = tech_lines(st, "map")
    assert lines[-1] == "Owned by Ann." and "pay 1 wealth for +1 VP" in lines[2]
    assert "Ann would pay 2 (Metallurgy)." in tech_lines(st, "factory")


def test_tooltips_of_a_town_and_a_board() -> None:
    st = start()
    assert town_lines(st, 1)[:2] == ("Town at 1", "Gold: nobody")
    assert "Face down" in town_lines(st, 4)[1] and "next town" in town_lines(st, 4)[2]
    assert town_lines(st, 9)[0] == "India, at 9"
    board = board_lines(st, 2)
    assert board[0] == "Cy" and board[1] == "Wealth 3 (bankers 3)"
    assert "Stock 7 · Lisboa 1" in board[3]


def test_tooltip_of_a_button_after_resting_there(app: App) -> None:
    hand = table_at(app, [])
    hand.post(pygame.MOUSEMOTION, hand.at("button_undo"))
    hand.frames(2)
    assert hand.table.viewer.rest < 0.45
    hand.frames(20)
    assert hand.table.tooltip() == ("Undo", "Not now: nothing to undo this turn.",
                                    "Key: U or Ctrl+Z.")
    hand.post(pygame.MOUSEMOTION, hand.at("tech_factory"))
    hand.frames(20)
    tip = hand.table.tooltip()
    assert tip is not None and tip[0] == "Factory"


# ----- settings --------------------------------------------------------------------------
def test_settings_are_saved_and_reloaded() -> None:
    settings = Settings(anim_speed="slow", confirm_end_turn=False, show_handoff=False,
                        palette="colorblind", window="1280x720", fullscreen=True)
    save_settings(settings)
    loaded, message = load_settings()
    assert message is None and loaded == settings and loaded.window_size == (1280, 720)
    settings_path().write_text('{"anim_speed": "warp", "window": "big"}', "utf-8")
    loaded, _ = load_settings()
    assert loaded.anim_speed == "normal" and loaded.window_size is None


def test_the_settings_overlay_changes_and_saves(app: App) -> None:
    hand = table_at(app, [])
    hand.key(pygame.K_ESCAPE)
    menu = hand.top()
    assert isinstance(menu, PauseMenu)
    settings_button = next(b for b in menu.buttons if b.label == "pause.settings")
    hand.click(settings_button.rect.center)
    overlay = hand.top()
    assert isinstance(overlay, SettingsOverlay)
    hand.click(overlay.speed.segment(0).center)          # animations off
    hand.click(overlay.confirm.rect.move(4, 0).midleft)   # no question at End turn
    hand.click(overlay.handoff.rect.move(4, 0).midleft)   # no hand-over screen
    hand.click(overlay.palette.rect.move(4, 0).midleft)   # colour-blind palette
    saved, _ = load_settings()
    assert (saved.anim_speed, saved.confirm_end_turn, saved.show_handoff, saved.palette) == (
        "off", False, False, "colorblind")
    hand.click(overlay.close_button.rect.center)
    table = hand.table
    assert hand.top() is table and table.view.palette == "colorblind"
    hand.drag(hand.at("stock_0"), hand.at("lisboa"))
    assert not table.animating
    hand.click(hand.at("button_end_turn"))
    assert not isinstance(hand.top(), Confirm | Handoff)
    assert table.session.steps == ["employ", "end"] and hand.top() is table


def test_the_title_opens_the_settings(app: App) -> None:
    title = TitleScene()
    app.start(title)
    hand = Hand(app)
    hand.click(title.settings_button.rect.center)
    assert isinstance(app.stack.top, SettingsOverlay)
    hand.key(pygame.K_ESCAPE)
    assert app.stack.top is title


# ----- the frame budget -----------------------------------------------------------------
def test_bench_frames_prints_its_line_last(tmp_path: Path) -> None:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SAIL_TO_INDIA_HOME": str(tmp_path)}
    root = Path(__file__).resolve().parent.parent
    done = subprocess.run([sys.executable, "-m", "scenes.devtools", "--bench-frames", "40"],
                          cwd=root, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    last = done.stdout.strip().splitlines()[-1]
    words = last.split()
    assert words[:3] == ["frame", "ms:", "median"] and words[4] == "p99"
    assert float(words[3]) > 0 and float(words[5]) >= float(words[3])
    assert "marker in hand: yes" in done.stdout
    assert not (tmp_path / "settings.json").exists(), "the bench saves nothing"
