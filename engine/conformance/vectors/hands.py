"""Whole-hand cases: a deal, every action and the expected scores, one for each score row of
each contract.

Hands are dealt from ``game_seed(seed, i)`` and played by seeded bots (random and greedy in
turn) until every row has paid once (``Settlement.row`` says which) or ``max_games`` hands
have been played; the rows never reached are returned with the cases so the caller can say so.
Each case is a fixed deal: the seed only decides what the engine itself draws at random (a
shown card, given in the case as ``shown``; drawn wild ranks, given as ``wild_ranks``), and
hands that were dealt again are skipped.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from paixing.agents.play import game_seed, play_hand, seated_bots
from paixing.game.state import Game
from paixing.hands.compile import Ruleset
from paixing.rules.cards import format_cards

from .answers import score_answer
from .params import hand_keys, params_of

MAX_GAMES = 300
"""Hands tried per variant before the rows still unpaid are given up."""


@dataclass
class HandCases:
    """The whole-hand cases found, and the (contract id, row index) pairs never reached."""

    cases: list[dict[str, Any]] = field(default_factory=list)
    unreached: list[tuple[str, int]] = field(default_factory=list)


def _rows(rs: Ruleset) -> list[tuple[str, int]]:
    game = rs.variant.game
    if game is None:
        return []
    return [(c.id, i) for c in game.contracts for i in range(len(c.score))]


def _played(rs: Ruleset, seed: int, index: int) -> Game:
    """Hand ``index``: the seed's shuffle, dealt as a fixed deal, played by bots."""
    gs = game_seed(seed, index)
    first = Game(rs, gs)
    game = Game(rs, gs, hands=first.dealt, kitty=first.kitty_dealt, dealer=first.dealer)
    names = ["random" if index % 2 == 0 else "greedy"] * rs.variant.players
    return play_hand(game, seated_bots(names, seed, index))


def _case(rs: Ruleset, game: Game, contract: str, row: int) -> dict[str, Any]:
    request: dict[str, Any] = {
        "op": "score",
        "seed": game.seed,
        "dealer": game.dealer,
        "deal": [format_cards(h) for h in game.dealt],
        "kitty": format_cards(game.kitty_dealt),
        **params_of(game.rs, hand_keys(rs)),
        "actions": list(game.actions),
    }
    shown = [e.to_json()["card"] for e in game.log if e.kind == "shown_card"]
    if shown:
        request["shown"] = shown[0]
    c = next(c for c in rs.variant.game.contracts if c.id == contract)  # type: ignore[union-attr]
    note = c.score[row].note
    rule = {"contract": contract, "row": row}
    why = f"{contract} row {row}" + (f": {note.en}" if note is not None else "")
    return {**request, "expect": score_answer(rs, request), "rule": rule, "why": why}


def hand_cases(rs: Ruleset, seed: int = 0, max_games: int = MAX_GAMES) -> HandCases:
    """One whole-hand case per score row reached within ``max_games`` hands."""
    wanted = _rows(rs)
    out = HandCases()
    if not wanted:
        return out
    found: dict[tuple[str, int], dict[str, Any]] = {}
    for index in range(max_games):
        if len(found) == len(wanted):
            break
        game = _played(rs, seed, index)
        if game.contract is None or game.result is None or game.result.row < 0:
            continue
        if any(e.kind == "redeal" for e in game.log):
            continue
        key = (game.contract.id, game.result.row)
        if key not in found:
            found[key] = _case(rs, game, *key)
    out.cases = [found[k] for k in wanted if k in found]
    out.unreached = [k for k in wanted if k not in found]
    return out
