"""A key that skips what plays by itself (a win's cascade, Finish), and nothing else."""

from __future__ import annotations

from typing import Any

MODIFIERS = ("Shift", "Control", "Alt", "Meta", "AltGraph", "CapsLock")


class KeySkip:
    """Listens on the window (capture): while ``running``, any key but a modifier skips,
    through ``_skipped``; the game's keys see neither it nor its keyup."""

    skip_key: str | None = None  # the key that skipped: its keyup is swallowed too

    @property
    def running(self) -> bool:
        raise NotImplementedError

    def _skipped(self) -> None:
        raise NotImplementedError

    def _key(self, event: Any) -> None:
        if not self.running or str(event.key) in MODIFIERS or event.repeat:
            return
        event.preventDefault()
        event.stopPropagation()
        self.skip_key = str(event.key)
        self._skipped()

    def _key_up(self, event: Any) -> None:
        if self.skip_key is not None and str(event.key) == self.skip_key:
            self.skip_key = None  # Space would press the focused button on its keyup
            event.preventDefault()
            event.stopPropagation()
