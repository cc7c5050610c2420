"""The command line: ``python -m game deal|moves|replay …``.

Errors are one line on stderr: exit 1 for an illegal move (named, with its index and why),
exit 2 for anything malformed (usage, JSON, unknown game, bad deal number).
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import NoReturn

from . import GAMES, GameError, RecordError, new_game, replay
from .notation import IllegalMove
from .state import Game


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:  # argparse prints usage too; we print one line
        self.exit(2, f"{self.prog}: {message}\n")


def _game(args: argparse.Namespace) -> Game:
    try:
        return new_game(args.game, args.deal, **dict.fromkeys(args.rule, True))
    except GameError as e:
        raise SystemExit(_fail(2, str(e))) from None


def _fail(code: int, message: str) -> int:
    print(f"python -m game: {message}", file=sys.stderr)
    return code


def _play_all(g: Game, moves: str) -> None:
    for i, text in enumerate(moves.split()):
        try:
            g.play(text)
        except IllegalMove as e:
            raise SystemExit(_fail(1, f"move {i + 1} (index {i}) is illegal: {e}")) from None


def cmd_deal(args: argparse.Namespace) -> int:
    g = _game(args)
    _play_all(g, args.play)
    print(json.dumps(g.layout()))
    return 0


def cmd_moves(args: argparse.Namespace) -> int:
    g = _game(args)
    _play_all(g, args.play)
    for m in g.legal_moves():
        print(m)
    return 0


def cmd_replay(args: argparse.Namespace) -> int:
    try:
        if args.file == "-":
            text = sys.stdin.read()
        else:
            with open(args.file, encoding="utf-8") as f:
                text = f.read()
    except (OSError, UnicodeDecodeError) as e:
        return _fail(2, f"cannot read {args.file}: {getattr(e, 'strerror', None) or e}")
    try:
        g = replay(text)
    except RecordError as e:
        return _fail(2 if e.index is None else 1, str(e))
    print(g.status)
    return 0


def _deals(text: str) -> range:
    first, _, last = text.partition("-")
    try:
        a, b = int(first), int(last or first)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a range like 1-200") from None
    if not 1 <= a <= b:
        raise argparse.ArgumentTypeError(f"{text!r} is not a range like 1-200")
    return range(a, b + 1)


def cmd_solve(args: argparse.Namespace) -> int:
    from .solver import solve

    deals = args.deals or range(args.deal, args.deal + 1)
    for deal in deals:
        args.deal = deal
        g = _game(args)
        _play_all(g, args.play)
        result = solve(g, seconds=args.seconds)
        line = {"game": g.rules.name, "deal": deal, **result.as_dict()}
        print(json.dumps(line), flush=True)
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = _Parser(
        prog="python -m game", description="Whitehead, Blind Alleys, Linus, Unlimited."
    )
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    for name, helptext, fn in (
        ("deal", "print the layout JSON of a deal (after --play moves)", cmd_deal),
        ("moves", "print the legal moves, one a line (after --play moves)", cmd_moves),
    ):
        p = sub.add_parser(name, help=helptext)
        p.add_argument("game", choices=list(GAMES), metavar="GAME", help=", ".join(GAMES))
        p.add_argument("--deal", type=int, required=True, metavar="N", help="deal number")
        p.add_argument(
            "--rule",
            action="append",
            default=[],
            metavar="NAME",
            help="switch on a house rule (kings_only, pgs); repeatable",
        )
        p.add_argument("--play", default="", metavar="MOVES", help='moves first, e.g. "t1>f s"')
        p.set_defaults(run=fn)
    p = sub.add_parser("solve", help="solve deals: one JSON line each (won, lost, unknown)")
    p.add_argument("game", choices=list(GAMES), metavar="GAME", help=", ".join(GAMES))
    p.add_argument("--deal", type=int, default=1, metavar="N", help="deal number")
    p.add_argument("--deals", type=_deals, metavar="A-B", help="a range of deals instead")
    p.add_argument("--seconds", type=float, default=10.0, metavar="S", help="budget per deal")
    p.add_argument("--rule", action="append", default=[], metavar="NAME", help="house rule")
    p.add_argument("--play", default="", metavar="MOVES", help="solve after these moves")
    p.set_defaults(run=cmd_solve)
    p = sub.add_parser("replay", help="check a record: print its final status")
    p.add_argument("file", metavar="FILE", help="a record's JSON file, or - for stdin")
    p.set_defaults(run=cmd_replay)
    args = parser.parse_args(argv)
    return int(args.run(args))


if __name__ == "__main__":
    sys.exit(main())
