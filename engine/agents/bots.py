"""Bots that play whole hands: a uniform random player and a greedy heuristic player.

A bot answers one question, ``choose(obs)``: which of ``obs.legal`` (the legal actions of the
seat to act) it takes. It is given only that seat's ``Observation``, never the game, so it
cannot read another hand. Each bot owns a ``random.Random`` seeded at construction, so a hand played by
seeded bots is reproducible. No game's name appears here: the greedy bot reads only what
every variant has (ladder rungs, comparison keys, ranks, the contract's teams, the seats).

The greedy heuristics (documented with the measurements behind them in ``docs/simulate.md``):

- **Hand strength** (for bidding): high cards (the top ``HIGH_RANKS`` ranks and wild cards)
  beyond those of an average hand of the same size, plus ``BOMB_WEIGHT`` for each bomb beyond
  the average, bombs being the disjoint bomb-rung plays (rung above 0, no wild cards) of a
  greedy split of the hand.
- **Contract steps** (read through each action's ``Meaning``, whatever the step's kind): a
  declaration when the strength reaches ``solo``, a counter-declaration when it reaches
  ``counter``; on a ladder of values the highest rung whose threshold the strength reaches, if
  that rung is still open; a called card is the highest card offered (the bot holds none).
- **Lead**: a play that empties the hand if there is one; otherwise the cheapest play that is
  no bomb and breaks none (lowest rung, fewest wild cards, lowest rank, most cards, lowest
  highest card).
- **Response**: pass when the trick is held by a known partner; otherwise the cheapest play
  that beats (lowest rung, fewest wild cards, lowest key), a bomb when nothing lower beats,
  but never a play that breaks a bomb of the hand unless a possible opponent has at most
  ``URGENT`` cards left or the play empties the hand; pass when nothing else is left.
- **Out of turn** (asked in a priority window, ``Observation.out_of_turn``): a play that
  empties the hand; else, when a possible opponent has at most ``URGENT`` cards left and the
  trick is not a known partner's, the cheapest play offered; else decline.

The greedy bot is deterministic; its ``rng`` is there for the protocol (and subclasses).

``BOTS`` is the bot registry (name → class). An entry is a class built as ``Class(seed)`` (or
``Class(seed, budget=…)`` when it sets ``takes_budget = True``) whose instances answer
``choose(obs) -> Action`` (the ``Bot`` protocol); a bot in another module adds itself with
``BOTS.add(name, Class)`` and is imported by ``paixing.agents``.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any, Protocol, runtime_checkable

from paixing.game.actions import PASS, Action
from paixing.game.observation import Observation
from paixing.hands.compile import Ruleset
from paixing.hands.generate import generate
from paixing.hands.play import Play
from paixing.hands.view import HandView
from paixing.rules.cards import Card
from paixing.rules.registry import Registry

HIGH_RANKS = 3
"""How many of the top ranks (``ranks.order``) count as high cards; wild cards always do."""
BOMB_WEIGHT = 2.0
"""Strength of each bomb-rung play in the hand's split, in high cards."""
SAMPLE_HANDS = 100
"""Hands dealt (from a fixed seed) to measure the bombs of an average hand."""
URGENT = 3
"""A possible opponent with this many cards or fewer makes the greedy bot spend its bombs."""


@runtime_checkable
class Bot(Protocol):
    """A player: picks one of the legal actions in its observation."""

    name: str

    def choose(self, obs: Observation) -> Action:
        """One action from ``obs.legal`` (the observing seat is to act)."""
        ...


def _legal(obs: Observation) -> Sequence[Action]:
    return _legal_count(obs)[0]


def _legal_count(obs: Observation) -> tuple[Sequence[Action], int]:
    """The legal actions of the observing seat and how many there are; refuses an observation
    whose seat is not to act or has nothing to do."""
    if obs.phase == "over":
        raise ValueError("the hand is over: no action to choose")
    if obs.seat != obs.turn:
        raise ValueError(f"seat {obs.seat} is not to act (seat {obs.turn} is)")
    legal = obs.legal
    n = len(legal)
    if not n:
        raise ValueError(f"seat {obs.seat} has no legal action")
    return legal, n


class RandomBot:
    """Uniform over the legal actions (contract actions and plays alike)."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, obs: Observation) -> Action:
        legal, n = _legal_count(obs)
        # what ``rng.choice(legal)`` draws (both read ``_randbelow(len)``), with one ``len`` of
        # the legal actions instead of three: random play is what simulations time
        return legal[self.rng.randrange(n)]


def possible_opponents(obs: Observation) -> set[int]:
    """Active seats still holding cards that the observer does not know to be partners."""
    return {s for s in obs.active if s != obs.seat and s not in obs.mates and obs.cards_left[s]}


# --------------------------------------------------------------------------- hand evaluation


def _high_ranks(rs: Ruleset) -> set[str]:
    return set(rs.ranks[-HIGH_RANKS:])


def high_cards(rs: Ruleset, cards: Sequence[Card]) -> int:
    """Cards of the top ``HIGH_RANKS`` ranks, plus wild cards."""
    top = _high_ranks(rs)
    return sum(1 for c in cards if rs.is_wild(c) or c.rank in top)


def bomb_plays(rs: Ruleset, cards: Sequence[Card]) -> list[Play]:
    """Every play above the lowest rung the cards can make without wild cards."""
    hv = HandView(rs, cards)
    return [
        p
        for t in rs.types
        if t.playable and t.max_rung > 0
        for p in generate(rs, hv, t)
        if p.rung > 0 and not p.wild_as
    ]


def bomb_split(rs: Ruleset, cards: Sequence[Card]) -> list[Play]:
    """Disjoint bomb-rung plays taken greedily: the highest rung (then the most cards) first."""
    left = list(cards)
    found: list[Play] = []
    while True:
        plays = bomb_plays(rs, left)
        if not plays:
            return found
        best = max(plays, key=lambda p: (p.rung, len(p)))
        found.append(best)
        for c in best.cards:
            left.remove(c)


@lru_cache(maxsize=32)
def average_hand(rs: Ruleset, size: int) -> tuple[float, float]:
    """High cards and bombs (``bomb_split``) of an average hand of ``size`` cards: the first
    exactly, the second over ``SAMPLE_HANDS`` hands dealt from a fixed seed."""
    deck = rs.deck()
    high = high_cards(rs, deck) * size / len(deck)
    rng = random.Random(0)
    bombs = 0
    for _ in range(SAMPLE_HANDS):
        bombs += len(bomb_split(rs, rng.sample(deck, size)))
    return high, bombs / SAMPLE_HANDS


def hand_strength(rs: Ruleset, cards: Sequence[Card]) -> float:
    """How much better than an average hand of its size: high cards beyond the average, plus
    ``BOMB_WEIGHT`` per bomb beyond the average."""
    high, bombs = average_hand(rs, len(cards))
    return high_cards(rs, cards) - high + BOMB_WEIGHT * (len(bomb_split(rs, cards)) - bombs)


def protected(rs: Ruleset, cards: Sequence[Card]) -> dict[int, int]:
    """Rank index → natural cards of that rank some bomb-rung play of the hand needs."""
    need: dict[int, int] = {}
    for p in bomb_plays(rs, cards):
        for r, n in p.naturals:
            need[r] = max(need.get(r, 0), n)
    return need


def breaks_bomb(play: Play, have: Counter[int], need: dict[int, int]) -> bool:
    """Whether ``play`` takes cards a bomb-rung play of the hand needs (and is not a bomb)."""
    if play.rung > 0:
        return False
    return any(have[r] - n < need[r] for r, n in play.naturals if r in need)


def _lowest(play: Play) -> int:
    return min((r for r, _ in play.naturals), default=len(play.type.tables.ranks))


def _highest(play: Play) -> int:
    return max((r for r, _ in play.naturals), default=len(play.type.tables.ranks))


def _bomb_needs(rs: Ruleset, hand: Sequence[Card]) -> tuple[Counter[int], dict[int, int]]:
    """Cards held per rank index, and the naturals per rank its bomb-rung plays need."""
    have: Counter[int] = Counter()
    for r, cards in enumerate(HandView(rs, hand).by_rank):
        have[r] = len(cards)
    return have, protected(rs, hand)


def _level(action: Action) -> int | None:
    """The action's rung on a ladder of values, if it is one."""
    return action.meaning.level if action.meaning is not None else None


# --------------------------------------------------------------------------- the greedy bot


class GreedyBot:
    """Bids on strong hands, sheds low cards first, beats as cheaply as it can, does not break
    its bombs (unless an opponent is nearly out) and does not beat its partner."""

    name = "greedy"

    def __init__(
        self,
        seed: int = 0,
        solo: float = 2.0,
        counter: float = 4.0,
        auction: Sequence[float] = (-1.0, 1.0, 3.0),
        call: float = 4.0,
    ) -> None:
        self.rng = random.Random(seed)
        self.call = call
        """The hand strength from which it makes a call it is offered (``announce``)."""
        self.solo = solo
        self.counter = counter
        self.auction = tuple(auction)
        """Thresholds for the auction's values, lowest value first (the last repeats)."""

    def choose(self, obs: Observation) -> Action:
        actions = _legal(obs)
        announce = next((a for a in actions if a.kind == "announce"), None)
        if announce is not None and hand_strength(obs.rs, obs.hand) >= self.call:
            return announce  # a call (the first offered) on a strong hand; else it declines
        if obs.phase == "contract":
            return self._contract(obs, actions)
        return self._play(obs, actions)

    # contract steps ------------------------------------------------------------------------
    def _contract(self, obs: Observation, actions: Sequence[Action]) -> Action:
        """Read each action's ``Meaning``: a card to call, a declaration, or a ladder rung."""
        rs = obs.rs
        calls = [a for a in actions if a.card is not None]
        if calls:
            return max(calls, key=lambda a: rs.sort_key(a.card) if a.card else (0, 0))
        strength = hand_strength(rs, obs.hand)
        declares = [a for a in actions if a.meaning is not None and a.meaning.declares and a.meaning.level is None]
        if declares:
            return self._declare(declares[0], strength)
        rung = self._rung([a for a in actions if _level(a) is not None], strength)
        if rung is not None:
            return rung
        return PASS if PASS in actions else actions[0]

    def _declare(self, declare: Action, strength: float) -> Action:
        """Declare when the strength reaches ``solo`` (``counter`` for a counter-declaration)."""
        assert declare.meaning is not None
        threshold = self.counter if declare.meaning.counters else self.solo
        return declare if strength >= threshold else PASS

    def _rung(self, rungs: list[Action], strength: float) -> Action | None:
        """The highest rung whose threshold ``strength`` reaches, if it is still open (None when
        no rung is offered, none is reached, or the wanted one is closed)."""
        if not rungs:
            return None
        assert rungs[0].meaning is not None
        wanted = None
        for i in range(rungs[0].meaning.ladder):
            t = self.auction[min(i, len(self.auction) - 1)] if self.auction else 0.0
            if strength >= t:
                wanted = i
        return next((a for a in rungs if _level(a) == wanted), None)

    # play ----------------------------------------------------------------------------------
    def _play(self, obs: Observation, actions: Sequence[Action]) -> Action:
        """Go out if possible; else let a known partner's trick stand; else lead or respond."""
        plays = [a for a in actions if a.play is not None]
        if not plays:  # a decision of trick play that is no play: a trick given to a seat
            return max(actions, key=lambda a: obs.cards_left[a.value] if a.value is not None else -1)
        out = [a for a in plays if len(a.play or ()) == len(obs.hand)]
        if out:
            return min(out, key=lambda a: self._response_cost(a.play))
        can_pass = PASS in actions
        if can_pass and obs.last is not None and obs.last[0] in obs.mates:
            return PASS
        if obs.out_of_turn and not any(obs.cards_left[s] <= URGENT for s in possible_opponents(obs)):
            return PASS  # asked out of turn: its bombs are kept for when an opponent is nearly out
        have, need = _bomb_needs(obs.rs, obs.hand)
        if not can_pass:
            return self._lead(plays, have, need)
        return self._respond(obs, plays, have, need)

    def _lead(self, plays: list[Action], have: Counter[int], need: dict[int, int]) -> Action:
        """The cheapest lead that breaks no bomb (any play when every one does)."""
        free = [a for a in plays if a.play is not None and not breaks_bomb(a.play, have, need)]
        return min(free or plays, key=lambda a: self._lead_cost(a.play, have, need))

    def _respond(self, obs: Observation, plays: list[Action], have: Counter[int], need: dict[int, int]) -> Action:
        """The cheapest play that beats, sparing the bombs unless an opponent is nearly out."""
        urgent = any(obs.cards_left[s] <= URGENT for s in possible_opponents(obs))
        pool = [a for a in plays if a.play is not None and (urgent or not breaks_bomb(a.play, have, need))]
        if not pool:
            return PASS
        return min(pool, key=lambda a: self._response_cost(a.play, have, need))

    @staticmethod
    def _lead_cost(play: Play | None, have: Counter[int], need: dict[int, int]) -> tuple[Any, ...]:
        assert play is not None
        return (
            play.rung,
            len(play.wild_as),
            breaks_bomb(play, have, need),
            _lowest(play),
            -len(play),
            _highest(play),
            play.type.index,
        )

    @staticmethod
    def _response_cost(
        play: Play | None, have: Counter[int] | None = None, need: dict[int, int] | None = None
    ) -> tuple[Any, ...]:
        assert play is not None
        broken = breaks_bomb(play, have, need) if have is not None and need is not None else False
        return (play.rung, len(play.wild_as), broken, play.type.cls, play.key, len(play), _highest(play), play.type.index)


BOTS: Registry[Callable[..., Bot]] = Registry("bot", [("random", RandomBot), ("greedy", GreedyBot)])
"""Bot name → class; each takes ``seed`` as its first argument (and ``budget`` when it has
``takes_budget``). Another module adds its bot with ``BOTS.add(name, Class)``."""


def seat_bots(bots: str | Sequence[str], players: int) -> list[str]:
    """One bot name per seat from one name or a list; ``ValueError`` for unknown names or a
    list of the wrong length."""
    names = [bots] if isinstance(bots, str) else list(bots)
    if not names:
        raise ValueError("no bots given")
    for name in names:
        if name.partition(":")[0] not in BOTS:
            raise ValueError(f"unknown bot {name!r} (choose {', '.join(BOTS)})")
    if len(names) == 1:
        return names * players
    if len(names) != players:
        raise ValueError(f"{len(names)} bots given for {players} seats (give one, or one per seat)")
    return names


def make_bot(name: str, seed: int = 0) -> Bot:
    """A bot by registry name, seeded, with a budget after a colon for a bot that takes one
    (``search:200``); ``ValueError`` naming the choices for an unknown name."""
    base, colon, budget = name.partition(":")
    try:
        cls = BOTS[base]
    except KeyError:
        raise ValueError(f"unknown bot {name!r} (choose {', '.join(BOTS)})") from None
    if colon and not getattr(cls, "takes_budget", False):
        raise ValueError(f"bot {base!r} takes no budget (got {name!r})")
    return cls(seed, budget=budget) if colon else cls(seed)
