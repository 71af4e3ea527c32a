"""Aids a player may ask for at a real table, worked out from his seat's ``Observation`` only:

- ``hint``: the move the greedy bot would choose from that observation (``BOTS["greedy"]``, the
  bot ``paixing simulate`` and ``play --bots greedy`` use), never from the game itself;
- the played-cards tracker (记牌器): per rank, how many cards are still out of sight — the deck
  less his own hand and every card played so far (the public history). A card given as tribute
  or taken with the kitty is still in someone's hand, so it stays "out" until it is played.
"""

from __future__ import annotations

from collections import Counter

from paixing.agents.bots import Bot, make_bot
from paixing.game.actions import Action
from paixing.game.events import Played
from paixing.game.observation import Observation
from paixing.rules.cards import parse_cards

HINT_BOT = "greedy"
"""The bot whose choice ``hint`` shows."""


def hint_bot() -> Bot:
    """The bot that answers ``hint`` (seeded 0: the same observation, the same hint)."""
    return make_bot(HINT_BOT, 0)


def hint(bot: Bot, obs: Observation) -> Action:
    """What ``bot`` would do seeing ``obs`` (the player's own observation, on his turn)."""
    return bot.choose(obs)


def still_out(obs: Observation) -> list[tuple[str, int]]:
    """(rank, cards of it not yet seen by this seat), highest rank first as the hand's rules
    rank them (a level rank in its place), every rank of the deck listed, 0 included."""
    rs = obs.rs
    out: Counter[str] = Counter(rs.rank_copies)
    for card in obs.hand:
        out[card.rank] -= 1
    for event in obs.history:
        if isinstance(event, Played):
            for card in parse_cards(event.cards):
                out[card.rank] -= 1
    order = list(reversed(rs.ranks))
    ranks = [r for r in order if r in rs.rank_copies] + sorted(r for r in rs.rank_copies if r not in order)
    return [(r, max(out[r], 0)) for r in ranks]


def tracker_text(obs: Observation) -> str:
    """The tracker's line: ``记牌器 (still out): RJ 1 · BJ 1 · 2 3 · A 4 · …``."""
    return "记牌器 (still out): " + " · ".join(f"{rank} {n}" for rank, n in still_out(obs))
