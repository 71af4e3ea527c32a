#!/usr/bin/env python3
"""The reference adapter: answers the conformance protocol (docs/conformance.md) with paixing.

Run it under the harness:

    paixing conform banzipao --cmd "python examples/paixing_adapter.py"

It reads one JSON request a line on stdin and writes one JSON answer a line on stdout, in the
shapes the CLI prints with ``--json``. Being paixing itself, it conforms 100 % on every
variant; copy it as the skeleton of an adapter for another implementation.

In a variant whose rules depend on the hand (a level rank, wild ranks drawn after the deal)
every request names its hand with ``level`` and ``wild_ranks``: the adapter answers with the
variant compiled for that hand (``Ruleset.for_hand``), and replays a whole hand with them.
"""

from __future__ import annotations

import json
import sys
from typing import Any

from paixing import beats, beats_cards, classify, legal_plays, parse_cards, ruleset, why
from paixing.game.records import replay


def playable(rs: Any, cards: str) -> list[Any]:
    return [p for p in classify(rs, parse_cards(cards)) if p.type.playable]


def do_classify(rs: Any, req: dict[str, Any]) -> dict[str, Any]:
    return {"plays": [p.to_json() for p in classify(rs, parse_cards(req["cards"]))]}


def do_beats(rs: Any, req: dict[str, Any]) -> dict[str, Any]:
    a, b = playable(rs, req["play"]), playable(rs, req["target"])
    verdict = beats_cards(rs, parse_cards(req["play"]), parse_cards(req["target"]))
    x = next((p for p in a if all(beats(p, q) for q in b)), a[0]) if verdict else a[0]
    y = b[0] if verdict else next((q for q in b if not beats(x, q)), b[0])
    return {"beats": verdict, "reason": why(x, y)}


def do_moves(rs: Any, req: dict[str, Any]) -> dict[str, Any]:
    hand = parse_cards(req["hand"])
    if not req.get("last"):
        return {"plays": [p.to_json() for p in legal_plays(rs, hand)]}
    targets = playable(rs, req["last"])
    # a play is legal when it beats every reading of the last play
    result = legal_plays(rs, hand, targets[0])
    for other in targets[1:]:
        allowed = {p.identity for p in legal_plays(rs, hand, other)}
        result = [p for p in result if p.identity in allowed]
    return {"plays": [p.to_json() for p in result]}


def do_score(rs: Any, req: dict[str, Any]) -> dict[str, Any]:
    record = {
        "variant": rs.id, "seed": req.get("seed", 0), "deal": req["deal"], "kitty": req.get("kitty", ""),
        "dealer": req["dealer"], "fixed_deal": True, "actions": req["actions"],
        **{k: req[k] for k in HAND if k in req},
    }
    return replay(record, rs, scripted=True).to_json()


OPS = {"classify": do_classify, "beats": do_beats, "moves": do_moves, "score": do_score}
HAND = ("level", "wild_ranks")
"""What a request says of its hand, in a variant with per-hand parameters."""


def rules_for(req: dict[str, Any]) -> Any:
    """The variant compiled for the hand the request names (the variant itself otherwise)."""
    rs = ruleset(req["variant"])
    if req["op"] == "score" or not any(k in req for k in HAND):
        return rs
    return rs.for_hand(level=req.get("level"), wild_ranks=req.get("wild_ranks") or ())


def main() -> None:
    for line in sys.stdin:
        if not line.strip():
            continue
        req = json.loads(line)
        try:
            out = OPS[req["op"]](rules_for(req), req)
        except Exception as exc:  # an answer, never a crash: the harness reports it per case
            out = {"error": f"{type(exc).__name__}: {exc}"}
        print(json.dumps({"id": req["id"], **out}, ensure_ascii=False), flush=True)


if __name__ == "__main__":
    main()
