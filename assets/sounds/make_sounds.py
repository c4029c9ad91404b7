"""The game's sounds, made from arithmetic alone: ``python assets/sounds/make_sounds.py``.

Every effect and the music loop is synthesised here with the standard library
(``math``, ``array``, ``random`` with fixed seeds, ``wave``) and written beside this
script as 16-bit mono WAV at 22050 Hz, so every sound is the project's own and can be
made again. Nothing reads a clock and every noise comes from its own seeded generator:
running the script twice writes the same bytes.

The palette is a wooden table and a ship: struck wood for markers (modal synthesis,
a few damped sines at inharmonic ratios, as a struck plank rings), filtered noise for
air, water and paper, inharmonic metal partials for coins and bells, a harmonic tone
through a low-pass for the horn, and additive plucked strings (a lute) for the end
cadence and the music. Every sound gets a short fade in and out (no click at either
end), its DC removed, and is normalised to its own peak level, well below full scale.

``--check`` prints each file's length, peak and loudness instead of writing; ``--out
DIR`` writes elsewhere (the tests regenerate into a temporary folder and compare).
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import wave
from array import array
from collections.abc import Callable, Iterable
from pathlib import Path

RATE = 22050
HERE = Path(__file__).resolve().parent
Signal = array  # of doubles ("d"), one mono sample each, nominally within -1..1

TWO_PI = 2 * math.pi
#: The highest partial any sound may hold, safely below half the sample rate.
CEILING = 9500.0


# ----- building blocks -------------------------------------------------------------------
def count(seconds: float) -> int:
    return max(0, round(seconds * RATE))


def zeros(n: int) -> Signal:
    return array("d", bytes(8 * n))


def add(dst: Signal, src: Signal, at: float = 0.0, gain: float = 1.0) -> None:
    """Mix ``src`` into ``dst`` from ``at`` seconds (what runs past the end is dropped)."""
    start = count(at)
    end = min(len(dst), start + len(src))
    for i in range(start, end):
        dst[i] += src[i - start] * gain


def mode(freq: float, tau: float, seconds: float, amp: float = 1.0) -> Signal:
    """A damped sine, ``amp * exp(-t/tau) * sin(2 pi f t)``: one resonance of a struck
    body. Computed by the two-term recurrence (no sine per sample) and cut off once it
    has decayed below a ten-thousandth."""
    if freq >= CEILING or amp == 0:
        return zeros(0)
    n = min(count(seconds), count(tau * 9.3))
    w = TWO_PI * freq / RATE
    r = math.exp(-1.0 / (tau * RATE))
    c, r2 = 2 * r * math.cos(w), r * r
    out = zeros(n)
    y2, y1 = 0.0, amp * r * math.sin(w)
    if n:
        out[0] = 0.0
    if n > 1:
        out[1] = y1
    for i in range(2, n):
        y = c * y1 - r2 * y2
        out[i] = y
        y2, y1 = y1, y
    if n < count(tau * 9.3):  # cut short while still ringing: fade, or the cut clicks
        fade = min(n, count(0.012))
        for i in range(fade):
            out[n - 1 - i] *= 0.5 - 0.5 * math.cos(math.pi * i / fade)
    return out


def modes(parts: Iterable[tuple[float, float, float]], seconds: float) -> Signal:
    """The sum of damped sines given as (frequency, amplitude, decay time)."""
    out = zeros(count(seconds))
    for freq, amp, tau in parts:
        add(out, mode(freq, tau, seconds, amp))
    return out


def noise(seconds: float, seed: int) -> Signal:
    rng = random.Random(seed)
    return array("d", (rng.uniform(-1.0, 1.0) for _ in range(count(seconds))))


def _coefficients(kind: str, f0: float, q: float) -> tuple[float, ...]:
    """An RBJ-cookbook biquad, normalised (b0, b1, b2, a1, a2)."""
    w0 = TWO_PI * min(f0, RATE * 0.45) / RATE
    cw, alpha = math.cos(w0), math.sin(w0) / (2 * q)
    if kind == "low":
        b = ((1 - cw) / 2, 1 - cw, (1 - cw) / 2)
    elif kind == "high":
        b = ((1 + cw) / 2, -(1 + cw), (1 + cw) / 2)
    else:  # band-pass, 0 dB at the centre
        b = (alpha, 0.0, -alpha)
    a0 = 1 + alpha
    return (b[0] / a0, b[1] / a0, b[2] / a0, -2 * cw / a0, (1 - alpha) / a0)


def filtered(x: Signal, kind: str, f0: float | Callable[[float], float],
             q: float = 0.707) -> Signal:
    """``x`` through a low-, high- or band-pass filter; ``f0`` may be a function of the
    time in seconds (a sweep), its coefficients then renewed every 32 samples."""
    out = zeros(len(x))
    x1 = x2 = y1 = y2 = 0.0
    sweep = callable(f0)
    b0, b1, b2, a1, a2 = _coefficients(kind, f0(0.0) if sweep else f0, q)  # type: ignore[operator]
    for i, v in enumerate(x):
        if sweep and i % 32 == 0:
            b0, b1, b2, a1, a2 = _coefficients(kind, f0(i / RATE), q)  # type: ignore[operator]
        y = b0 * v + b1 * x1 + b2 * x2 - a1 * y1 - a2 * y2
        x2, x1, y2, y1 = x1, v, y1, y
        out[i] = y
    return out


def shaped(x: Signal, points: list[tuple[float, float]]) -> Signal:
    """``x`` times an envelope through (seconds, level) points, eased between them
    (a raised cosine, so no corner is heard); level 0 after the last point."""
    out = zeros(len(x))
    j = 0
    for i, v in enumerate(x):
        t = i / RATE
        while j + 1 < len(points) and points[j + 1][0] <= t:
            j += 1
        if j + 1 >= len(points):
            level = points[-1][1] if t <= points[-1][0] else 0.0
        else:
            (t0, l0), (t1, l1) = points[j], points[j + 1]
            k = (t - t0) / (t1 - t0) if t1 > t0 else 1.0
            k = 0.5 - 0.5 * math.cos(math.pi * min(1.0, max(0.0, k)))
            level = l0 + (l1 - l0) * k
        out[i] = v * level
    return out


def decaying(x: Signal, tau: float, attack: float = 0.002) -> Signal:
    """``x`` under a quick raised-cosine attack and an exponential decay."""
    out = zeros(len(x))
    na = max(1, count(attack))
    r = math.exp(-1.0 / (tau * RATE))
    g = 1.0
    for i, v in enumerate(x):
        a = 0.5 - 0.5 * math.cos(math.pi * i / na) if i < na else 1.0
        out[i] = v * a * g
        g *= r
    return out


def tone(seconds: float, freq: Callable[[float], float],
         harmonics: list[float]) -> Signal:
    """A sustained harmonic tone whose pitch follows ``freq(t)`` (glides, vibrato)."""
    out = zeros(count(seconds))
    phase = 0.0
    for i in range(len(out)):
        f = freq(i / RATE)
        phase = (phase + TWO_PI * f / RATE) % TWO_PI
        s = 0.0
        for h, a in enumerate(harmonics, start=1):
            if a and f * h < CEILING:
                s += a * math.sin(h * phase)
        out[i] = s
    return out


def pluck(freq: float, seconds: float, tau: float = 1.2, bright: float = 1.0,
          amp: float = 1.0, seed: int = 0) -> Signal:
    """A plucked gut string (a lute): harmonics shaped by where it is plucked, each
    decaying faster than the one below, slightly stretched as a real string's are,
    with a breath of noise for the fingertip."""
    parts = []
    for k in range(1, 13):
        f = freq * k * (1 + 0.00035 * k * k)
        a = amp * abs(math.sin(math.pi * k * 0.22)) / k ** (1.35 - 0.25 * bright)
        parts.append((f, a, tau / (1 + 0.55 * (k - 1) / bright)))
    out = modes(parts, seconds)
    pick = decaying(filtered(noise(0.03, seed), "band", freq * 3, 1.2), 0.004)
    add(out, pick, 0.0, 0.05 * amp)
    return decaying(out, 100.0, attack=0.003)


def knock(freqs: list[float], taus: list[float], amps: list[float], seconds: float,
          click: float = 0.3, click_freq: float = 2500.0, seed: int = 1) -> Signal:
    """Struck wood: a few short resonances and the contact click of the strike."""
    out = modes(zip(freqs, amps, taus, strict=True), seconds)
    hit = decaying(filtered(noise(0.02, seed), "band", click_freq, 1.5), 0.003, 0.0005)
    add(out, hit, 0.0, click)
    return out


def coin(base: float, seconds: float, dull: float = 0.0, seed: int = 0) -> Signal:
    """One coin landing: inharmonic metal partials and a second, quieter bounce."""
    rng = random.Random(seed)
    ratios = (1.0, 1.47, 1.98, 2.61, 3.23)
    out = zeros(count(seconds))
    for bounce, (at, gain) in enumerate(((0.0, 1.0), (0.028 + 0.01 * rng.random(), 0.45))):
        parts = []
        for j, ratio in enumerate(ratios):
            f = base * ratio * (1 + 0.004 * rng.uniform(-1, 1))
            a = gain / (1 + j * (1.2 + 2 * dull))
            parts.append((f, a, (0.22 - 0.03 * j) * (1 - 0.5 * dull)))
        strike = modes(parts, seconds - at)
        tick = decaying(filtered(noise(0.01, seed * 7 + bounce), "high", 5000), 0.002, 0.0004)
        add(strike, tick, 0.0, 0.25 * gain)
        add(out, strike, at)
    return out


def bell(freq: float, seconds: float, tau: float = 1.1) -> Signal:
    """A small, soft bell: a warm fundamental, its hum an octave down, and a few
    inharmonic overtones that fade quickly."""
    parts = [(freq * 0.5, 0.18, tau * 1.2), (freq, 1.0, tau), (freq * 2.0, 0.32, tau * 0.6),
             (freq * 2.76, 0.16, tau * 0.35), (freq * 4.07, 0.07, tau * 0.2),
             (freq * 5.43, 0.03, tau * 0.12)]
    return decaying(modes(parts, seconds), 100.0, attack=0.004)


def note(name: str) -> float:
    """The frequency of a note name such as ``"D4"``, ``"C#5"`` or ``"Bb3"``
    (equal temperament, A4 = 440 Hz)."""
    steps = {"C": -9, "D": -7, "E": -5, "F": -4, "G": -2, "A": 0, "B": 2}
    semis = steps[name[0]]
    rest = name[1:]
    while rest and rest[0] in "#b":
        semis += 1 if rest[0] == "#" else -1
        rest = rest[1:]
    return 440.0 * 2 ** ((semis + 12 * (int(rest) - 4)) / 12)


def finish(x: Signal, peak: float, tail: float = 0.01) -> Signal:
    """Ready to write: DC removed, faded in (2 ms) and out (``tail`` s), trimmed where
    it has died away, and normalised so its highest sample is ``peak``."""
    mean = sum(x) / len(x) if len(x) else 0.0
    y = array("d", (v - mean for v in x))
    top = max((abs(v) for v in y), default=0.0)
    last = len(y)
    while last > 1 and abs(y[last - 1]) < top * 0.0008:
        last -= 1
    y = y[: min(len(y), last + count(tail))]
    n_in, n_out = count(0.002), max(1, count(tail))
    for i in range(min(n_in, len(y))):
        y[i] *= i / n_in
    for i in range(min(n_out, len(y))):
        y[len(y) - 1 - i] *= 0.5 - 0.5 * math.cos(math.pi * i / n_out)
    top = max((abs(v) for v in y), default=0.0)
    gain = peak / top if top else 0.0
    return array("d", (v * gain for v in y))


# ----- the effects ----------------------------------------------------------------------
def pickup() -> Signal:
    """A marker lifted off the table: a light, rising wooden tick."""
    out = knock([1050, 1720, 2950], [0.028, 0.018, 0.009], [1.0, 0.5, 0.25], 0.12,
                click=0.35, click_freq=3200, seed=11)
    lift = shaped(filtered(noise(0.07, 12), "band", lambda t: 1800 + 9000 * t, 2.0),
                  [(0.0, 0.0), (0.015, 0.5), (0.07, 0.0)])
    add(out, lift, 0.0, 0.4)
    return finish(out, 0.42)


def drop() -> Signal:
    """A wooden marker set down on a card: a round knock and the paper under it."""
    out = knock([190, 455, 830, 1490], [0.07, 0.045, 0.025, 0.012], [1.0, 0.7, 0.35, 0.15],
                0.25, click=0.5, click_freq=2200, seed=21)
    paper = decaying(filtered(noise(0.06, 22), "band", 3400, 0.9), 0.014, 0.001)
    add(out, paper, 0.0, 0.25)
    return finish(out, 0.5)


def refuse() -> Signal:
    """A drop refused: two soft, falling, muffled knocks ("not there")."""
    out = zeros(count(0.42))
    for at, f, gain in ((0.0, 311.1, 1.0), (0.14, 233.1, 0.85)):
        body = modes([(f, 1.0, 0.09), (f * 2.01, 0.35, 0.05), (f * 3.3, 0.12, 0.03)], 0.26)
        add(out, filtered(decaying(body, 100.0, 0.004), "low", 1400), at, gain)
    return finish(out, 0.42)


def sail() -> Signal:
    """A ship under way: wind filling the sail (a swept band of noise), the hull's
    creak, and water at the bow."""
    seconds = 1.15
    wind = filtered(noise(seconds, 31), "band",
                    lambda t: 380 + 900 * math.sin(math.pi * min(1.0, t / seconds)) ** 1.5,
                    0.9)
    wind = filtered(wind, "low", 2400)  # air, not hiss
    out = shaped(wind, [(0.0, 0.0), (0.4, 1.0), (0.62, 0.85), (seconds, 0.0)])
    # The creak: a slow train of tiny wooden clicks through a resonance, its rate gliding.
    creak = zeros(count(0.5))
    t, rate = 0.0, 34.0
    while t < 0.46:
        add(creak, mode(560 + 260 * t, 0.006, 0.03, 1.0), t)
        t += 1 / rate
        rate += 1.6
    creak = shaped(filtered(creak, "band", 640, 2.5), [(0.0, 0.0), (0.12, 1.0), (0.46, 0.0)])
    add(out, creak, 0.3, 0.9)
    water = filtered(noise(0.6, 32), "band", lambda t: 1900 - 900 * t, 0.7)
    add(out, shaped(water, [(0.0, 0.0), (0.2, 0.5), (0.6, 0.0)]), 0.5, 0.6)
    return finish(out, 0.5, tail=0.05)


def flip() -> Signal:
    """A card turned over: the quick swish of its edge, then its face landing."""
    swish = filtered(noise(0.09, 41), "band", lambda t: 1400 + 38000 * t, 1.3)
    out = zeros(count(0.3))
    add(out, shaped(swish, [(0.0, 0.0), (0.05, 1.0), (0.09, 0.0)]))
    slap = filtered(decaying(noise(0.05, 42), 0.008, 0.0008), "low", 2600)
    add(out, slap, 0.1, 1.1)
    add(out, mode(165, 0.03, 0.15, 0.55), 0.1)
    return finish(out, 0.5)


def coins_gain() -> Signal:
    """Coins gained: three coins dropping into the purse, each a little higher."""
    out = zeros(count(0.75))
    for i, (at, base) in enumerate(((0.0, 2490.0), (0.085, 2790.0), (0.165, 3140.0))):
        add(out, coin(base, 0.55, seed=51 + i), at, 1.0 - 0.12 * i)
    return finish(out, 0.45)


def coins_pay() -> Signal:
    """Coins paid: two duller coins put down on the wood, falling."""
    out = zeros(count(0.5))
    for i, (at, base) in enumerate(((0.0, 2280.0), (0.09, 1960.0))):
        add(out, coin(base, 0.4, dull=0.6, seed=61 + i), at, 1.0 - 0.2 * i)
        add(out, mode(260 - 30 * i, 0.03, 0.12, 0.5), at)
    return finish(out, 0.42)


def vp() -> Signal:
    """Victory points: a soft two-stroke bell, the tonic then its fifth."""
    out = zeros(count(1.9))
    add(out, bell(note("D5"), 1.9, tau=0.55), 0.0, 1.0)
    add(out, bell(note("A5"), 1.75, tau=0.45), 0.12, 0.7)
    return finish(out, 0.42, tail=0.15)


def reshuffle() -> Signal:
    """Bankers or historians moving between their spaces: small wooden slides."""
    out = zeros(count(0.4))
    for i, at in enumerate((0.0, 0.08, 0.17)):
        slide = shaped(filtered(noise(0.05, 71 + i), "band", 2300 - 300 * i, 1.4),
                       [(0.0, 0.0), (0.02, 1.0), (0.05, 0.0)])
        add(out, slide, at, 0.5 * (1 - 0.2 * i))
        tap = knock([620 + 90 * i, 1380 + 120 * i], [0.03, 0.015], [1.0, 0.4], 0.1,
                    click=0.2, seed=74 + i)
        add(out, tap, at + 0.035, 0.6 * (1 - 0.2 * i))
    return finish(out, 0.34)


def turn() -> Signal:
    """The turn passes: two rising notes on a wooden bar (a soft marimba)."""
    out = zeros(count(0.9))
    for at, name, gain in ((0.0, "A4", 0.8), (0.15, "D5", 1.0)):
        f = note(name)
        bar = modes([(f, 1.0, 0.2), (f * 3.93, 0.22, 0.05), (f * 9.2, 0.05, 0.02)], 0.75)
        add(out, decaying(bar, 100.0, 0.003), at, gain)
    return finish(out, 0.4, tail=0.08)


def final_round() -> Signal:
    """The final round: a low horn call, a fourth up and held, a second horn under it."""
    seconds = 2.3
    start, high = note("A2"), note("D3")

    def pitch(t: float) -> float:
        k = min(1.0, max(0.0, (t - 0.55) / 0.05))
        f = start + (high - start) * k
        vib = 0.004 * min(1.0, max(0.0, (t - 0.8) / 0.4)) * math.sin(TWO_PI * 4.6 * t)
        return f * (1 + vib)

    harmonics = [1.0, 0.7, 0.5, 0.34, 0.22, 0.14, 0.09, 0.05, 0.03]
    lead = tone(seconds, pitch, harmonics)
    lead = filtered(lead, "low", lambda t: 500 + 700 * min(1.0, t / 0.3), 0.8)
    lead = shaped(lead, [(0.0, 0.0), (0.16, 1.0), (0.5, 0.85), (0.56, 0.7), (0.72, 1.0),
                         (1.7, 0.9), (seconds, 0.0)])
    second = tone(1.7, lambda t: note("A2") * (1 + 0.003 * math.sin(TWO_PI * 4.1 * t + 1)),
                  harmonics)
    second = shaped(filtered(second, "low", 650, 0.7),
                    [(0.0, 0.0), (0.25, 0.55), (1.1, 0.5), (1.7, 0.0)])
    out = zeros(count(seconds))
    add(out, lead)
    add(out, second, 0.6)
    return finish(out, 0.55, tail=0.1)


def _strum(out: Signal, at: float, names: list[str], tau: float, gain: float,
           seed: int) -> None:
    for i, name in enumerate(names):
        add(out, pluck(note(name), tau * 2.5, tau=tau, seed=seed + i), at + 0.028 * i,
            gain * (1.0 if i == 0 else 0.7))


def game_end() -> Signal:
    """The end of the game: a lute's cadence, IV - V - I in D, the last chord held
    under a soft bell."""
    out = zeros(count(3.2))
    _strum(out, 0.0, ["G2", "D3", "G3", "B3", "D4"], 0.9, 0.8, 81)
    _strum(out, 0.46, ["A2", "E3", "A3", "C#4", "E4"], 0.9, 0.85, 86)
    _strum(out, 0.92, ["D2", "A2", "D3", "F#3", "A3", "D4"], 1.4, 1.0, 91)
    add(out, bell(note("D5"), 2.0, tau=1.0), 0.95, 0.35)
    return finish(out, 0.55, tail=0.2)


# ----- the music ----------------------------------------------------------------------
BEAT = 60 / 96          # seconds a crotchet lasts: 96 beats a minute, three to a bar
BAR = 3 * BEAT
#: Eight bars over the Andalusian cadence in D minor (i - VII - VI - V), heard on the
#: Iberian coast: the chord tones each bar is arpeggiated from, lowest first.
CHORDS = [("D", ["D3", "A3", "D4", "F4"]), ("C", ["C3", "G3", "C4", "E4"]),
          ("Bb", ["Bb2", "F3", "Bb3", "D4"]), ("A", ["A2", "E3", "A3", "C#4"])] * 2
#: A slow tune over the second four bars: (bar, beat, note, beats held).
TUNE = [(4, 0, "A4", 2), (4, 2, "F4", 1), (5, 0, "G4", 2), (5, 2, "E4", 1),
        (6, 0, "F4", 2), (6, 2, "D4", 1), (7, 0, "E4", 2.6)]


def recorder(freq: float, seconds: float, seed: int) -> Signal:
    """A soft wooden flute: a nearly pure tone with a slow vibrato and a little breath."""
    body = tone(seconds, lambda t: freq * (1 + 0.005 * min(1.0, t / 0.5)
                                           * math.sin(TWO_PI * 5.0 * t)),
                [1.0, 0.18, 0.08, 0.03])
    breath = filtered(noise(seconds, seed), "band", freq * 2, 2.0)
    add(body, breath, 0.0, 0.05)
    return shaped(body, [(0.0, 0.0), (0.09, 1.0), (seconds * 0.7, 0.8), (seconds, 0.0)])


def music() -> Signal:
    """The quiet loop under the title and the table: a lute picking the chords, a
    bass string on each bar, and a recorder's tune; the tail of the last bar rings
    on into the first, so the loop has no seam."""
    length = count(BAR * len(CHORDS))
    out = zeros(length + count(3.0))
    pattern = [1, 2, 3, 2, 3, 2]  # which chord tone each quaver picks
    seed = 100
    for bar, (_, tones) in enumerate(CHORDS):
        t0 = bar * BAR
        add(out, pluck(note(tones[0]) / 2, 3.0, tau=1.6, bright=0.6, seed=seed), t0, 0.9)
        for q, which in enumerate(pattern):
            seed += 1
            accent = 0.8 if q == 0 else (0.62 if q % 2 == 0 else 0.5)
            add(out, pluck(note(tones[which]), 1.8, tau=0.8, seed=seed), t0 + q * BEAT / 2,
                accent)
    for bar, beat, name, held in TUNE:
        seed += 1
        add(out, recorder(note(name), held * BEAT, seed), bar * BAR + beat * BEAT, 0.55)
    for i in range(length, len(out)):  # the tail wraps round to the start
        out[i - length] += out[i]
    loop = out[:length]
    top = max(abs(v) for v in loop)
    # Normalised without fades or trimming: the loop's two ends must meet.
    return array("d", (v * 0.36 / top for v in loop))


#: Every file this script writes, by name (``scenes.core.audio`` plays them by name).
SOUNDS: dict[str, Callable[[], Signal]] = {
    "pickup": pickup,
    "drop": drop,
    "refuse": refuse,
    "sail": sail,
    "flip": flip,
    "coins_gain": coins_gain,
    "coins_pay": coins_pay,
    "vp": vp,
    "reshuffle": reshuffle,
    "turn": turn,
    "final_round": final_round,
    "game_end": game_end,
    "music": music,
}


# ----- writing ------------------------------------------------------------------------
def pcm(x: Signal) -> bytes:
    """16-bit little-endian samples, rounded and clamped."""
    out = array("h", (max(-32767, min(32767, round(v * 32767))) for v in x))
    if sys.byteorder != "little":
        out.byteswap()
    return out.tobytes()


def write_wav(path: Path, x: Signal) -> int:
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(pcm(x))
    return path.stat().st_size


def loudness(x: Signal) -> tuple[float, float]:
    """Peak and the loudest 100 ms's RMS, in dB below full scale."""
    top = max((abs(v) for v in x), default=0.0)
    win = count(0.1)
    best = 0.0
    for start in range(0, max(1, len(x) - win + 1), win // 4):
        chunk = x[start:start + win]
        best = max(best, math.sqrt(sum(v * v for v in chunk) / max(1, len(chunk))))
    return (20 * math.log10(top) if top else -math.inf,
            20 * math.log10(best) if best else -math.inf)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("names", nargs="*", help="only these sounds (default: all)")
    parser.add_argument("--out", type=Path, default=HERE, help="folder to write into")
    parser.add_argument("--check", action="store_true",
                        help="print length, peak and loudness instead of writing")
    args = parser.parse_args(argv)
    unknown = [n for n in args.names if n not in SOUNDS]
    if unknown:
        parser.error(f"no sound named {', '.join(unknown)} (known: {', '.join(SOUNDS)})")
    total = 0
    for name in args.names or SOUNDS:
        x = SOUNDS[name]()
        peak, rms = loudness(x)
        line = f"{name:12} {len(x) / RATE:5.2f} s  peak {peak:6.1f} dB  loudest {rms:6.1f} dB"
        if not args.check:
            args.out.mkdir(parents=True, exist_ok=True)
            size = write_wav(args.out / f"{name}.wav", x)
            total += size
            line += f"  {size / 1024:6.1f} KiB"
        print(line)
    if not args.check:
        print(f"{'total':12} {total / 1024:.1f} KiB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
