"""The expected answer to one protocol request, computed by paixing itself.

Every answer has the shape the matching CLI command prints with ``--json`` (docs/cli.md), so a
program that already wraps the CLI can answer the protocol unchanged: ``classify`` →
``{"plays": [...]}``, ``beats`` → ``{"beats": bool, "reason": str}``, ``moves`` →
``{"plays": [...]}``, ``score`` → ``{"ok": bool, "scores": [...], "error": str | null}``
(the shape of ``paixing replay --json``). Cards that form no play classify as no plays, as the
protocol has no exit codes. A request that names its hand (``level``, ``wild_ranks``: see
``params``) is answered with the variant compiled for that hand.
"""

from __future__ import annotations

from typing import Any

from paixing.game.records import replay
from paixing.hands.classify import classify
from paixing.hands.compile import Ruleset
from paixing.hands.examples import plays_against
from paixing.hands.moves import beats_cards
from paixing.hands.play import Play, beats, why
from paixing.rules.cards import parse_cards

from .params import HAND_KEYS, hand_rules

Answer = dict[str, Any]


def classify_answer(rs: Ruleset, cards: str) -> Answer:
    """Every reading of exactly these cards (dealt-hand patterns included, as the CLI prints)."""
    return {"plays": [p.to_json() for p in classify(rs, parse_cards(cards))]}


def _playable(rs: Ruleset, cards: str) -> list[Play]:
    return [p for p in classify(rs, parse_cards(cards)) if p.type.playable]


def beats_answer(rs: Ruleset, play: str, target: str) -> Answer:
    """Whether ``play`` may be played on ``target`` and why (the CLI's reason sentence)."""
    a, b = _playable(rs, play), _playable(rs, target)
    verdict = beats_cards(rs, parse_cards(play), parse_cards(target))
    if verdict:
        x = next((p for p in a if all(beats(p, q) for q in b)), a[0])
        y = b[0]
    else:
        x = a[0]
        y = next((q for q in b if not beats(x, q)), b[0])
    return {"beats": verdict, "reason": why(x, y)}


def moves_answer(rs: Ruleset, hand: str, last: str | None) -> Answer:
    """Every legal play of ``hand`` on ``last`` (a free lead when None)."""
    return {"plays": [p.to_json() for p in plays_against(rs, hand, last)]}


def score_record(rs: Ruleset, case: dict[str, Any]) -> dict[str, Any]:
    """The paixing game record a whole-hand case stands for (a fixed deal, replayed from the
    case's seed, which only decides what the engine draws at random, e.g. a shown card; the
    wild ranks drawn are the case's own)."""
    return {
        "variant": rs.id,
        "seed": case.get("seed", 0),
        "deal": list(case["deal"]),
        "kitty": case.get("kitty", ""),
        "dealer": case["dealer"],
        "fixed_deal": True,
        **{k: case[k] for k in HAND_KEYS if k in case},
        "actions": list(case["actions"]),
    }


def score_answer(rs: Ruleset, case: dict[str, Any]) -> Answer:
    """The scores of the hand dealt and played as in ``case``, by the rules ``rs`` themselves
    (a user's variant file is no built-in id the record could name)."""
    return replay(score_record(rs, case), rs, scripted=True).to_json()


def answer(rs: Ruleset, request: dict[str, Any]) -> Answer:
    """The answer to one request (``op`` is classify, beats, moves or score), in the hand it
    names."""
    op = request["op"]
    if op != "score":
        rs = hand_rules(rs, request)
    if op == "classify":
        return classify_answer(rs, request["cards"])
    if op == "beats":
        return beats_answer(rs, request["play"], request["target"])
    if op == "moves":
        return moves_answer(rs, request["hand"], request.get("last"))
    if op == "score":
        return score_answer(rs, request)
    raise ValueError(f"unknown op {op!r}")
