"""What the public API's input checks cost: ``paixing.legal_plays`` beside the unchecked call.

    python benchmarks/api.py [--states N] [--repeat R] [--seed S] [--clock cpu|wall] [--json FILE | --no-json]

``paixing.legal_plays``, ``paixing.classify`` and ``paixing.beats_cards`` check what a library
user hands them (the types, the ruleset, that the deck can supply the cards:
``paixing.hands.checked``); the engine calls the unchecked functions of ``paixing.hands``,
whose hands come from its own deals. Each row times the checked call beside the unchecked one
(the peer figure, measured in the same run) on the same input, on ``--states`` seeded 斗地主
deals (``doudizhu``):

- ``legal_plays`` of a 17-card hand (suited cards, as dealt) on a free lead, and answering a
  play (a lead of another 17-card hand dealt from the rest of the deck, drawn by hand type
  first, as benchmarks/scaling.py draws it);
- ``legal_plays`` of the same hand written rank-only (``33445566778899TTJJ``: suits left open);
- the response and the rank-only lead again, each call on the other of two hands in turn (the
  third 17 cards of the deal being the second): ``check_in_deck`` keeps the hand it passed
  last, so the rows above, which ask about one hand ``--repeat`` times, time a hand checked
  before, and these a hand new to the check;
- ``classify`` of that target's cards, and ``beats_cards`` of one of the hand's answers against
  them (the cards as a user holds them: lists of ``Card``).

The timing is benchmarks/movegen.py's (``movegen_core.measure``): every call timed alone,
``--repeat`` times per state, the checked and the unchecked call interleaved state by state;
the clock is the thread's CPU time less its own cost; the garbage collector is ON. The table
gives the median µs per call and the ratio checked ÷ unchecked (issue 19: within 1.2×), and
says which core ran (compiled or pure: run it with ``PAIXING_PURE=1`` for the other). Writes
the section ``api`` of the JSON result file (benchmarks/results.py).
"""

from __future__ import annotations

import argparse
import gc
import itertools
import random
import sys
from collections import defaultdict
from collections.abc import Callable
from typing import Any

import paixing
import paixing.hands as unchecked
from movegen_core import CLOCKS, Impl, Row, measure, row_json
from results import DEFAULT_PATH, Meta, merge_section
from rich.console import Console
from rich.table import Table

VARIANT = "doudizhu"
HAND = 17


def _notations(result: Any) -> set[str]:
    """What a call answered, comparable between the two (plays' notations, or the bool)."""
    if isinstance(result, bool):
        return {str(result)}
    return {p.notation for p in result}


def _count(result: Any) -> int:
    return 1 if isinstance(result, bool) else len(result)


def _target(rng: random.Random, rs: paixing.Ruleset, other: list[paixing.Card]) -> paixing.Play:
    by_type: dict[str, list[paixing.Play]] = defaultdict(list)
    for p in unchecked.legal_plays(rs, other):
        by_type[p.type_id].append(p)
    return rng.choice(by_type[rng.choice(sorted(by_type))])


Pair = tuple[Callable[[], object], Callable[[], object]]
"""(the checked call, the unchecked call) on one state."""


def _in_turn(call: Callable[[list[paixing.Card]], object], *hands: list[paixing.Card]) -> Callable[[], object]:
    """``call`` on each of ``hands`` in turn: every call asks about another hand than the last."""
    turn = itertools.cycle(hands)
    return lambda: call(next(turn))


def _state(rng: random.Random, rs: paixing.Ruleset) -> dict[str, Pair]:
    """One seeded deal's calls, by row."""
    deck = rs.deck()
    rng.shuffle(deck)
    hand, other = deck[:HAND], deck[HAND : 2 * HAND]
    open_hand = [paixing.Card(c.rank) if c.suit else c for c in hand]
    hand2 = deck[2 * HAND : 3 * HAND]  # read off the same shuffle: the other rows' deals stay as they were
    open2 = [paixing.Card(c.rank) if c.suit else c for c in hand2]
    target = _target(rng, rs, other)
    shown = list(target.cards)
    answers = [p for p in unchecked.legal_plays(rs, hand, target) if p.type.playable]
    # Nothing beats the target: time it against itself (beats_cards answers False).
    answer = list(rng.choice(answers).cards) if answers else shown
    return {
        "lead": (lambda: paixing.legal_plays(rs, hand), lambda: unchecked.legal_plays(rs, hand)),
        "response": (lambda: paixing.legal_plays(rs, hand, target), lambda: unchecked.legal_plays(rs, hand, target)),
        "lead, rank-only": (lambda: paixing.legal_plays(rs, open_hand), lambda: unchecked.legal_plays(rs, open_hand)),
        "response, in turn": (_in_turn(lambda h: paixing.legal_plays(rs, h, target), hand, hand2),
                              _in_turn(lambda h: unchecked.legal_plays(rs, h, target), hand, hand2)),
        "lead, rank-only, in turn": (_in_turn(lambda h: paixing.legal_plays(rs, h), open_hand, open2),
                                     _in_turn(lambda h: unchecked.legal_plays(rs, h), open_hand, open2)),
        "classify": (lambda: paixing.classify(rs, shown), lambda: unchecked.classify(rs, shown)),
        "beats_cards": (lambda: paixing.beats_cards(rs, answer, shown), lambda: unchecked.beats_cards(rs, answer, shown)),
    }


ROWS = (
    ("lead", "legal_plays, 17-card lead"),
    ("response", "legal_plays, 17-card response"),
    ("lead, rank-only", "legal_plays, 17-card lead, rank-only cards"),
    ("response, in turn", "legal_plays, 17-card response, two hands in turn"),
    ("lead, rank-only, in turn", "legal_plays, 17-card lead, rank-only, two hands in turn"),
    ("classify", "classify, the target's cards"),
    ("beats_cards", "beats_cards, an answer against the target"),
)


def build(states: int, seed: int) -> list[Row]:
    """The rows, every state prepared (nothing timed yet): impls[0] is the unchecked call."""
    rs = paixing.ruleset(VARIANT)
    rng = random.Random(seed)
    calls = [_state(rng, rs) for _ in range(states)]
    rows = []
    for key, kind in ROWS:
        plain = Impl("paixing.hands (unchecked)", _notations, [c[key][1] for c in calls], count=_count)
        public = Impl("paixing (checked)", _notations, [c[key][0] for c in calls], count=_count)
        rows.append(Row(kind, VARIANT, [plain, public], states, key.replace(", ", "_").replace(" ", "_")))
    return rows


def core() -> str:
    """Which core runs (``python -m paixing.compiled``'s first line): the ratios differ."""
    try:
        from paixing._core.report import describe
    except ImportError:  # a tree from before paixing._core
        return "?"
    return describe()


def print_table(rows: list[Row], console: Console) -> None:
    table = Table(title=f"The public API's checks ({VARIANT}): median µs per call")
    for col in ("call", "unchecked µs", "checked µs", "checked ÷ unchecked", "same answers"):
        table.add_column(col, justify="left" if col == "call" else "right")
    for row in rows:
        plain, public = row.impls
        same = sum(a == b for a, b in zip(plain.answers, public.answers, strict=True))
        table.add_row(row.kind, f"{plain.median_us():.2f}", f"{public.median_us():.2f}",
                      f"{public.median_us() / plain.median_us():.2f}", f"{same}/{row.states}")
    console.print(table)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--states", type=int, default=200, help="seeded deals (default 200)")
    parser.add_argument("--repeat", type=int, default=20, help="timed calls per deal and call (default 20)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--clock", choices=sorted(CLOCKS), default="cpu", help="thread CPU time (default) or wall clock")
    parser.add_argument("--json", default=str(DEFAULT_PATH), help="result file to merge the 'api' section into")
    parser.add_argument("--no-json", action="store_true", help="print only")
    args = parser.parse_args(argv)
    gc.enable()
    meta = Meta.start()
    rows = build(args.states, args.seed)
    cost = measure(rows, args.repeat, args.clock)
    console = Console(width=max(120, Console().width))
    console.print(f"{args.states} seeded deals, {args.repeat} timed calls each, checked and unchecked interleaved")
    console.print(f"garbage collector {'ON' if gc.isenabled() else 'off'}; clock: {args.clock} less its own cost ({cost} ns)")
    console.print(core())
    print_table(rows, console)
    if not args.no_json:
        section = {"args": {k: v for k, v in vars(args).items() if k not in ("json", "no_json")},
                   "core": core(), "rows": [row_json(r) for r in rows]}
        print(f"wrote {merge_section('api', section, meta, args.json)}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
