"""The table: where a whole game is played with the mouse.

Every move is a drag. Picking up a marker lights the zones the engine would accept
it on (``targets.drops_for``); dropping on one makes exactly one engine step through
the session (or stages a ship move or a trade good for the voyage or sale the player
then commits with Set sail / Sell); dropping anywhere else slides the marker back
and the status line gives the engine's reason. Free returns come from a right-click
menu, Bank System and Geography from clicking the owned technology, Map from a
prompt. The scene never changes the game itself: it only reads ``session.state``.

Every step is animated (``scenes.animations``) from the states before and after it:
the table draws that *after* state minus the markers in flight into its cached base
picture once, when the film starts, and each frame blits the base and the few moving
markers. A click or a key jumps the film to its end before it acts, so input never
meets a half-drawn table; the "off" speed skips the films altogether. Undo plays the
undone step's film backwards.

Drawing is cached: the base picture is redrawn only when what it shows changes (a
step, a pick-up, the status line), never for the pointer; hover glows, the log panel,
tooltips and the marker in the hand are blitted over it each frame.
"""

from __future__ import annotations

import time
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import pygame

from game.state import AFTER_MOVE, State
from game.steps import space_str
from scenes import anim, animations, art
from scenes import palette as P
from scenes import table_text as _table_text  # noqa: F401  (registers the words)
from scenes.computer import ComputerSeats, hint_step, step_zones
from scenes.layout import Layout, table_layout
from scenes.logpanel import LogPanel
from scenes.narrate import narrate
from scenes.overlays import Confirm, ContextMenu, Handoff, PauseMenu
from scenes.scene import Scene, go_to
from scenes.session import Outcome, Session
from scenes.tabledraw import BUTTONS, TableView, draw_table
from scenes.targets import (
    Drop,
    Piece,
    Staging,
    drops_for,
    explain,
    intended,
    sale_preview,
    shown_state,
    staged_arrivals,
)
from scenes.text import t
from scenes.tooltips import DELAY, place_tooltip, tooltip_image, tooltip_lines

BUTTON_ZONES = ("button_sail", "button_sell", "button_done", "button_undo", "button_end_turn",
                "button_rules", "button_hint", "button_menu")
HELD_SIZE = 46
SLIDE_SECONDS = 0.25
# How long a computer waits between its steps, by animation speed (1.0 = normal).
ANIM_PACE = {"off": 0.0, "fast": 0.5, "normal": 1.0, "slow": 1.6}


@dataclass
class Held:
    """The marker in the player's hand."""

    piece: Piece
    origin: tuple[int, int]
    pos: tuple[int, int]
    drops: dict[str, Drop]
    image: pygame.Surface


@dataclass
class Slide:
    """A marker sliding back to where it was picked up."""

    image: pygame.Surface
    start: tuple[int, int]
    end: tuple[int, int]
    tween: anim.Tween


class TableScene(Scene):
    """A game in progress at one table (hot-seat)."""

    def __init__(self, session: Session, layout: Layout | None = None,
                 handoff_first: bool = False) -> None:
        super().__init__()
        self.session = session
        self.layout = layout or table_layout()
        self.staging = Staging()
        self.held: Held | None = None
        self.slides: list[Slide] = []
        self.geography: list[tuple[str, int, int]] | None = None
        self.view = TableView(show_log=False)
        unfolded = self.layout.rect("log_open") if self.layout.has("log_open") else None
        self.logpanel = LogPanel(self.layout.rect("log"), unfolded or self.layout.rect("log"))
        self.logpanel.sync(session)
        #: Films of the last steps, the first one playing (see ``scenes.animations``).
        self.anims: list[animations.Animation] = []
        #: The button or drop zone under the pointer (drawn lit over the base picture).
        self.hover: str | None = None
        self.pointer: tuple[int, int] = (-100, -100)
        self.rest = 0.0  # seconds the pointer has stayed still (tooltips)
        self._tip: tuple[tuple, tuple[str, ...] | None] | None = None
        self.pressed: str | None = None
        self.handoff_first = handoff_first
        #: The computer seats' players, thinking off the main loop (``scenes.computer``).
        self.computers = ComputerSeats(session.seats, seed=session.tag_seed())
        self._base: pygame.Surface | None = None
        self._base_key: tuple | None = None
        self.refresh_status()

    # ----- reading -------------------------------------------------------------------
    @property
    def state(self) -> State:
        return self.session.state

    @property
    def palette(self) -> str:
        return self.app.settings.palette if self.app is not None else "classic"

    @property
    def anim_speed(self) -> str:
        return self.app.settings.anim_speed if self.app is not None else "normal"

    @property
    def log(self) -> list[tuple[int, str, str]]:
        """(index of the step in the record, sentence, notation), oldest first."""
        return [(line.index, line.text, line.notation) for line in self.logpanel.lines]

    def enter(self) -> None:
        self.view.palette = self.logpanel.palette = self.palette
        if self.session.over:
            self.to_scoring()

    def resume(self) -> None:
        self.view.palette = self.logpanel.palette = self.palette
        self._base_key = None
        for film in self.anims:
            film.palette = self.palette

    # ----- status line ---------------------------------------------------------------
    def say(self, key: str, **values: object) -> None:
        self.view.status = t(key, **values)

    def refresh_status(self) -> None:
        """The standing hint for the player to move."""
        st = self.state
        name = st.names[st.active]
        if st.over:
            self.say("status.game_over")
        elif not self.session.human_to_move:
            kind = self.session.seat_kind(st.active)
            self.say("status.computer", name=name, level=t(f"level.{kind}"))
        elif st.phase == AFTER_MOVE:
            arch = st.has_tech(st.active, "architecture")
            self.say("status.after_move.arch" if arch else "status.after_move")
        elif st.ap:
            self.say("status.your_turn", name=name, ap=st.ap)
        else:
            self.say("status.no_ap", name=name)

    def _staging_status(self) -> None:
        if self.staging.moves:
            self.say("status.voyage", n=len(self.staging.moves))
        elif self.staging.sale:
            preview = sale_preview(self.state, self.staging)
            assert preview is not None
            types, wealth, vp = preview
            self.say("status.sale", n=len(self.staging.sale), types=types, wealth=wealth, vp=vp)
        else:
            self.refresh_status()

    # ----- finding pieces -----------------------------------------------------------------
    def piece_at(self, pos: tuple[int, int]) -> Piece | None:
        """The active player's marker under the pointer that can be picked up, if any."""
        st = self.state
        seat = st.active
        staging = self.staging
        shown = shown_state(st, staging)
        zones = self.layout.zones_at(pos)
        over_a_lisboa_row = any(z.startswith("lisboa_") for z in zones)
        for zone in zones:
            parts = zone.split("_")
            where = parts[0]
            if where == "stock" and int(parts[1]) == seat and shown.stock[seat]:
                return ("stock", seat)
            if where == "lisboa" and shown.lisboa[seat] and (
                    zone == f"lisboa_{seat}" or (zone == "lisboa" and not over_a_lisboa_row)):
                return ("lisboa", seat)
            if where in ("ship", "sea"):
                if where == "ship" and int(parts[2]) != seat:
                    continue
                sea = int(parts[1])
                departures = sum(1 for m in staging.moves if m[0] == sea)
                if st.ships_at(seat, sea) - departures > 0:
                    return ("ship", seat, sea)
                arrivals = staged_arrivals(staging, sea)
                if arrivals:
                    return ("staged", arrivals[-1])
            if where in ("goods", "building") and len(parts) == 3:
                p, k = int(parts[1]), int(parts[2])
                mine = st.good_owner(p, k) == seat and ("g", p, k) not in staging.sale
                if where == "goods" and mine:
                    return ("good", p, k)
                if where == "building" and st.building_owner(p, k) == seat:
                    return ("building", p, k)
            if where == "speed" and int(parts[1]) == seat and int(parts[2]) == st.speed[seat]:
                return ("builder", seat)
            scientist = where in ("scientist", "scientists") and int(parts[1]) == seat
            if scientist and st.scientists_home(seat):
                return ("scientist", seat)
        return None

    # ----- input ----------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.on_motion(event.pos)
            return True
        if event.type == pygame.MOUSEWHEEL:
            if self.logpanel.contains(self.pointer):
                self.logpanel.wheel(event.y)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN:
            if event.button in (4, 5):  # an old-style wheel
                return True
            self.skip_animations()  # input never meets a half-played step
            self.rest = 0.0
            if self.logpanel.contains(event.pos) and event.button == 1:
                if not self.logpanel.click(event.pos) and not self.logpanel.unfolded:
                    self.on_press(event.pos)  # the Rules / Menu buttons under the log
                return True
            if event.button == 1:
                self.on_press(event.pos)
            elif event.button == 3:
                self.on_right_click(event.pos)
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.on_release(event.pos)
            return True
        if event.type == pygame.KEYDOWN:
            self.skip_animations()
            return self.on_key(event)
        return False

    def on_motion(self, pos: tuple[int, int]) -> None:
        if pos != self.pointer:
            self.rest = 0.0
        self.pointer = pos
        if self.held is not None:
            self.held.pos = pos
            self.hover = self.layout.zone_at(pos, set(self.held.drops))
        elif self.logpanel.unfolded and self.logpanel.contains(pos):
            self.hover = None
        else:
            self.hover = self.layout.zone_at(pos, set(BUTTON_ZONES))

    def on_press(self, pos: tuple[int, int]) -> None:
        self.finish_slides()
        if self.view.lit and self.held is None and self.geography is None:
            self.view.lit = set()  # a hint shown stays until the next click
            self._base_key = None
        zone = self.layout.zone_at(pos)
        self.pressed = zone
        if zone in BUTTON_ZONES or not self.session.human_to_move:
            return
        if self.geography is not None:
            return  # clicks choose markers; handled on release
        piece = self.piece_at(pos)
        if piece is not None:
            self.pick(piece, pos)

    def on_release(self, pos: tuple[int, int]) -> None:
        pressed, self.pressed = self.pressed, None
        if self.held is not None:
            self.drop(pos)
            return
        zone = self.layout.zone_at(pos)
        if zone is None or zone != pressed:
            return
        if zone in BUTTON_ZONES:
            self.press_button(zone)
        elif self.session.human_to_move:
            self.click_zone(zone)

    def on_key(self, event: pygame.event.Event) -> bool:
        ctrl = event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META)
        if event.key == pygame.K_z and ctrl:
            self.undo()
        elif event.key == pygame.K_F1 or getattr(event, "unicode", "") == "?":
            self.open_rules()
        elif event.key == pygame.K_h and not ctrl:
            self.show_hint()
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.confirm_key()
        elif event.key == pygame.K_ESCAPE:
            if self.held is not None:
                self.cancel_drag()
            elif self.geography is not None:
                self.geography = None
                self.view.lit = set()
                self.refresh_status()
            elif self.logpanel.unfolded:
                self.logpanel.unfolded = False
            else:
                self.open_menu()
        else:
            return False
        return True

    def confirm_key(self) -> None:
        if self.geography is not None:
            self.commit_geography()
        elif self.staging.moves:
            self.press_button("button_sail")
        elif self.staging.sale:
            self.press_button("button_sell")
        elif self.state.phase == AFTER_MOVE:
            self.press_button("button_done")

    # ----- drag and drop -----------------------------------------------------------
    def pick(self, piece: Piece, pos: tuple[int, int]) -> None:
        drops = drops_for(self.state, piece, self.staging)
        seat = self.state.active
        image = art.marker(seat, HELD_SIZE, self.palette)
        self.held = Held(piece, pos, pos, drops, image)
        self.view.lit = set(drops)
        self.say("status.pick" if drops else "status.pick.none")

    def cancel_drag(self) -> None:
        held, self.held = self.held, None
        if held is not None:
            self.slide_back(held, held.pos)
        self.view.lit = set()
        self._staging_status()

    def drop(self, pos: tuple[int, int]) -> None:
        held, self.held = self.held, None
        assert held is not None
        self.view.lit = set()
        self.hover = None
        zone = self.layout.zone_at(pos, set(held.drops))
        if zone is not None:
            self.perform(held.drops[zone])
            return
        self.slide_back(held, pos)
        reason = self.refusal_at(held.piece, pos, held.origin)
        if reason is None:
            self._staging_status()  # dropped back where it was: nothing to say
        elif reason == "nowhere":
            self.say("status.nowhere")
        elif reason == "staging":
            self.say("status.staging")
        else:
            self.say("status.refused", reason=reason)

    def refusal_at(self, piece: Piece, pos: tuple[int, int],
                   origin: tuple[int, int]) -> str | None:
        """Why the drop at ``pos`` was refused, in the engine's words (None: the marker
        was put back where it was picked up, which needs no explanation)."""
        st = self.state
        here = self.layout.zones_at(pos)
        for zone in here:
            if intended(st, piece, zone, self.staging) is not None:
                return explain(st, piece, zone, self.staging)
        if here and here[0] in self.layout.zones_at(origin):
            return None
        return "nowhere"

    def slide_back(self, held: Held, pos: tuple[int, int]) -> None:
        tween = anim.Tween(0.0, 1.0, SLIDE_SECONDS, anim.ease_out_quad)
        self.slides.append(Slide(held.image, pos, held.origin, tween))

    def finish_slides(self) -> None:
        self.slides.clear()

    def perform(self, drop: Drop) -> None:
        if drop.step is not None:
            self.submit(drop.step)
        elif drop.stage_move is not None:
            if drop.replace is None:
                self.staging.moves.append(drop.stage_move)
            else:
                self.staging.moves[drop.replace] = drop.stage_move
            self._staging_status()
        elif drop.stage_good is not None:
            self.staging.sale.append(drop.stage_good)
            self._staging_status()
        self._base_key = None

    # ----- steps through the session ---------------------------------------------------
    def submit(self, step: str) -> Outcome:
        outcome = self.session.submit(step)
        if not outcome.ok:
            self.say("status.refused", reason=outcome.reason)
            return outcome
        self.after_step(outcome)
        return outcome

    def after_step(self, outcome: Outcome) -> None:
        before, after = outcome.before, outcome.after
        assert before is not None and after is not None
        self.logpanel.sync(self.session)
        self.play(animations.build(before, outcome.step, after, self.layout, self.anim_speed,
                                   self.palette))
        self._base_key = None
        if after.over:
            self.to_scoring()
            return
        self.refresh_status()
        kind = outcome.step.split()[0]
        if self.computers.plays(before.active):
            self.computers.after_step(outcome.step, ANIM_PACE.get(self.anim_speed, 1.0))
        if kind == "end":
            self.announce_turn()
        elif kind == "move" and self.session.human_to_move:
            self.after_voyage(before, after)

    def after_voyage(self, before: State, after: State) -> None:
        """Offer Map when it applies; close the voyage at once when nothing can follow."""
        seat = after.active
        if after.map_pending and after.wealth[seat] >= 1:
            self.stack_push(Confirm(t("confirm.map"), self._map_answer))
            return
        self.maybe_auto_done()

    def _map_answer(self, yes: bool) -> None:
        if yes:
            self.submit("map")
        self.maybe_auto_done()

    def maybe_auto_done(self) -> None:
        st = self.state
        if st.phase != AFTER_MOVE:
            return
        useful = [s for s in self.session.legal_steps() if s.kind in ("cargo", "map", "build")]
        if not useful:
            self.submit("done")

    def announce_turn(self) -> None:
        """Name the next player, so the mouse changes hands: only between people, as a
        computer needs no announcement and one person alone needs no handoff."""
        st = self.state
        if self.stack is None or not self.session.human_to_move:
            return
        if self.app is not None and not self.app.settings.show_handoff:
            return
        if self.session.seats.count("human") < 2:
            return
        self.stack_push(Handoff(st.active, st.names[st.active], st.final_round, self.palette))

    def stack_push(self, scene: Scene) -> None:
        if self.stack is not None:
            self.stack.push(scene)

    def to_scoring(self) -> None:
        from scenes.scoring import ScoringScene

        if self.stack is not None:
            go_to(self.stack, ScoringScene(self.session))

    # ----- buttons and clicks -----------------------------------------------------------
    def button_states(self) -> dict[str, str]:
        st = self.state
        human = self.session.human_to_move
        staging = self.staging
        acting = human and st.phase != AFTER_MOVE
        return {
            "button_sail": "normal" if human and staging.moves else "disabled",
            "button_sell": "normal" if human and staging.sale else "disabled",
            "button_done": "normal" if human and st.phase == AFTER_MOVE else "disabled",
            "button_undo": ("normal" if human and (not staging.empty or self.session.can_undo())
                            else "disabled"),
            "button_end_turn": "normal" if acting and staging.empty else "disabled",
        }

    def press_button(self, zone: str) -> None:
        if zone == "button_menu":
            self.open_menu()
            return
        if zone == "button_rules":
            self.open_rules()
            return
        if zone == "button_hint":
            self.show_hint()
            return
        if not self.session.human_to_move:
            return
        if zone == "button_sail":
            if not self.staging.moves:
                self.say("status.nothing_staged.sail")
                return
            if self.submit(self.staging.voyage_step()).ok:
                self.staging.clear()
        elif zone == "button_sell":
            if not self.staging.sale:
                self.say("status.nothing_staged.sell")
                return
            if self.submit(self.staging.sale_step()).ok:
                self.staging.clear()
        elif zone == "button_done":
            self.submit("done")
        elif zone == "button_undo":
            self.undo()
        elif zone == "button_end_turn":
            self.end_turn()
        self._base_key = None

    def end_turn(self) -> None:
        if not self.staging.empty:
            self.say("status.staging")
            return
        st = self.state
        confirm = self.app is None or self.app.settings.confirm_end_turn
        if st.ap and st.phase != AFTER_MOVE and confirm and self.stack is not None:
            self.stack_push(Confirm(t("confirm.end_turn", ap=st.ap),
                                    lambda yes: yes and self.submit("end")))
            return
        self.submit("end")

    def undo(self) -> None:
        if self.held is not None:
            self.cancel_drag()
            return
        if self.staging.moves:
            self.staging.moves.pop()
            self.say("status.staged_undone")
        elif self.staging.sale:
            self.staging.sale.pop()
            self.say("status.staged_undone")
        else:
            outcome = self.session.undo()
            if not outcome.ok:
                self.say("status.cannot_undo", reason=outcome.reason)
                return
            self.logpanel.sync(self.session)
            undone, now = outcome.before, outcome.after
            assert undone is not None and now is not None
            film = animations.build(now, outcome.step, undone, self.layout, self.anim_speed,
                                    self.palette)
            self.skip_animations()
            if film is not None:
                self.play(animations.reverse(film, now))
            self.refresh_status()
            self.say("status.undone", step=outcome.step)
        self._base_key = None

    def click_zone(self, zone: str) -> None:
        """A click (press and release on the same zone) that is not a drag."""
        st = self.state
        seat = st.active
        if self.geography is not None:
            if zone == "tech_geography":
                self.commit_geography()
                return
            parts = zone.split("_")
            if parts[0] in ("goods", "building") and len(parts) == 3:
                space = ("g" if parts[0] == "goods" else "b", int(parts[1]), int(parts[2]))
                owners = st.goods if space[0] == "g" else st.buildings
                if owners[(space[1] - 1) * 2 + space[2] - 1] == seat:
                    if space in self.geography:
                        self.geography.remove(space)
                    else:
                        self.geography.append(space)
                    self.say("status.geography", n=len(self.geography))
                    self.view.lit = {f"{'goods' if s[0] == 'g' else 'building'}_{s[1]}_{s[2]}"
                                     for s in self.geography}
                    self._base_key = None
            return
        if zone == "tech_bank-system" and st.has_tech(seat, "bank-system"):
            self.submit("bank")
        elif zone == "tech_map" and st.has_tech(seat, "map") and st.map_pending:
            self.submit("map")
        elif zone == "tech_geography" and st.has_tech(seat, "geography"):
            if not any(s.kind == "geography" for s in self.session.legal_steps()):
                land = [f"{p}{w}{k}" for w, owners in (("g", st.goods), ("b", st.buildings))
                        for i, o in enumerate(owners) if o == seat
                        for p, k in [(i // 2 + 1, i % 2 + 1)]]
                reason = self.session.why_not(" ".join(["geography", *land[:1]]))
                self.say("status.refused", reason=reason or "")
                return
            self.geography = []
            self.say("status.geography", n=0)
        self._base_key = None

    def commit_geography(self) -> None:
        chosen = self.geography or []
        if not chosen:
            self.say("status.geography.none")
            return
        step = " ".join(["geography", *(space_str(s) for s in chosen)])
        self.geography = None
        self.view.lit = set()
        self.submit(step)

    def on_right_click(self, pos: tuple[int, int]) -> None:
        """Free returns (and technology uses) in a menu at the pointer."""
        if self.held is not None or not self.session.human_to_move:
            return
        st = self.state
        seat = st.active
        items: list[tuple[str, str]] = []
        for zone in self.layout.zones_at(pos):
            parts = zone.split("_")
            where = parts[0]
            if where in ("ship", "sea"):
                if where == "ship" and int(parts[2]) != seat:
                    continue
                if st.ships_at(seat, int(parts[1])):
                    items.append((t("menu.return_ship"), f"return {parts[1]}"))
            elif where in ("goods", "building") and len(parts) == 3:
                p, k = int(parts[1]), int(parts[2])
                if where == "goods" and st.good_owner(p, k) == seat:
                    items.append((t("menu.return_good"), f"return {p}g{k}"))
                elif where == "building" and st.building_owner(p, k) == seat:
                    items.append((t("menu.return_building"), f"return {p}b{k}"))
            elif where in ("banker", "bankers") and int(parts[1]) == seat and st.wealth[seat]:
                amount = st.wealth[seat] % 5 or 5
                items.append((t("menu.return_banker", n=amount), "return banker"))
            elif where in ("historian", "historians") and int(parts[1]) == seat and st.vp[seat]:
                amount = st.vp[seat] % 5 or 5
                items.append((t("menu.return_historian", n=amount), "return historian"))
            elif zone == "tech_bank-system" and st.has_tech(seat, "bank-system"):
                items.append((t("menu.bank"), "bank"))
            elif zone == "tech_geography" and st.has_tech(seat, "geography"):
                items.append((t("menu.geography"), "@geography"))
            if items:
                break
        if not items:
            return
        actions = [(label, self._menu_action(step)) for label, step in items]
        self.stack_push(ContextMenu(pos, actions))

    def _menu_action(self, step: str):  # -> Callable[[], None]
        def run() -> None:
            if step == "@geography":
                self.click_zone("tech_geography")
            else:
                self.submit(step)
        return run

    def open_menu(self) -> None:
        from scenes.title import TitleScene

        def save() -> None:
            self.save_record()

        def title() -> None:
            if self.stack is not None:
                go_to(self.stack, TitleScene())

        self.stack_push(PauseMenu([("pause.settings", self.open_settings),
                                   ("pause.rules", self.open_rules), ("pause.save", save),
                                   ("pause.title_screen", title)]))

    def open_settings(self) -> None:
        from scenes.settings import SettingsOverlay

        self.stack_push(SettingsOverlay())

    def open_rules(self) -> None:
        try:
            from scenes.rules import RulesOverlay
        except ImportError:
            return
        self.stack_push(RulesOverlay())

    def save_record(self) -> None:
        try:
            path = save_record(self.session)
        except OSError as exc:
            self.say("status.save_failed", reason=exc.strerror or str(exc))
            return
        self.say("status.saved", file=path.name)

    # ----- animations -----------------------------------------------------------------
    def play(self, film: animations.Animation | None) -> None:
        """Queue a step's film (None: nothing to show); the first in the queue plays."""
        if film is None:
            return
        while len(self.anims) >= 3:  # falling far behind: catch up
            self.anims.pop(0)
        self.anims.append(film)
        self._base_key = None

    def skip_animations(self) -> None:
        """Jump every film to its end (a click or a key does this before it acts)."""
        if self.anims:
            self.anims.clear()
            self._base_key = None

    @property
    def animating(self) -> bool:
        return bool(self.anims)

    def animate(self, dt: float) -> None:
        """Advance the films and the sliding markers (also called by overlays above)."""
        if self.anims:
            film = self.anims[0]
            film.update(dt)
            if film.done:
                self.anims.pop(0)
                self._base_key = None
        for slide in self.slides:
            slide.tween.update(dt)
        self.slides = [s for s in self.slides if not s.tween.done]

    # ----- time and drawing ------------------------------------------------------------
    def update(self, dt: float) -> None:
        # Only the top scene is updated: the announcement waits for any fade to end.
        if self.handoff_first:
            self.handoff_first = False
            self.announce_turn()
        self.animate(dt)
        self.rest += dt
        self.play_computer(dt)

    def play_computer(self, dt: float) -> None:
        """A computer seat's next step, once it has chosen and the last film has played."""
        st = self.state
        if st.over or not self.computers.plays(st.active) or self.held is not None:
            return
        if self.animating:
            return
        step = self.computers.tick(st, dt)
        if step is None:
            kind = self.session.seat_kind(st.active)
            self.say("status.computer", name=st.names[st.active], level=t(f"level.{kind}"))
            return
        self.submit(str(step))

    def show_hint(self) -> None:
        """Light the zones of the step a medium computer player would take now."""
        if not self.session.human_to_move or not self.staging.empty:
            return
        from game.rules import apply

        st = self.state
        step = hint_step(st)
        sentences = narrate(st, step, apply(st, step))
        key, values = sentences[0]
        self.view.lit = step_zones(st, step)
        self.say("status.hint", sentence=t(key, **values))
        self._base_key = None

    def _key(self) -> tuple:
        held = self.held.piece if self.held is not None else None
        film = self.anims[0] if self.anims else None
        return (id(self.state), id(film), tuple(self.staging.moves), tuple(self.staging.sale),
                held, frozenset(self.view.lit), self.view.status, self.view.palette,
                tuple(self.geography or ()), tuple(sorted(self.button_states().items())))

    def draw(self, surface: pygame.Surface) -> None:
        key = self._key()
        if self._base is None or self._base.get_size() != surface.get_size():
            self._base = pygame.Surface(surface.get_size())
            self._base_key = None
        film = self.anims[0] if self.anims else None
        if key != self._base_key:
            self.view.buttons = self.button_states()
            held = self.held.piece if self.held is not None else None
            base_state = film.after if film is not None else self.state
            shown = shown_state(base_state, self.staging, held)
            self.view.hidden = film.hidden if film is not None else Counter()
            self.view.flipping = film.flipping if film is not None else frozenset()
            draw_table(self._base, self.layout, shown, self.view)
            self._draw_staged(self._base)
            self._base_key = key
        surface.blit(self._base, (0, 0))
        if film is not None:
            film.draw(surface, self.layout, film.after)
        self._draw_hover(surface)
        self.logpanel.draw(surface, self.state.turn)
        for slide in self.slides:
            x, y = anim.lerp_point(slide.start, slide.end, slide.tween.value)
            surface.blit(slide.image, slide.image.get_rect(center=(round(x), round(y))))
        if self.held is not None:
            img = self.held.image
            shadow = _held_shadow(img)
            x, y = self.held.pos
            surface.blit(shadow, shadow.get_rect(center=(x + 5, y + 8)))
            surface.blit(img, img.get_rect(center=(x, y)))
        elif self.rest >= DELAY and (self.stack is None or self.stack.top is self):
            self._draw_tooltip(surface)

    def _draw_hover(self, surface: pygame.Surface) -> None:
        """The button under the pointer lit, or the drop zone the held marker is over."""
        zone = self.hover
        if zone is None or not self.layout.has(zone):
            return
        r = self.layout.rect(zone)
        if self.held is not None:
            pygame.draw.rect(surface, P.HIGHLIGHT, r.inflate(6, 6), 4, border_radius=10)
        elif zone in BUTTON_ZONES and self.view.buttons.get(zone, "normal") == "normal":
            label = t(BUTTONS[zone])
            surface.blit(art.button(r.w, r.h, label, "hover"), r)

    def tooltip(self) -> tuple[str, ...] | None:
        """The tooltip's lines for where the pointer rests (None: no tooltip)."""
        key = (self.pointer, id(self.state), tuple(self.staging.moves),
               tuple(self.staging.sale), self.logpanel.unfolded, self.logpanel.scroll,
               self.logpanel.notation)
        if self._tip is None or self._tip[0] != key:
            self._tip = (key, tooltip_lines(self, self.pointer))
        return self._tip[1]

    def _draw_tooltip(self, surface: pygame.Surface) -> None:
        lines = self.tooltip()
        if not lines:
            return
        image = tooltip_image(lines)
        surface.blit(image, place_tooltip(image, self.pointer, surface.get_size()))

    def _draw_staged(self, surface: pygame.Surface) -> None:
        """Staged voyage paths as dotted courses, staged goods with a sale tag."""
        for src, via, dst in self.staging.moves:
            start = self.layout.rect("lisboa").midright if src == 0 and not via else None
            if start is None:
                start = self.layout.rect(f"sea_{via or src}").midtop
            end = self.layout.rect(f"sea_{dst}").midtop
            _dotted(surface, (start[0], start[1] + 14), (end[0], end[1] + 14), P.HIGHLIGHT)
            pygame.draw.circle(surface, P.HIGHLIGHT, (end[0], end[1] + 14), 7)
        for _, p, k in self.staging.sale:
            r = self.layout.rect(f"goods_{p}_{k}")
            pygame.draw.rect(surface, P.HIGHLIGHT, r.inflate(4, 4), 4, border_radius=8)
            coin = art.good_icon("gold", 26)
            surface.blit(coin, coin.get_rect(center=(r.right - 10, r.y + 12)))
        if self.geography:
            for kind, p, k in self.geography:
                name = f"{'goods' if kind == 'g' else 'building'}_{p}_{k}"
                pygame.draw.rect(surface, P.SEA_LIGHT, self.layout.rect(name).inflate(4, 4), 4,
                                 border_radius=8)


def save_record(session: Session) -> Path:
    """Write the game's record into the records folder under a new dated name."""
    from scenes.saves import atomic_write, records_dir

    stamp = time.strftime("%Y-%m-%d-%H%M%S")
    names = "-".join("".join(c for c in n if c.isalnum()) or "player" for n in session.names)
    path = records_dir() / f"{stamp}-{names}.txt"
    n = 1
    while path.exists():
        path = records_dir() / f"{stamp}-{names}-{n}.txt"
        n += 1
    return atomic_write(path, session.record_text())


@lru_cache(maxsize=8)
def _held_shadow(img: pygame.Surface) -> pygame.Surface:
    shadow = img.copy()
    shadow.fill((0, 0, 0, 90), special_flags=pygame.BLEND_RGBA_MULT)
    return shadow


def _dotted(surface: pygame.Surface, a: tuple[int, int], b: tuple[int, int],
            color: tuple[int, int, int], gap: int = 14) -> None:
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = max(1, int((dx * dx + dy * dy) ** 0.5))
    for d in range(0, length, gap):
        k = d / length
        pygame.draw.circle(surface, color, (round(a[0] + dx * k), round(a[1] + dy * k)), 3)


__all__ = ["TableScene", "save_record"]
