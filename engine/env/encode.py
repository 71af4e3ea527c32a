"""Observation encoding: ``Game.observation(seat)`` as a dict of numpy arrays.

Every per-seat axis is rotated so that row 0 is the observing seat, row 1 the next seat in
seat order, and so on: a policy trained in one seat plays in any other. Cards are counted
over the variant's distinct cards (``actions.distinct_cards``: rank then suit, wild cards
last), so two packs give counts up to 2.

| key | shape | dtype | what |
| --- | --- | --- | --- |
| ``hand`` | (C,) | int8 | own cards, a count per distinct card |
| ``played`` | (n, C) | int8 | cards each seat has played this deal (the public history) |
| ``trick`` | (n, C) | int8 | cards each seat has played in the current trick |
| ``passed`` | (n,) | int8 | 1 where the seat passed in the current trick |
| ``cards_left`` | (n,) | int16 | cards each seat holds |
| ``target`` | (C,) | int8 | the play to beat (all zero when leading or in the contract phase) |
| ``target_seat`` | (n,) | int8 | one-hot: who made it |
| ``contract`` | (K+1,) | int8 | one-hot over the variant's contracts; the last slot: none yet |
| ``roles`` | (n, 4) | int8 | per seat: declarer, declarer's partner (once known), known mate of mine, active in play |
| ``phase`` | (3,) | int8 | one-hot: contract, play, over |
| ``scores`` | (n,) | float32 | scores so far this hand |
| ``action_mask`` | (A,) | int8 | 1 for each legal level-1 action (``actions.ActionSpace``) |

Everything is read from the ``Observation`` alone, so no other seat's cards can leak in.
"""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np
from gymnasium import spaces
from paixing.env.actions import ActionSpace, distinct_cards
from paixing.game.events import Deal, Played
from paixing.game.observation import Observation
from paixing.rules.cards import Card, parse_cards

PHASES = ("contract", "play", "over")


class Encoder:
    """Encodes one variant's observations; keeps, per seat, the played-card counts of the
    history seen so far (a seat's history only grows during a hand), so an observation costs
    only the events since the last one. ``reset()`` at each new hand."""

    def __init__(self, space: ActionSpace) -> None:
        rs = space.rs
        assert rs.variant.game is not None
        self.space = space
        self.n = rs.variant.players
        self.cards = distinct_cards(rs)
        self.card_index = {c: i for i, c in enumerate(self.cards)}
        self.copies = max(rs.deck_counts.values())
        self.contracts = [c.id for c in rs.variant.game.contracts]
        self._parsed: dict[str, list[int]] = {}
        self.reset()

    def reset(self) -> None:
        """Forget the cached history counts (a new hand)."""
        n, c = self.n, len(self.cards)
        self._seen = [0] * n
        self._played = [np.zeros((n, c), np.int8) for _ in range(n)]

    def observation_space(self) -> spaces.Dict:
        """The gymnasium space of ``encode``'s dict."""
        n, c, top = self.n, len(self.cards), self.copies
        deck = len(self.space.rs.deck())

        def box(shape: tuple[int, ...], high: float, dtype: type = np.int8, low: float = 0) -> spaces.Box:
            return spaces.Box(low, high, shape, dtype)

        return spaces.Dict({
            "hand": box((c,), top),
            "played": box((n, c), top),
            "trick": box((n, c), top),
            "passed": box((n,), 1),
            "cards_left": box((n,), deck, np.int16),
            "target": box((c,), top),
            "target_seat": box((n,), 1),
            "contract": box((len(self.contracts) + 1,), 1),
            "roles": box((n, 4), 1),
            "phase": box((len(PHASES),), 1),
            "scores": box((n,), np.inf, np.float32, -np.inf),
            "action_mask": box((self.space.size,), 1),
        })

    def _indices(self, text: str) -> list[int]:
        known = self._parsed.get(text)
        if known is None:
            known = self._parsed[text] = [self.card_index[c] for c in parse_cards(text)]
        return known

    def _count(self, cards: Iterable[Card]) -> np.ndarray:
        out = np.zeros(len(self.cards), np.int8)
        for card in cards:
            out[self.card_index[card]] += 1
        return out

    def played(self, obs: Observation) -> np.ndarray:
        """Cards each seat (absolute order) has played in this deal, from the history."""
        seat = obs.seat
        counts = self._played[seat]
        history = obs.history
        if len(history) < self._seen[seat]:  # another hand: start again
            counts[:] = 0
            self._seen[seat] = 0
        for event in history[self._seen[seat] :]:
            if isinstance(event, Played):
                for i in self._indices(event.cards):
                    counts[event.seat, i] += 1
            elif isinstance(event, Deal):
                counts[:] = 0
        self._seen[seat] = len(history)
        return counts

    def encode(self, obs: Observation, mask: np.ndarray) -> dict[str, np.ndarray]:
        """The dict of arrays for ``obs`` (``mask``: the action mask, see ``ActionSpace``)."""
        n = self.n
        order = [(obs.seat + k) % n for k in range(n)]
        trick = np.zeros((n, len(self.cards)), np.int8)
        passed = np.zeros(n, np.int8)
        for seat, play in obs.trick:
            if play is None:
                passed[seat] = 1
            else:
                trick[seat] += self._count(play.cards)
        target = np.zeros(len(self.cards), np.int8)
        target_seat = np.zeros(n, np.int8)
        if obs.last is not None and obs.phase == "play":
            target = self._count(obs.last[1].cards)
            target_seat[obs.last[0]] = 1
        contract = np.zeros(len(self.contracts) + 1, np.int8)
        contract[self.contracts.index(obs.contract.id) if obs.contract is not None else -1] = 1
        roles = np.zeros((n, 4), np.int8)
        for s in range(n):
            roles[s] = (s == obs.declarer, s == obs.partner, s in obs.mates, s in obs.active)
        phase = np.zeros(len(PHASES), np.int8)
        phase[PHASES.index(obs.phase) if obs.phase in PHASES else 0] = 1
        return {
            "hand": self._count(obs.hand),
            "played": self.played(obs)[order],
            "trick": trick[order],
            "passed": passed[order],
            "cards_left": np.array(obs.cards_left, np.int16)[order],
            "target": target,
            "target_seat": target_seat[order],
            "contract": contract,
            "roles": roles[order],
            "phase": phase,
            "scores": np.array(obs.scores, np.float32)[order],
            "action_mask": mask,
        }
