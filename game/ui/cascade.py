"""The flights of a win's cascade (``celebrate.py`` plays them), pure: where each card goes.

The foundations' cards leave one after another, top cards first, in turn from each pile.
Each falls under gravity and bounces on the bottom of the screen, keeping ``BOUNCE`` of its
speed, while it drifts sideways at a steady speed until it is off the screen.

A flight is a handful of keyframes the browser plays by itself (Web Animations): nothing
runs per frame. A piece of a parabola over a linear time axis is exactly a cubic Bézier
easing, so each keyframe carries its piece's easing and the browser draws the true curve.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

GRAVITY = 7.0  # screen heights per second²: a fall from the top to the bottom takes 0.53 s
BOUNCE = 0.72  # of its speed a card keeps at each bounce
LAUNCH_MS = 1900  # from the first card's start to the last one's
FLIGHT_MS = (1100, 1600)  # how long a card stays on the screen
MIN_DRIFT = 0.3  # screen widths per second at least
REST_PX = 4.0  # a card that would bounce lower than this rests on the bottom


@dataclass(frozen=True)
class Key:
    offset: float  # 0 … 1 of the flight
    dy: float  # pixels down from where the card starts
    easing: str  # of the piece that follows


@dataclass(frozen=True)
class Flight:
    delay_ms: float
    duration_ms: float
    dx: float  # pixels sideways at the end: off the screen
    keys: tuple[Key, ...]


def cascade(
    starts: list[tuple[float, float]],
    card: tuple[float, float],
    screen: tuple[float, float],
    rng: random.Random,
) -> list[Flight]:
    """The flights of cards at ``starts`` (their top-left corners, in launch order), of size
    ``card`` (width, height), on a screen of ``screen`` (width, height) pixels."""
    w, h = card
    width, height = screen
    g = GRAVITY * height
    fall = math.sqrt(2 * g * height)  # the speed of a fall from the top to the bottom
    step = LAUNCH_MS / max(1, len(starts) - 1)
    out = []
    for i, (x, y) in enumerate(starts):
        room = max(1.0, width - w)
        right = rng.random() < (width - w - x) / room  # mostly towards the wider side
        dx = (width - x + 2) if right else -(x + w + 2)
        seconds = min(rng.uniform(*FLIGHT_MS) / 1000, abs(dx) / (MIN_DRIFT * width))
        seconds = max(seconds, 0.25)
        up = -rng.uniform(0.0, 0.45) * fall
        keys = bounces(max(0.0, height - h - y), up, g, seconds)
        out.append(Flight(i * step, seconds * 1000, dx, tuple(keys)))
    return out


def bounces(floor: float, v: float, g: float, seconds: float) -> list[Key]:
    """The vertical keyframes of a card ``floor`` pixels above the bottom, thrown at ``v``
    pixels per second (negative: up), for ``seconds``: a keyframe at each top and bounce."""
    rest = math.sqrt(2 * g * REST_PX)  # a bounce slower than this stays on the bottom
    t, y = 0.0, 0.0
    keys: list[Key] = []
    while seconds - t > 1e-6:
        if floor - y <= 0.5 and -v < rest:
            y = floor
            break
        down = v >= 0
        piece = (-v + math.sqrt(v * v + 2 * g * (floor - y))) / g if down else -v / g
        span = min(piece, seconds - t)
        end = y + v * span + g * span * span / 2
        keys.append(Key(t / seconds, y, easing(v, g, span, end - y)))
        v += g * span
        if span == piece:  # at the top of the arc, or on the bottom: it bounces
            end, v = (floor, -BOUNCE * v) if down else (end, 0.0)
        t, y = t + span, end
    if seconds - t > 1e-6:  # it rests on the bottom from here
        keys.append(Key(t / seconds, y, "linear"))
    keys.append(Key(1.0, y, "linear"))
    return keys


def easing(v: float, g: float, span: float, distance: float) -> str:
    """The easing of a piece of a fall: ``span`` seconds from speed ``v`` under ``g``,
    ``distance`` pixels in all. Its progress is ``a·u + (1 − a)·u²`` over time ``u`` (0 … 1),
    a quadratic Bézier; raised to a cubic, its control points are (⅓, a/3) and (⅔, (1+a)/3)."""
    if abs(distance) < 0.5:
        return "linear"
    a = v * span / distance
    return f"cubic-bezier(0.3333,{a / 3:.4f},0.6667,{(1 + a) / 3:.4f})"
