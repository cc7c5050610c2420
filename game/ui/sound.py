"""Sound effects of our own, made on the spot with the Web Audio API: a card dealt from the
stock (a swish of noise), a card put down (a soft tap on the felt), a win (a rising chime).
No audio file: nothing to download or license, the same offline.

Browsers let a page make sound only once the player has used it (a tap, a click, a key);
until then, and while sound is off, nothing is made, not even an AudioContext, so the
browser has nothing to warn about. The sounds are short and quiet (``VOLUME``). Between
them the context is suspended (``QUIET_S`` after the last one ends): a running one keeps
the device's audio thread awake, rendering silence, for as long as the page is open.
"""

from __future__ import annotations

import contextlib
import random
from typing import Any

import js
from pyodide.ffi import create_proxy, to_js

from ..notation import STOCK, Move

VOLUME = 0.3  # of full scale, for every sound
NOISE_S = 0.3  # seconds of white noise, made once, that the swish and the tap are cut from
NOISE_SCALE = 128.0  # the noise's samples run from -128 to 127
CHIME = (523.25, 659.25, 783.99, 1046.5)  # C5 E5 G5 C6, in hertz
QUIET_S = 1.0  # seconds of silence after the last sound before the context is suspended


class Sound:
    def __init__(self) -> None:
        self.on = False
        self.context: Any = None
        self.out: Any = None  # the gain every sound goes through
        self.noise: Any = None
        # A resume the browser refuses: stay silent. Made here, not at import: the memory
        # snapshot (scripts/startup.py) cannot hold a JS object.
        self._refused = create_proxy(lambda error: None)
        self._hush = create_proxy(lambda *_: self._suspend())
        self._timer: Any = None
        self._until = 0.0  # the context's time when the last sound scheduled ends

    def warm(self) -> None:
        """Have the browser start its audio service now, while the player looks at the
        table: Chromium starts it, once per browser session, inside the page's first ``new
        AudioContext()``, holding the page's thread for 70-180 ms here (the first sound's
        move, a long task), but in its own processes when the page only asks which audio
        devices there are, which needs no permission and shows nothing. The first context is
        then made in a few milliseconds."""
        devices = getattr(js.navigator, "mediaDevices", None)
        if not self.on or self.context is not None or devices is None:
            return
        with contextlib.suppress(Exception):  # not offered here (an old browser, a policy)
            devices.enumerateDevices().catch(self._refused)

    def moved(self, move: Move) -> None:
        """The player's move: a deal from the stock (or a redeal), or a card put down."""
        if move[0] == STOCK:
            self.deal()
        else:
            self.place()

    def deal(self) -> None:
        ctx = self._ready()
        if ctx is not None:
            self._noise(ctx.currentTime, 0.13, (700.0, 3200.0), 0.9, 0.7)

    def place(self) -> None:
        ctx = self._ready()
        if ctx is not None:
            t = ctx.currentTime
            self._noise(t, 0.05, (1600.0, 1000.0), 1.2, 0.6)
            self._tone(t, "sine", (190.0, 90.0), 0.07, 0.5)

    def win(self) -> None:
        ctx = self._ready()
        if ctx is not None:
            t = ctx.currentTime + 0.12  # after the last card's tap
            for i, hz in enumerate(CHIME):
                self._tone(t + i * 0.09, "triangle", (hz, hz), 0.5 + i * 0.1, 0.35)

    # -- making sound -----------------------------------------------------------------------

    def _ready(self) -> Any:
        """The audio context, made when the first sound may be heard; None while it may not."""
        if not self.on:
            return None
        if self.context is None:
            activation = getattr(js.navigator, "userActivation", None)
            if activation is not None and not activation.hasBeenActive:
                return None  # not used yet: the browser would refuse (and warn)
            maker = getattr(js.window, "AudioContext", None)
            if maker is None:
                return None
            self.context = maker.new()
            self.out = self.context.createGain()
            self.out.gain.value = VOLUME
            self.out.connect(self.context.destination)
        # Suspended (by us between sounds, or by the browser): resumed for this one.
        if str(self.context.state) not in ("running", "closed"):
            self.context.resume().catch(self._refused)
        return self.context

    def _heard_until(self, end: float) -> None:
        """A sound ends at ``end`` (the context's time): suspend the context QUIET_S after
        the last one ends (a sound scheduled while it is suspended plays once resumed)."""
        ctx = self.context
        self._until = max(self._until, end)
        if self._timer is not None:
            js.clearTimeout(self._timer)
        wait = max(0.0, self._until - float(ctx.currentTime)) + QUIET_S
        self._timer = js.setTimeout(self._hush, int(wait * 1000))

    def _suspend(self) -> None:
        self._timer = None
        ctx = self.context
        if ctx is not None and str(ctx.state) == "running":
            if float(ctx.currentTime) < self._until:  # (its clock ran late: wait it out)
                self._heard_until(self._until)
            else:
                ctx.suspend().catch(self._refused)

    def _tone(
        self, start: float, wave: str, hz: tuple[float, float], length: float, level: float
    ) -> None:
        ctx = self.context
        osc = ctx.createOscillator()
        osc.type = wave
        osc.frequency.setValueAtTime(hz[0], start)
        if hz[1] != hz[0]:
            osc.frequency.exponentialRampToValueAtTime(hz[1], start + length)
        osc.connect(self._envelope(start, length, level))
        osc.start(start)
        osc.stop(start + length + 0.02)
        self._heard_until(start + length + 0.02)

    def _noise(
        self, start: float, length: float, hz: tuple[float, float], q: float, level: float
    ) -> None:
        ctx = self.context
        if self.noise is None:
            # Random bytes, read as signed, widened to floats by the typed arrays (a Python
            # loop over 14,400 samples held a move's frame for 60 ms); scaled to +-1 by
            # the envelope (NOISE_SCALE).
            rate = int(ctx.sampleRate)
            raw = js.Int8Array.new(to_js(random.randbytes(int(rate * NOISE_S))).buffer)
            self.noise = ctx.createBuffer(1, raw.length, rate)
            self.noise.copyToChannel(js.Float32Array.new(raw), 0)
        src = ctx.createBufferSource()
        src.buffer = self.noise
        band = ctx.createBiquadFilter()
        band.type = "bandpass"
        band.Q.value = q
        band.frequency.setValueAtTime(hz[0], start)
        band.frequency.exponentialRampToValueAtTime(hz[1], start + length)
        src.connect(band)
        band.connect(self._envelope(start, length, level / NOISE_SCALE))
        src.start(start, random.uniform(0.0, NOISE_S - length))
        src.stop(start + length + 0.02)
        self._heard_until(start + length + 0.02)

    def _envelope(self, start: float, length: float, level: float) -> Any:
        """A gain that rises at once to ``level`` and dies away over ``length`` seconds."""
        gain = self.context.createGain()
        gain.gain.setValueAtTime(0.0001, start)
        gain.gain.exponentialRampToValueAtTime(level, start + 0.004)
        gain.gain.exponentialRampToValueAtTime(0.0001, start + length)
        gain.connect(self.out)
        return gain
