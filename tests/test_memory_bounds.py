"""What a long session keeps is bounded: fonts opened at every size a window asked
for, and the C library's freed memory (the RSS figure itself is the benchmark's:
``python -m scenes.devtools --monkey 12000 --seed 31 --players 3 --rss-at 2000,12000``)."""

from __future__ import annotations

import pygame

from scenes.core import gfx, memory
from scenes.text import fonts


def test_fonts_at_many_sizes_are_bounded(app) -> None:
    for size in range(8, 8 + 3 * fonts.FONTS_KEPT):
        fonts.font("text", size)
    assert len(fonts._fonts) == fonts.FONTS_KEPT
    newest = fonts.font("text", 8 + 3 * fonts.FONTS_KEPT - 1)
    assert fonts.font("text", 8 + 3 * fonts.FONTS_KEPT - 1) is newest, "kept while in use"
    assert isinstance(newest, pygame.font.Font)


def test_the_memory_settings_are_safe_everywhere() -> None:
    took = memory.limit_arenas()
    memory.give_back()
    if memory._glibc() is not None:
        assert took, "glibc takes the arena limit"
    else:
        assert not took, "elsewhere: nothing to tune, and no harm done"


def test_freed_memory_is_handed_back_after_a_change_of_scale(app) -> None:
    assert memory.give_back in gfx._rescale_hooks
    assert gfx._rescale_hooks.index(memory.give_back) > 0, "after the caches are emptied"
