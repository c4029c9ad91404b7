"""A burst of confetti: the winner's moment at the end of a game.

Paper flakes in the players' colours and brass, thrown up from a point and falling
with a little drag and spin, for a few seconds. Time comes only from ``update(dt)``
and the flakes from a seeded generator, so a test sees the same burst every time.
Nothing is thrown with animations off (``Confetti.burst`` is then not called).
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from scenes.core import gfx
from scenes.core.gfx import draw
from scenes.ui import palette as P

GRAVITY = 900.0      # logical units per second squared
DRAG = 0.9           # the share of speed kept each second
LIFE = 3.2           # seconds a flake lives
FADE = 0.8           # its last seconds, fading


@dataclass
class Flake:
    x: float
    y: float
    vx: float
    vy: float
    spin: float
    angle: float
    color: P.RGB
    size: float
    age: float = 0.0


class Confetti:
    """The flakes in the air."""

    def __init__(self, seed: int = 7) -> None:
        self.rng = random.Random(seed)
        self.flakes: list[Flake] = []

    @property
    def flying(self) -> bool:
        return bool(self.flakes)

    def burst(self, at: tuple[float, float], colors: list[P.RGB], count: int = 90,
              spread: float = 420.0) -> None:
        """``count`` flakes thrown up and out from ``at``."""
        for _ in range(count):
            angle = self.rng.uniform(-math.pi * 0.9, -math.pi * 0.1)
            speed = self.rng.uniform(0.45, 1.0) * spread * 2
            self.flakes.append(Flake(
                at[0] + self.rng.uniform(-30, 30), at[1], math.cos(angle) * speed,
                math.sin(angle) * speed, self.rng.uniform(-9, 9), self.rng.uniform(0, 6.3),
                self.rng.choice(colors), self.rng.uniform(7, 13)))

    def update(self, dt: float) -> None:
        keep = DRAG ** max(0.0, dt)
        for f in self.flakes:
            f.age += dt
            f.vx *= keep
            f.vy = f.vy * keep + GRAVITY * dt
            f.x += f.vx * dt
            f.y += f.vy * dt
            f.angle += f.spin * dt
        self.flakes = [f for f in self.flakes if f.age < LIFE and f.y < 1200]

    def draw(self, surface: gfx.Canvas) -> None:
        for f in self.flakes:
            fade = min(1.0, (LIFE - f.age) / FADE)  # at its end a flake dwindles away
            w = (f.size * abs(math.cos(f.angle)) + 2) * fade  # (turning in the air)
            h = f.size * 0.6 * fade
            draw.rect(surface, f.color, (f.x - w / 2, f.y - h / 2, w, h))


__all__ = ["Confetti", "Flake"]
