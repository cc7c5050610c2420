"""Finish's pace and words, pure: how many moves each step of Finish plays, and how far
apart; what the button says of itself beforehand.

A step is one task and one frame: its moves are played, then the table is drawn once. A few
cards go home one at a time at STEP_MS apart, slow enough to follow; a long finish (77
cards and the stock's turns in Unlimited) is cut into at most MAX_STEPS steps of several
moves, so that any Finish waits at most TOTAL_MS (the moves' own work aside: bench/finish.py),
well under 3 s. Without motion every move is played in one step: there is nothing to watch.
"""

from __future__ import annotations

from ..i18n import N_, _

STEP_MS = 100  # between the steps of a short finish
TOTAL_MS = 800  # of waiting, at most, in a whole finish
MIN_STEP_MS = 40  # a frame or two and the step's own work: the cards are still seen to go
MAX_STEPS = TOTAL_MS // MIN_STEP_MS  # 20


def schedule(moves: int, motion: bool = True) -> tuple[list[int], int]:
    """The moves each step plays (in order, summing to ``moves``) and the milliseconds
    between one step and the next."""
    if moves <= 0:
        return [], 0
    if not motion:
        return [moves], 0
    steps = min(moves, MAX_STEPS)
    base, extra = divmod(moves, steps)
    sizes = [base + (i < extra) for i in range(steps)]  # the bigger steps first
    return sizes, max(MIN_STEP_MS, min(STEP_MS, TOTAL_MS // steps))


def waited_ms(moves: int, motion: bool = True) -> int:
    """The milliseconds a finish of ``moves`` spends waiting between its steps."""
    sizes, gap = schedule(moves, motion)
    return gap * max(0, len(sizes) - 1)


NO_HELP = N_("Play the rest to the foundations: every move left is forced, so it is no help")
HELP = N_("Play the rest to the foundations: this counts as help (the win is recorded with help)")


def title(help: bool | None) -> str:
    """What the Finish button says of itself beforehand (its title, its description):
    ``help`` as game.assist.finish_is_help answers."""
    return _(HELP if help else NO_HELP)
