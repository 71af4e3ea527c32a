"""Worlds a seat cannot tell apart: a whole ``Game`` rebuilt from one ``Observation``.

A search agent sees only its observation, yet it needs games to play forward. ``sample_world``
deals the cards the seat cannot see at random, consistently with everything the observation
says, and replays the public history on that deal with the engine itself:

- **what the deal must contain**: the seat's own dealt hand (its copy of the deal event), the
  cards every other seat has played since the deal, the shown kitty, a shown partner card
  (the dealer held it), a dealer chosen as the holder of a card, the called card with a
  partner the seat knows; the rest of each hand is drawn from the unseen cards, in the sizes
  the observation gives (cards left per seat);
- **replay**: a ``Game`` dealt those hands (same dealer) then takes every action of the history
  (a play is read back from its event; a contract action is the legal action whose events
  agree); every event the world records must equal the history's, so a world in which a seat
  could not have done what it did (a card it could not call, a pass an obligation forbids, a
  dealt-hand reward it would not have had) is refused and another one is drawn;
- **the order of the deal** is hidden too (a deal event shows sorted hands): when a step reads
  it with the random stream (a card shown at random), the world tries each rotation of the
  dealt order until the automatic events agree.

Only the observation is read: the real hidden hands never enter (``tests/game/test_search.py``).
The first hand of a session is assumed (an observation does not say which hand it is).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from paixing.agents.determinize import resample
from paixing.game.actions import PASS, Action, IllegalAction, play_action
from paixing.game.events import (
    Announced,
    Deal,
    DealtRest,
    Declined,
    Drew,
    Event,
    Kitty,
    OutOfTurn,
    Pass,
    Played,
    ShownCard,
)
from paixing.game.observation import Observation, hidden_rest
from paixing.game.state import Game
from paixing.hands.classify import classify
from paixing.hands.compile import Ruleset
from paixing.rules.cards import Card, parse_cards

TRIES = 30
"""Deals drawn before ``sample_world`` gives up (the agent then falls back on its policy)."""


class Known:
    """What the observation fixes about the last deal: each seat's pinned dealt cards, the
    dealt sizes, the shown kitty, and the history from the deal on."""

    def __init__(self, obs: Observation) -> None:
        history = list(obs.history)
        start = max(i for i, e in enumerate(history) if isinstance(e, Deal))
        deal = history[start]
        assert isinstance(deal, Deal)
        self.rs: Ruleset = obs.rs
        self.seat = obs.seat
        self.dealer = deal.dealer
        self.events: list[Event] = history[start:]
        self.own: list[Card] = _own_dealt(deal, self.events, obs.seat)
        n = len(obs.cards_left)
        self.in_order: list[list[Card]] = [[] for _ in range(n)]
        """Each seat's played cards in the order played."""
        self.draws: list[tuple[int, int]] = []
        """Each draw from a stock, in order: (seat, cards)."""
        self.kitty: list[Card] | None = None
        taker = self._read_events()
        played = [Counter(order) for order in self.in_order]
        kitty: Counter[Card] = Counter(self.kitty or ())
        pins = [played[s] - kitty if s == taker else Counter(played[s]) for s in range(n)]
        self.keep: dict[int, list[Card]] = {}
        """Cards still in a hand whose holder the seat knows (besides the called card and the
        kitty, which ``determinize`` pins itself)."""
        for seat, card in self._public_holders(obs):
            if pins[seat][card] == 0:
                pins[seat][card] = 1
            if played[seat][card] == 0:
                self.keep.setdefault(seat, []).append(card)
        self.pins = pins
        self.plays: dict[int, Action | None] = {}
        """History index → the play its event records (read once, shared by every world)."""
        drawn = [sum(k for t, k in self.draws if t == s) for s in range(n)]
        self.sizes = [obs.cards_left[s] + played[s].total() - drawn[s] - (len(kitty) if s == taker else 0) for s in range(n)]
        self.sizes[obs.seat] = len(self.own)
        self.own_drawn = _own_draws(self.own, self.in_order[obs.seat], obs.hand)
        """The cards the seat drew, in an order its plays allow (``_own_draws``)."""

    def _read_events(self) -> int:
        """Fill ``in_order``, ``draws`` and ``kitty`` from the events; the kitty's taker (-1: none)."""
        taker = -1
        for e in self.events:
            if isinstance(e, Played):
                self.in_order[e.seat] += parse_cards(e.cards)
            elif isinstance(e, Kitty):
                self.kitty, taker = parse_cards(e.cards), e.seat
            elif isinstance(e, Drew):
                self.draws.append((e.seat, e.cards))
        return taker

    def _public_holders(self, obs: Observation) -> list[tuple[int, Card]]:
        """Cards the seat knows another seat was dealt: a shown card, the card that made the
        dealer, the called card with a partner the seat knows."""
        out: list[tuple[int, Card]] = []
        for e in self.events:
            if isinstance(e, ShownCard):
                out.append((e.seat, parse_cards(e.card)[0]))
        dealer_rule = obs.rs.variant.game.dealer if obs.rs.variant.game else None
        if dealer_rule is not None and dealer_rule.first_hand == "holder" and dealer_rule.card:
            out += [(self.dealer, c) for c in parse_cards(dealer_rule.card)]
        if obs.partner is not None and obs.called is not None:
            out.append((obs.partner, obs.called))
        return [(s, c) for s, c in out if s != obs.seat]

    def deal(self, rng: random.Random) -> tuple[list[list[Card]], list[Card]] | None:
        """Dealt hands and kitty drawn at random within what is known (None if impossible).
        Where players drew from a stock, the kitty is that stock: each draw takes what the
        drawer was seen to play beyond his dealt cards (or, for the seat, what it drew), the
        rest at random."""
        if self.draws:
            return self._deal_with_stock(rng)
        pool = Counter(self.rs.deck())
        pool.subtract(self.own)
        for s, pin in enumerate(self.pins):
            if s != self.seat:
                pool.subtract(pin)
        if self.kitty is not None:
            pool.subtract(self.kitty)
        if any(v < 0 for v in pool.values()):
            return None
        cards = list(pool.elements())
        rng.shuffle(cards)
        hands: list[list[Card]] = []
        at = 0
        for s, size in enumerate(self.sizes):
            if s == self.seat:
                hands.append(list(self.own))
                continue
            need = size - self.pins[s].total()
            if need < 0 or at + need > len(cards):
                return None
            hand = list(self.pins[s].elements()) + cards[at : at + need]
            rng.shuffle(hand)
            hands.append(hand)
            at += need
        kitty = list(self.kitty) if self.kitty is not None else cards[at:]
        return hands, kitty


    def _deal_with_stock(self, rng: random.Random) -> tuple[list[list[Card]], list[Card]] | None:
        pool = Counter(self.rs.deck())
        pool.subtract(self.own)
        pool.subtract(self.own_drawn)
        for s, order in enumerate(self.in_order):
            if s != self.seat:
                pool.subtract(order)
        if any(v < 0 for v in pool.values()):
            return None
        cards = list(pool.elements())
        rng.shuffle(cards)
        hands: list[list[Card]] = []
        extra: dict[int, list[Card]] = {self.seat: list(self.own_drawn)}
        for s, size in enumerate(self.sizes):
            if s == self.seat:
                hands.append(list(self.own))
                continue
            # the cards played first were dealt; those beyond the dealt size came from draws
            order = self.in_order[s]
            hand, extra[s] = order[:size], order[size:]
            need = size - len(hand)
            hands.append(hand + cards[:need])
            cards = cards[need:]
        stock: list[Card] = []
        for seat, k in self.draws:
            mine = extra[seat][:k]
            extra[seat] = extra[seat][k:]
            stock += mine + cards[: k - len(mine)]
            cards = cards[k - len(mine) :]
        if any(extra.values()):
            return None  # more cards played than dealt and drawn
        return hands, stock + cards


def _own_dealt(deal: Deal, events: Sequence[Event], seat: int) -> list[Card]:
    """The seat's dealt cards: its copy of the deal, and of the rest of a deal dealt in two
    parts (a round of calls on the first cards)."""
    own = deal.hands[seat]
    cards = parse_cards(own) if own else []
    for e in events:
        rest = e.hands[seat] if isinstance(e, DealtRest) else None
        cards += parse_cards(rest) if rest else []
    return cards


def _own_draws(dealt: list[Card], played: list[Card], hand: Sequence[Card]) -> list[Card]:
    """The cards a seat drew (what it played or holds beyond its dealt cards), in an order its
    plays allow: those it played, in the order played, then those it holds, as it holds them
    (a hand keeps drawn cards after the dealt ones, in the order drawn)."""
    left = Counter(dealt)
    out: list[Card] = []
    for card in [*played, *hand]:
        if left[card]:
            left[card] -= 1
        else:
            out.append(card)
    return out


def _agrees(world: Game, events: Sequence[Event], seat: int) -> bool:
    """Whether every event the world recorded after its deal is the history's (the rest of a
    deal as ``seat`` saw it)."""
    log = world.log
    upto = min(len(log), len(events))
    return all(_same(log[i], events[i], seat) for i in range(1, upto)) and len(log) <= len(events)


def _same(event: Event, seen: Event, seat: int) -> bool:
    """Whether the world's ``event`` is the ``seen`` one of the history."""
    return event == seen or (isinstance(event, DealtRest) and hidden_rest(event, seat) == seen)


def _dealt_world(known: Known, hands: list[list[Card]], kitty: list[Card], seed: int) -> Game | None:
    """The world dealt ``hands``, its dealt order rotated until its automatic events agree."""
    longest = max(map(len, hands))
    for turn in range(longest):
        rotated = [h[turn % len(h) :] + h[: turn % len(h)] if h else h for h in hands]
        world = Game(known.rs, seed, hands=rotated, kitty=kitty, dealer=known.dealer)
        if _agrees(world, known.events, known.seat):
            return world
    return None


def _play_of(rs: Ruleset, event: Played) -> Action | None:
    """The play ``event`` records, read back from its cards and reading."""
    for play in classify(rs, parse_cards(event.cards), rs.type_by_id[event.hand_type]):
        if (play.reads_as if play.wild_as else None) == event.reads_as:
            return play_action(play)
    return None


def _recorded_action(known: Known, index: int) -> Action | None:
    """The play or pass that recorded history event ``index`` (None for another event): a
    decline out of turn is a pass, and a play out of turn is the play its event comes before."""
    if index not in known.plays:
        event = known.events[index]
        if isinstance(event, OutOfTurn) and index + 1 < len(known.events):
            event = known.events[index + 1]
        if isinstance(event, Announced):  # a call made at a turn of trick play
            known.plays[index] = Action("announce", call=event.call)
        else:
            known.plays[index] = PASS if isinstance(event, Pass | Declined) else _play_of(known.rs, event) if isinstance(event, Played) else None
    return known.plays[index]


def _replay(known: Known, world: Game) -> Game | None:
    """``world`` taken through every action of the history, or None where it disagrees."""
    events = known.events
    while len(world.log) < len(events):
        if world.over:
            return None
        nxt = _next(world, known, len(world.log))
        if nxt is None:
            return None
        world = nxt
    return world if len(world.log) == len(events) else None


def _next(world: Game, known: Known, index: int) -> Game | None:
    """``world`` after the action that recorded history event ``index``, if it agrees."""
    events = known.events
    if world.phase == "play":
        action = _recorded_action(known, index)
        candidates = [action] if action is not None else []
    else:
        candidates = list(world.legal_actions())
    for action in candidates:
        trial = world.clone() if len(candidates) > 1 else world
        try:
            trial.apply(action)
        except IllegalAction:
            continue
        if _agrees(trial, events, known.seat):
            return trial
    return None


def sample_world(obs: Observation, rng: random.Random, tries: int = TRIES) -> Game | None:
    """A game the seat cannot tell from the real one: the unseen cards dealt at random and the
    public history replayed on them (None when ``tries`` deals all disagree with it)."""
    return exact_world(Known(obs), obs.turn, rng, tries)


def exact_world(known: Known, turn: int, rng: random.Random, tries: int = TRIES) -> Game | None:
    """``sample_world`` for what is known already."""
    for _ in range(tries):
        dealt = known.deal(rng)
        if dealt is None:
            continue
        world = _dealt_world(known, dealt[0], dealt[1], rng.getrandbits(63))
        if world is None:
            continue
        world = _replay(known, world)
        if world is not None and world.turn == turn:
            return world
    return None


def sample_worlds(obs: Observation, rng: random.Random, count: int, tries: int = TRIES) -> list[Game]:
    """``count`` worlds for ``obs``: the first replayed exactly (``sample_world``), the others
    its unseen cards dealt again (``determinize.resample``, keeping every card whose holder the
    seat knows), which costs a clone instead of a replay but skips the replay's checks (a
    re-dealt world may give a seat a card it could not have called). Empty when no deal agrees."""
    known = Known(obs)
    base = exact_world(known, obs.turn, rng, tries)
    if base is None:
        return []
    return [base] + [resample(base, obs.seat, rng, known.keep) for _ in range(count - 1)]
