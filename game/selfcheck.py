"""The engine checking itself: a digest that must be the same in every Python that runs it.

``run()`` plays the engine through a fixed, seeded programme and returns JSON-ready data:
the layouts of pinned deals, perft counts, and a few hundred random playouts that check
their own invariants on the way (cards conserved, undo/redo restoring the layout, a record
replaying to the same position, illegal moves explained). CPython (the test process) and
Pyodide (tests/pyodide/check.html) each run it; the test asserts the two ``checks`` are
equal, which proves deals, move generation and play agree, not just that both pass.

Standard library only and no browser imports, like the rest of the engine. Random choices
come from the engine's own SplitMix64, never ``random`` (whose algorithms may change).

    python -m game.selfcheck        # the digest as JSON
"""

from __future__ import annotations

import hashlib
import json
import sys
import time
from typing import Any

from .cards import DOWN, deck
from .deals import MAX_DEAL, SplitMix64
from .notation import WASTE, IllegalMove, Move
from .records import new_game, replay
from .state import Game

DEALS = (1, 2, 1_000_000)
VARIANTS: dict[str, tuple[str, dict[str, bool]]] = {
    "whitehead": ("whitehead", {}),
    "whitehead-kings_only": ("whitehead", {"kings_only": True}),
    "blind-alleys": ("blind-alleys", {}),
    "linus": ("linus", {}),
    "linus-pgs": ("linus", {"pgs": True}),
    "unlimited": ("unlimited", {}),
}
# Linus's shuffled redeals (house rule pgs), played from the fresh deal.
REDEALS = {"linus-pgs after r": ["r"], "linus-pgs after r r": ["r", "r"]}
PERFT_DEPTH = 3
SEED = 0x5E1F_C4EC_2026
PLAYOUTS = 300
MAX_STEPS = 60
MAX_FAILURES = 20


def canonical(data: object) -> str:
    """One JSON text for equal data in any Python: sorted keys, no spaces, ASCII."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=True)


def sha(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def fresh(variant: str, deal: int) -> Game:
    name, house = VARIANTS[variant]
    return new_game(name, deal, **house)


def layouts() -> dict[str, dict[str, Any]]:
    """Every variant's deals 1, 2 and 1000000, and Linus (pgs) after one and two redeals."""
    out: dict[str, dict[str, Any]] = {}
    for variant in VARIANTS:
        out[variant] = {str(d): fresh(variant, d).layout() for d in DEALS}
    for key, moves in REDEALS.items():
        out[key] = {}
        for d in DEALS:
            g = fresh("linus-pgs", d)
            for m in moves:
                g.play(m)
            out[key][str(d)] = g.layout()
    return out


def perft(variant: str, depth: int = PERFT_DEPTH) -> dict[str, Any]:
    """Move sequences of each length 1…depth from deal 1, and a hash of the whole tree walk
    (every node's legal moves as text, depth first), so equal counts of different trees
    cannot pass."""
    g = fresh(variant, 1)
    counts = [0] * depth
    walk = hashlib.sha256()

    def visit(level: int) -> None:
        moves = list(g.plain_moves())
        walk.update((",".join(str(Move(*m)) for m in moves) + ";").encode())
        if level == depth:
            return
        counts[level] += len(moves)
        for m in moves:
            g.apply(m)
            visit(level + 1)
            g.retract()

    visit(0)
    return {"counts": counts, "tree_sha256": walk.hexdigest()}


class Failures:
    """Invariant violations, kept short: the digest must stay small even when all fails."""

    def __init__(self) -> None:
        self.items: list[str] = []
        self.count = 0

    def add(self, text: str) -> None:
        self.count += 1
        if len(self.items) < MAX_FAILURES:
            self.items.append(text)


def conserved(g: Game) -> bool:
    """Every card of the game's decks is somewhere, exactly once per deck."""
    return sorted(c & ~DOWN for p in g.piles for c in p) == sorted(deck(g.rules.decks))


def well_formed(g: Game) -> bool:
    """Tableau tops face up, waste and foundations face up, foundations Ace-up in suit."""
    piles = g.piles
    if any(c >= DOWN for c in piles[WASTE]):
        return False
    for t in g.tab:
        if piles[t] and piles[t][-1] >= DOWN:
            return False
    for f in g.found:
        p = piles[f]
        if p and (p[0] > 3 or any(c != p[0] + 4 * k for k, c in enumerate(p))):
            return False
    return True


def an_illegal_move(g: Game, rng: SplitMix64) -> str | None:
    """The explanation the engine gives for one illegal move chosen at random."""
    sources = [WASTE, *g.tab]
    targets = [*g.found, *g.tab]
    legal = set(g.plain_moves())
    for _ in range(8):
        src = sources[rng.below(len(sources))]
        dst = targets[rng.below(len(targets))]
        m = Move(src, dst, 1)
        if src == dst or m in legal:
            continue
        try:
            g.resolve(m)
        except IllegalMove as e:
            return str(e)
        return f"{m} was accepted"  # unreachable when legal-move generation is right
    return None


def playout(
    variant: str, deal: int, rng: SplitMix64, failures: Failures, max_steps: int
) -> dict[str, Any]:
    """Random play from a deal, checking invariants at every step; its summary and hash."""
    g = fresh(variant, deal)
    where = f"{variant} deal {deal}"
    start = g.layout()
    trace = hashlib.sha256()
    status = g.status
    for step in range(max_steps + 1):
        moves = g.legal_moves()
        status = g.status
        why = an_illegal_move(g, rng)
        trace.update(f"{g.key()!r}|{status}|{','.join(map(str, moves))}|{why}\n".encode())
        if not conserved(g) or not well_formed(g):
            failures.add(f"{where}, step {step}: cards lost, doubled or misplaced")
        if status != "playing" or not moves or step == max_steps:
            break
        move = moves[rng.below(len(moves))]
        before = g.key()  # the position itself; layouts are compared at both ends
        if g.play(str(move)) != move:  # through the text form: notation round trip
            failures.add(f"{where}, step {step}: {move} played as another move")
        after = g.key()
        g.undo()
        if g.key() != before:
            failures.add(f"{where}, step {step}: undo of {move} did not restore the position")
        g.redo()
        if g.key() != after:
            failures.add(f"{where}, step {step}: redo of {move} did not give the same position")
    final = g.layout()
    record = json.loads(json.dumps(g.record()))
    if replay(json.dumps(record)).layout() != final:
        failures.add(f"{where}: replaying the record gave another layout")
    played = len(g.moves)
    while g.undo() is not None:
        pass
    if g.layout() != start:
        failures.add(f"{where}: undoing every move did not give the deal back")
    while g.redo() is not None:
        pass
    if g.layout() != final:
        failures.add(f"{where}: redoing every move did not reach the same position")
    trace.update(canonical(final).encode())
    return {
        "variant": variant,
        "deal": deal,
        "moves": played,
        "status": status,
        "sha256": trace.hexdigest()[:16],
    }


def playouts(count: int, max_steps: int, failures: Failures) -> dict[str, Any]:
    rng = SplitMix64(SEED)
    names = list(VARIANTS)
    games = []
    statuses: dict[str, dict[str, int]] = {v: {} for v in names}
    for i in range(count):
        variant = names[i % len(names)]
        deal = 1 + rng.below(MAX_DEAL)
        try:
            summary = playout(variant, deal, rng, failures, max_steps)
        except Exception as e:  # a check that crashes is a failure to report, not the end
            failures.add(f"{variant} deal {deal}: {type(e).__name__}: {e}")
            summary = {"variant": variant, "deal": deal, "moves": 0, "status": "crashed"}
        games.append(summary)
        seen = statuses[variant]
        seen[summary["status"]] = seen.get(summary["status"], 0) + 1
    return {
        "count": count,
        "moves": sum(g["moves"] for g in games),
        "statuses": statuses,
        "games": games,
    }


def run(count: int = PLAYOUTS, max_steps: int = MAX_STEPS) -> dict[str, Any]:
    """The whole check. ``checks`` must be equal wherever it runs; ``env`` says where."""
    started = time.perf_counter()
    failures = Failures()
    checks: dict[str, Any] = {
        "layouts": layouts(),
        "perft": {v: perft(v) for v in VARIANTS},
        "playouts": playouts(count, max_steps, failures),
    }
    checks["failures"] = {"count": failures.count, "first": failures.items}
    return {
        "env": {
            "python": sys.version,
            "version_info": list(sys.version_info[:3]),
            "implementation": sys.implementation.name,
            "platform": sys.platform,
            "seconds": round(time.perf_counter() - started, 3),
        },
        "digest": sha(canonical(checks)),
        "checks": checks,
    }


if __name__ == "__main__":
    print(json.dumps(run(), indent=1, sort_keys=True))
