"""How many legal plays a lead offers where suits can matter later (docs/rule-language.md,
*Which cards a play uses*): per variant, the mean over the first lead of N seeded hands of the
plays offered, of the readings behind them (one play per reading, as where suits never matter),
and of every distinct set of cards (no card standing in for another).

    python benchmarks/card_sets.py [--hands N] [--variants a,b,…]
"""

from __future__ import annotations

import argparse
import os
import statistics

# The count of every set replaces ``suited.apart`` for a moment, which only the interpreted
# modules allow; the counts are the same with the compiled core.
os.environ["PAIXING_PURE"] = "1"

from paixing.game import new_game  # noqa: E402
from paixing.hands import legal_plays, suited  # noqa: E402

DEFAULT = "guandan,chibi-dagun,banzipao,chudadi,wushik"


def first_lead_counts(variant: str, hands: int) -> tuple[float, float, float]:
    """(plays, readings, every set) at the first lead, averaged over ``hands`` seeds."""
    plays, readings, sets = [], [], []
    for seed in range(hands):
        game = new_game(variant, seed)
        while game.phase == "contract":
            game.apply(game.legal_actions()[0])
        view = game._hand_view(game.turn)
        offered = legal_plays(game.rs, view, None)
        plays.append(len(offered))
        readings.append(len({p.reading for p in offered}))
        folded = suited.apart
        suited.apart = lambda rs, hv: None  # type: ignore[assignment]  # every card apart
        try:
            view = game._hand_view(game.turn)
            view.memo.clear()
            view.alike = None
            sets.append(len(legal_plays(game.rs, view, None)))
        finally:
            suited.apart = folded
            view.memo.clear()
            view.alike = None
    return statistics.mean(plays), statistics.mean(readings), statistics.mean(sets)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20)
    parser.add_argument("--variants", default=DEFAULT)
    args = parser.parse_args()
    print("| variant | plays on a lead | readings | every set of cards |")
    print("|---|---:|---:|---:|")
    for variant in args.variants.split(","):
        plays, readings, sets = first_lead_counts(variant, args.hands)
        print(f"| {variant} | {plays:.0f} | {readings:.0f} | {sets:.0f} |")


if __name__ == "__main__":
    main()
