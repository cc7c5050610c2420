"""Every search of the page, on its own thread: what the page's Web Worker
(static/solver-worker.mjs) runs, and the small protocol the page (game/ui/helper.py) speaks
to it.

Pyodide runs the solver about twice as slowly as CPython, and a search on the page shares
the main thread with play. In a worker the whole portfolio gets a core of its own, and the
page keeps its thread for the player.

Both ways the messages are JSON text, nothing else (so nothing here touches the browser):

- requests, page to worker, each with an ``id`` (an int) the page chose, and a ``kind``:
  ``position`` (``record``: a game record; the whole Portfolio, ``seconds`` of search at
  most), ``deal`` (``game``, ``deal``, ``rules``: a fresh deal, as the winnable-deals
  finder searches it, ``seconds`` at most), ``daily`` (``game``, ``day``: the day's deal
  as game/daily.py picks it, the very same steps), or ``stop`` (drop request ``id``);
- answers, worker to page: ``{"id", "kind", "answer"}``, or ``{"id", "error"}`` (one line)
  for a request it could not take; the worker itself says ``{"ready": true}`` once Python
  is up and ``{"error"}`` (no id) when it fails for good.

A position or deal answer is ``{"result", "moves", "nodes", "seconds"}`` ("unknown": out of
budget or memory); a daily one ``{"deal", "line", "tried", "nodes"}``.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import date
from typing import Any, Protocol

from ..daily import PLANS, Daily, picking
from ..records import new_game, replay
from .portfolio import Portfolio

BUDGET = 30.0  # seconds of search for one position, as the page's own (advisor.BUDGET)
MOST = 600.0  # seconds a request may ask for at most
KINDS = ("position", "deal", "daily", "stop")
LONGEST = 1_000_000  # characters of a request read at most (a record of ~100,000 moves)


class Job(Protocol):
    def run(self, seconds: float) -> dict[str, Any] | None:
        """Search for up to about ``seconds``; the answer once there is one."""


class Remote:
    """One position's whole portfolio; ``run`` it in slices until it gives an answer."""

    def __init__(self, record: str | dict[str, Any], budget: float = BUDGET) -> None:
        self.job = Searching(Portfolio(replay(record)), budget)

    def run(self, seconds: float) -> str | None:
        """Search for up to ``seconds``; then the answer as JSON text (a position answer),
        or None while there is none yet."""
        answer = self.job.run(seconds)
        return None if answer is None else json.dumps(answer)


class Searching:
    """A portfolio run to an answer within ``budget`` seconds of search."""

    def __init__(self, search: Portfolio, budget: float) -> None:
        self.search, self.budget = search, budget

    def run(self, seconds: float) -> dict[str, Any] | None:
        search = self.search
        result = search.run(nodes=10**12, seconds=min(seconds, self.budget - search.seconds))
        if result is None and search.seconds < self.budget:
            return None
        return {
            "result": "unknown" if result is None else result.result,
            "moves": [] if result is None else result.moves,
            "nodes": search.nodes,
            "seconds": round(search.seconds, 3),
        }


class Picking:
    """A day's deal, picked as game/daily.py picks it: one candidate a run."""

    def __init__(self, game: str, day: date) -> None:
        self.steps: Iterator[Daily | None] = picking(game, day)

    def run(self, seconds: float) -> dict[str, Any] | None:
        found = next(self.steps)
        if found is None:
            return None
        return {
            "deal": found.deal,
            "line": list(found.line),
            "tried": found.tried,
            "nodes": found.nodes,
        }


def request(ident: int, kind: str, **fields: object) -> str:
    """A request's JSON text (the page's side)."""
    return json.dumps({"id": ident, "kind": kind, **fields})


def read_answer(text: str) -> dict[str, Any]:
    """The worker's message as a dict: ``{"ready"}``, ``{"error"}`` (it failed),
    ``{"id", "error"}`` (a request refused; id None when unreadable) or ``{"id", "kind",
    "answer"}``; anything else (not from this worker) reads as the worker failing."""
    try:
        data = json.loads(text) if isinstance(text, str) and len(text) <= 10 * LONGEST else None
    except ValueError:
        data = None
    if not isinstance(data, dict):
        return {"error": "the solver's worker sent something that is not its JSON"}
    if data.get("ready") is True or (set(data) == {"error"}):
        return data
    ident = data.get("id")
    if ident is None and "id" in data and isinstance(data.get("error"), str):
        return data  # a request so bad its id could not be read
    answered = isinstance(data.get("error"), str) or isinstance(data.get("answer"), dict)
    if isinstance(ident, int) and not isinstance(ident, bool) and answered:
        return data
    return {"error": "the solver's worker sent a message of no known form"}


def _seconds(data: dict[str, Any], default: float) -> float:
    seconds = data.get("seconds", default)
    if (
        isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or not seconds > 0
    ):  # (NaN too)
        raise ValueError(f"a request's seconds must be a positive number, not {seconds!r}"[:200])
    return min(float(seconds), MOST)


def open_job(data: dict[str, Any]) -> Job:
    """The job a (checked) request asks for; ValueError (one line) if it makes no sense."""
    kind = data["kind"]
    if kind == "position":
        record = data.get("record")
        if not isinstance(record, dict):
            raise ValueError("a position request needs a record")
        return Searching(Portfolio(replay(record)), _seconds(data, BUDGET))
    if kind == "deal":
        name, deal, rules = data.get("game"), data.get("deal"), data.get("rules", {})
        if not isinstance(name, str) or not isinstance(deal, int) or isinstance(deal, bool):
            raise ValueError("a deal request needs a game and a deal number")
        if not isinstance(rules, dict) or not all(isinstance(v, bool) for v in rules.values()):
            raise ValueError("a deal request's rules are names and true or false")
        return Searching(Portfolio(new_game(name, deal, **rules)), _seconds(data, BUDGET))
    name, day = data.get("game"), data.get("day")
    if name not in PLANS:
        raise ValueError(f"no daily deal is picked for the game {str(name)[:40]!r}")
    try:
        when = date.fromisoformat(day) if isinstance(day, str) and len(day) == 10 else None
    except ValueError:
        when = None
    if when is None:
        raise ValueError(f"a daily request's day is a date like 2026-12-01, not {str(day)[:40]!r}")
    return Picking(str(name), when)


class Desk:
    """The worker's side: ``post`` each request's text as it comes, ``run`` in slices while
    ``busy``. Requests in hand take turns, a slice each, so a long search never keeps a
    daily pick or a deal waiting for long; a new position request replaces the one before
    (the page follows one position)."""

    def __init__(self) -> None:
        self.jobs: dict[int, tuple[str, Job]] = {}
        self.out: list[str] = []  # answers not yet handed over

    @property
    def busy(self) -> bool:
        return bool(self.jobs or self.out)

    def post(self, text: str) -> None:
        """Take a request (never raises: a bad one is answered with its one-line error)."""
        ident: object = None
        try:
            try:
                data = json.loads(text) if isinstance(text, str) and len(text) <= LONGEST else None
            except ValueError:
                data = None
            if not isinstance(data, dict):
                raise ValueError("a request is a JSON object of at most 1,000,000 characters")
            ident, kind = data.get("id"), data.get("kind")
            if not isinstance(ident, int) or isinstance(ident, bool):
                raise ValueError("a request needs an id, an integer")
            if kind not in KINDS:
                raise ValueError(f"a request's kind is one of {', '.join(KINDS)}")
            if kind == "stop":
                self.jobs.pop(ident, None)
                return
            if kind == "position":  # the page follows one position: the last asked
                for old in [i for i, (k, _) in self.jobs.items() if k == "position"]:
                    del self.jobs[old]
            self.jobs[ident] = (kind, open_job(data))
        except Exception as e:  # a request the page should never send: its own answer
            why = (str(e).splitlines() or [type(e).__name__])[0][:200]
            known = isinstance(ident, int) and not isinstance(ident, bool)
            self.out.append(json.dumps({"id": ident if known else None, "error": why}))

    def run(self, seconds: float) -> str | None:
        """One slice: the next answer's text, if one is ready (a job ended, or a request
        was refused), else None."""
        if self.out:
            return self.out.pop(0)
        if not self.jobs:
            return None
        ident = next(iter(self.jobs))
        kind, job = self.jobs.pop(ident)
        answer = job.run(seconds)
        if answer is None:
            self.jobs[ident] = (kind, job)  # to the back: the others take their turn
            return None
        return json.dumps({"id": ident, "kind": kind, "answer": answer})
