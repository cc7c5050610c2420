"""Statistics per game and house-rule set: played, won, streaks, best time, fewest moves,
and the recent results, as versioned JSON that is checked on the way in (pure).

A game counts as played once a move is made; it ends won, lost, or abandoned (a new deal
while it was still going), and an abandoned game counts as a loss.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from typing import Any

from .notation import GameError
from .rules import GAMES

VERSION = 1
RECENT = 30  # results kept for the chart


class StatsError(GameError):
    """Stored statistics that cannot be used."""


@dataclass
class Tally:
    played: int = 0
    won: int = 0
    streak: int = 0  # current winning streak
    best_streak: int = 0
    best_seconds: float | None = None
    fewest_moves: int | None = None
    recent: list[str] = field(default_factory=list)  # "won" / "lost" / "abandoned", oldest first

    @property
    def win_percent(self) -> float:
        return 100.0 * self.won / self.played if self.played else 0.0

    def add(self, outcome: str, seconds: float, moves: int) -> None:
        self.played += 1
        if outcome == "won":
            self.won += 1
            self.streak += 1
            self.best_streak = max(self.best_streak, self.streak)
            if self.best_seconds is None or seconds < self.best_seconds:
                self.best_seconds = round(seconds, 1)
            if self.fewest_moves is None or moves < self.fewest_moves:
                self.fewest_moves = moves
        else:
            self.streak = 0
        self.recent = [*self.recent, outcome][-RECENT:]


def variant(game: str, rules: dict[str, bool] | tuple[str, ...]) -> str:
    """``linus+pgs``: the key of a game and its house rules."""
    on = sorted(k for k in rules if (rules[k] if isinstance(rules, dict) else True))
    return "+".join([game, *on])


@dataclass
class Stats:
    tallies: dict[str, Tally] = field(default_factory=dict)

    def tally(self, key: str) -> Tally:
        return self.tallies.setdefault(key, Tally())

    def add(self, key: str, outcome: str, seconds: float, moves: int) -> None:
        if outcome not in ("won", "lost", "abandoned"):
            raise ValueError(f"unknown outcome {outcome!r}")
        self.tally(key).add(outcome, seconds, moves)

    def dumps(self) -> str:
        tallies = {k: asdict(t) for k, t in self.tallies.items()}
        return json.dumps({"version": VERSION, "tallies": tallies}, separators=(",", ":"))

    @classmethod
    def loads(cls, text: object) -> Stats:
        if not isinstance(text, str) or len(text) > 1_000_000:
            raise StatsError("the statistics are damaged (not text, or far too long)")
        try:
            data: Any = json.loads(text)
        except (ValueError, RecursionError):
            raise StatsError("the statistics are damaged (not JSON)") from None
        if not isinstance(data, dict) or data.get("version") != VERSION:
            raise StatsError("the statistics are from another version")
        tallies = data.get("tallies")
        if not isinstance(tallies, dict):
            raise StatsError("the statistics are damaged (no tallies)")
        out = cls()
        for key, raw in tallies.items():
            if not isinstance(key, str) or key.split("+")[0] not in GAMES:
                raise StatsError(f"the statistics are damaged (unknown game {str(key)[:30]!r})")
            out.tallies[key] = _tally(raw)
        return out


def _tally(raw: object) -> Tally:
    if not isinstance(raw, dict):
        raise StatsError("the statistics are damaged (a tally is not an object)")

    def count(name: str) -> int:
        v = raw.get(name, 0)
        if type(v) is not int or v < 0:
            raise StatsError(f"the statistics are damaged ({name})")
        return v

    def best(name: str, kind: type | tuple[type, ...]) -> Any:
        v = raw.get(name)
        if v is None:
            return None
        if isinstance(v, bool) or not isinstance(v, kind):
            raise StatsError(f"the statistics are damaged ({name})")
        number: float = v  # type: ignore[assignment]
        if not 0 <= number < 1e9:  # NaN fails too
            raise StatsError(f"the statistics are damaged ({name})")
        return v

    recent = raw.get("recent", [])
    if not isinstance(recent, list) or not all(r in ("won", "lost", "abandoned") for r in recent):
        raise StatsError("the statistics are damaged (recent results)")
    t = Tally(count("played"), count("won"), count("streak"), count("best_streak"),
              best("best_seconds", (int, float)), best("fewest_moves", int), recent[-RECENT:])  # fmt: skip
    if t.won > t.played or t.streak > t.best_streak:
        raise StatsError("the statistics are damaged (counts do not add up)")
    return t


def chart_svg(tally: Tally, width: int = 300, height: int = 40) -> str:
    """The recent results as a row of bars (tall green: won; short grey: lost/abandoned)."""
    n = max(len(tally.recent), 1)
    step = width / RECENT
    bars = []
    for i, outcome in enumerate(tally.recent):
        h = height if outcome == "won" else height * 0.35
        x = (RECENT - n + i) * step
        bars.append(
            f'<rect class="{outcome}" x="{x:.1f}" y="{height - h:.1f}" '
            f'width="{step * 0.8:.1f}" height="{h:.1f}"/>'
        )
    won = sum(r == "won" for r in tally.recent)
    label = f"Last {len(tally.recent)} games: {won} won" if tally.recent else "No games yet"
    return (
        f'<svg class="chart" viewBox="0 0 {width} {height}" role="img" aria-label="{label}">'
        f"<title>{label}</title>{''.join(bars)}</svg>"
    )
