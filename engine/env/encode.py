"""Observation encoding: ``Game.observation(seat)`` as a dict of numpy arrays.

Every per-seat axis is rotated so that row 0 is the observing seat, row 1 the next seat in
seat order, and so on: a policy trained in one seat plays in any other. Cards are counted
over the variant's distinct cards (``actions.distinct_cards``: rank then suit, wild cards
last), so two packs give counts up to 2. C is the number of distinct cards, n of seats, K of
contracts, L of level ranks (a match's ``session.levels.ranks``, or the one ``ranks.level``;
0 without levels), A the size of the action space.

| key | shape | dtype | what |
| --- | --- | --- | --- |
| ``action_mask`` | (A,) | int8 | 1 for each legal level-1 action (``actions.ActionSpace``) |
| ``cards_left`` | (n,) | int16 | cards each seat holds |
| ``contract`` | (K+1,) | int8 | one-hot over the variant's contracts; the last slot: none yet |
| ``declarers`` | (3,) | int8 | one-hot: whose level the hand is played at (my side, the other side, nobody's yet or no match) |
| ``hand`` | (C,) | int8 | own cards, a count per distinct card |
| ``level`` | (L+1,) | int8 | one-hot: the hand's level rank; the last slot: none |
| ``passed`` | (n,) | int8 | 1 where the seat passed in the current trick |
| ``phase`` | (3,) | int8 | one-hot: contract, play, over |
| ``played`` | (n, C) | int8 | cards each seat has played this deal (the public history) |
| ``roles`` | (n, 4) | int8 | per seat: declarer, declarer's partner (once known), known mate of mine, active in play |
| ``scores`` | (n,) | float32 | scores so far this hand |
| ``side_levels`` | (2, L+1) | int8 | each side's level in the match, my side first (one-hot; the last slot: unknown) |
| ``stock`` | (1,) | int8 | cards left in the stock (only a variant whose deal leaves one: ``deal.stock``) |
| ``calls`` | (n, K_c) | int8 | per seat, each of the variant's calls (``game.calls``) it made (only with calls) |
| ``wish`` | (R+1,) | int8 | one-hot: the rank wished and not yet played among the wish's R ranks; the last slot: none (only with a ``wish`` obligation) |
| ``out_of_turn`` | (1,) | int8 | 1 when the seat to act is asked out of turn (only with ``play.out_of_turn``) |
| ``target`` | (C,) | int8 | the play to beat (all zero when leading or in the contract phase) |
| ``target_seat`` | (n,) | int8 | one-hot: who made it |
| ``trick`` | (n, C) | int8 | cards each seat has played in the current trick |
| ``wild`` | (C,) | int8 | 1 for each card that is wild in this hand (a level's hearts, a drawn rank) |

The keys are in alphabetical order, which is gymnasium's ``Dict`` order, and OpenSpiel's
tensor is these arrays but the mask flattened in this order (``Encoder.layout`` gives each
slice's offset). Everything is read from the ``Observation`` alone (and the match state the
hand was dealt with, which every seat knows), so no other seat's cards can leak in.

Speed: the int8 arrays are views of one ``bytearray`` filled by index (a numpy call per small
array cost more than the counting), and the played-card counts are kept per seat between
observations of a hand.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

import numpy as np
from gymnasium import spaces
from paixing.env.actions import ActionSpace, distinct_cards
from paixing.game.events import Announced, Deal, Played, Wished, WishMet
from paixing.game.observation import Observation
from paixing.game.teams import fixed_sides
from paixing.rules.cards import Card, parse_cards

if TYPE_CHECKING:
    from paixing.game.match import MatchState

PHASES = ("contract", "play", "over")


def level_ranks(space: ActionSpace) -> list[str]:
    """The level ranks a variant's hands are played at (L of the table): its match's
    levels, or its one ``ranks.level``, or none."""
    v = space.rs.variant
    game = v.game
    if game is not None and game.session is not None and game.session.levels is not None:
        return list(game.session.levels.ranks)
    return [v.ranks.level] if v.ranks.level else []


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
        self.levels = level_ranks(space)
        fixed = next((c for c in rs.variant.game.contracts if c.teams == "fixed"), None)
        self.sides = fixed_sides(fixed, self.n) if fixed is not None else tuple(s % 2 for s in range(self.n))
        self._parsed: dict[str, list[int]] = {}
        self._wild: dict[int, tuple[object, bytes]] = {}
        n, c, lv = self.n, len(self.cards), len(self.levels) + 1
        shapes: dict[str, tuple[int, ...]] = {
            "contract": (len(self.contracts) + 1,), "declarers": (3,), "hand": (c,), "level": (lv,),
            "passed": (n,), "phase": (len(PHASES),), "played": (n, c), "roles": (n, 4),
            "side_levels": (2, lv), "target": (c,), "target_seat": (n,), "trick": (n, c), "wild": (c,),
        }
        # the keys of pieces only some variants have, present only there (other layouts stay as they are)
        game = rs.variant.game
        self.stock = game.deal.stock
        if self.stock:
            shapes["stock"] = (1,)
        self.call_ids = [call.id for call in game.calls]
        if self.call_ids:
            shapes["calls"] = (n, len(self.call_ids))
        wish = next((o.wish for o in game.play.obligations if o.wish is not None), None)
        self.wish_ranks: list[str] = list(wish.ranks) if wish is not None else []
        if wish is not None:
            shapes["wish"] = (len(self.wish_ranks) + 1,)
        self.out_of_turn = game.play.out_of_turn is not None
        if self.out_of_turn:
            shapes["out_of_turn"] = (1,)
        self.shapes = shapes
        self.at: dict[str, int] = {}
        """Offset of each int8 array in the one buffer (alphabetical order)."""
        total = 0
        self._slices: list[tuple[str, int, int, tuple[int, ...]]] = []
        """(key, start, end, shape: empty for a one-dimensional array, which needs no reshape)."""
        for key in sorted(shapes):
            size = int(np.prod(shapes[key]))
            self.at[key] = total
            self._slices.append((key, total, total + size, shapes[key] if len(shapes[key]) > 1 else ()))
            total += size
        self.total = total
        self.reset()

    def reset(self) -> None:
        """Forget the cached history counts (a new hand)."""
        n, c = self.n, len(self.cards)
        self._seen = [0] * n
        self._played = [bytearray(n * c) for _ in range(n)]
        self._calls = [bytearray(n * len(self.call_ids)) for _ in range(n)]
        """Per observing seat: the calls each seat made (absolute seats), from the history."""
        self._wished: list[str | None] = [None] * n
        """Per observing seat: the rank wished and not yet played, from the history."""

    def observation_space(self) -> spaces.Dict:
        """The gymnasium space of ``encode``'s dict."""
        top = self.copies
        deck = len(self.space.rs.deck())
        tops = {"hand": top, "played": top, "trick": top, "target": top, "stock": min(deck, 127)}
        boxes: dict[str, spaces.Space[Any]] = {key: spaces.Box(0, tops.get(key, 1), shape, np.int8) for key, shape in self.shapes.items()}
        boxes["cards_left"] = spaces.Box(0, deck, (self.n,), np.int16)
        boxes["scores"] = spaces.Box(-np.inf, np.inf, (self.n,), np.float32)
        boxes["action_mask"] = spaces.Box(0, 1, (self.space.size,), np.int8)
        return spaces.Dict(boxes)

    def layout(self) -> list[tuple[str, int, int, tuple[int, ...]]]:
        """(key, offset, length, shape) of each array in the flattened observation tensor
        (OpenSpiel's: every array but the mask, in the keys' alphabetical order)."""
        shapes = {**self.shapes, "cards_left": (self.n,), "scores": (self.n,)}
        out, at = [], 0
        for key in sorted(shapes):
            size = int(np.prod(shapes[key]))
            out.append((key, at, size, shapes[key]))
            at += size
        return out

    def mask(self, legal: Sequence[object]) -> np.ndarray:
        """The action mask of these legal actions (an observation's ``legal``: empty when the
        seat is not to act)."""
        mask = bytearray(self.space.size)  # a bytearray set by index, then viewed: no numpy call per index
        if legal:
            for i in self.space.indices(legal):  # type: ignore[arg-type]
                mask[i] = 1
        return np.frombuffer(mask, np.int8)

    def _indices(self, text: str) -> list[int]:
        known = self._parsed.get(text)
        if known is None:
            known = self._parsed[text] = [self.card_index[c] for c in parse_cards(text)]
        return known

    def played(self, obs: Observation) -> np.ndarray:
        """Cards each seat (absolute order) has played in this deal, from the history."""
        return np.frombuffer(bytes(self._played_counts(obs)), np.int8).reshape(self.n, len(self.cards))

    def _played_counts(self, obs: Observation) -> bytearray:
        seat = obs.seat
        counts = self._played[seat]
        history = obs.history
        c = len(self.cards)
        if len(history) < self._seen[seat]:  # another hand: start again
            self._forget(seat)
        for event in history[self._seen[seat] :]:
            if isinstance(event, Played):
                row = event.seat * c
                for i in self._indices(event.cards):
                    counts[row + i] += 1
            elif isinstance(event, Deal):
                self._forget(seat)
            elif isinstance(event, Announced):
                self._calls[seat][event.seat * len(self.call_ids) + self.call_ids.index(event.call)] = 1
            elif isinstance(event, Wished):
                self._wished[seat] = event.rank
            elif isinstance(event, WishMet):
                self._wished[seat] = None
        self._seen[seat] = len(history)
        return counts

    def _forget(self, seat: int) -> None:
        """A new deal: what ``seat`` has read of the history so far no longer counts."""
        self._played[seat][:] = bytes(len(self._played[seat]))
        self._calls[seat][:] = bytes(len(self._calls[seat]))
        self._wished[seat] = None
        self._seen[seat] = 0

    def _wild_cards(self, obs: Observation) -> bytes:
        """1 for each distinct card wild in the observation's ruleset (kept per ruleset)."""
        rs = obs.rs
        known = self._wild.get(id(rs))
        if known is None or known[0] is not rs:
            known = self._wild[id(rs)] = (rs, bytes(1 if rs.is_wild(c) else 0 for c in self.cards))
        return known[1]

    def _count(self, buf: bytearray, at: int, cards: Iterable[Card]) -> None:
        index = self.card_index
        for card in cards:
            buf[at + index[card]] += 1

    def encode(self, obs: Observation, mask: np.ndarray | None = None, match: MatchState | None = None) -> dict[str, np.ndarray]:
        """The dict of arrays for ``obs``. ``mask``: the action mask (None: made from
        ``obs.legal``, see ``mask``); ``match``: the match state the hand was dealt with
        (``Game.match_state``; None: the side levels are unknown)."""
        buf, cards_left, scores = self.fill(obs, match)
        arrays = np.frombuffer(buf, np.int8)
        out = {key: arrays[a:b].reshape(shape) if shape else arrays[a:b] for key, a, b, shape in self._slices}
        out["cards_left"] = np.array(cards_left, np.int16)
        out["scores"] = np.array(scores, np.float32)
        out["action_mask"] = self.mask(obs.legal) if mask is None else mask
        return out

    def fill(self, obs: Observation, match: MatchState | None = None) -> tuple[bytearray, list[int], list[float]]:
        """``encode``'s raw parts: the int8 arrays in one buffer (at ``self.at``), and the
        rotated ``cards_left`` and ``scores``. The flattened vector is written from these
        directly (``table.Flattener.encode``): no dict of views is made for it."""
        n, c, at = self.n, len(self.cards), self.at
        seat = obs.seat
        buf = bytearray(self.total)
        self._count(buf, at["hand"], obs.hand)
        played = self._played_counts(obs)
        start = at["played"]
        buf[start : start + n * c] = played[seat * c :] + played[: seat * c]
        for s, play in obs.trick:
            r = (s - seat) % n
            if play is None:
                buf[at["passed"] + r] = 1
            else:
                self._count(buf, at["trick"] + r * c, play.cards)
        if obs.last is not None and obs.phase == "play":
            self._count(buf, at["target"], obs.last[1].cards)
            buf[at["target_seat"] + (obs.last[0] - seat) % n] = 1
        buf[at["contract"] + (self.contracts.index(obs.contract.id) if obs.contract is not None else len(self.contracts))] = 1
        roles = at["roles"]
        for s in range(n):
            row = roles + 4 * ((s - seat) % n)
            buf[row] = s == obs.declarer
            buf[row + 1] = s == obs.partner
            buf[row + 2] = s in obs.mates
            buf[row + 3] = s in obs.active
        buf[at["phase"] + (PHASES.index(obs.phase) if obs.phase in PHASES else 0)] = 1
        buf[at["wild"] : at["wild"] + c] = self._wild_cards(obs)
        if self.stock:
            buf[at["stock"]] = min(obs.stock, 127)
        self._public(buf, obs)
        self._levels(buf, obs, match)
        return buf, list(obs.cards_left[seat:] + obs.cards_left[:seat]), list(obs.scores[seat:] + obs.scores[:seat])

    def _public(self, buf: bytearray, obs: Observation) -> None:
        """The calls made, the open wish and whether the seat to act is asked out of turn
        (each only where the variant has it; ``fill`` has read the history before)."""
        at, seat, n = self.at, obs.seat, self.n
        k = len(self.call_ids)
        if k:
            calls = self._calls[seat]
            start = at["calls"]
            buf[start : start + n * k] = calls[seat * k :] + calls[: seat * k]
        if self.wish_ranks:
            wished = self._wished[seat]
            ranks = self.wish_ranks
            buf[at["wish"] + (ranks.index(wished) if wished in ranks else len(ranks))] = 1
        if self.out_of_turn:
            buf[at["out_of_turn"]] = obs.out_of_turn

    def _levels(self, buf: bytearray, obs: Observation, match: MatchState | None) -> None:
        """The hand's level, each side's level and whose level it is (see the table)."""
        at, levels = self.at, self.levels
        none = len(levels)
        level = obs.rs.hand.level or obs.rs.variant.ranks.level
        buf[at["level"] + (levels.index(level) if level in levels else none)] = 1
        mine = self.sides[obs.seat]
        if match is None or not levels:
            buf[at["side_levels"] + none] = 1
            buf[at["side_levels"] + none + 1 + none] = 1
            buf[at["declarers"] + 2] = 1
            return
        for row, side in enumerate((mine, 1 - mine)):
            k = match.levels[side] if side < len(match.levels) else none
            buf[at["side_levels"] + row * (none + 1) + min(k, none)] = 1
        buf[at["declarers"] + (2 if match.declarers < 0 else 0 if match.declarers == mine else 1)] = 1
