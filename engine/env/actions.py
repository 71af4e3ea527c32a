"""The fixed action space of a variant, derived from its YAML: every index means the same
thing in every hand, so a learning agent can output a vector of fixed size.

**Encoding (two levels).** Level 1 is one ``Discrete(size)`` index per *kind of move*:

- ``0`` is pass (a contract-step pass or declining to beat);
- then one index per contract-step action the variant can offer: ``bid <contract>`` for
  every contract, ``bid <value>`` for every value on a step's ladder, ``call <card>`` for every
  distinct card of the deck;
- then one index per **play key** ``(hand type, core, suit, kickers, wild cards used)``, where
  the core is the reading of the play's main groups (``Play.groups``), the suit counts only
  for suited types, and the kickers are the natural ranks played beside the core. The keys
  are enumerated once from the whole deck (every play the full deck can make, each with every
  possible number of wild cards), so the space is fixed per variant.

Without wild cards a play key *is* a play (1:1 with ``Play.identity``): such a game gets
one index per distinct play, kickers included, like RLCard's flat 27,472 actions. With wild
cards a flat index of every play is far too large (four wild jokers can stand in for any card
of any chain, in any place), so a key groups the plays that read the same and spend
the same number of wild cards; they differ only in which natural ranks the wild cards
replace. Level 2 is the choice among those: ``details(game, index)`` lists them in the
generator's order, ``action_to_play(game, index, detail)`` takes one, and detail 0 (what the
PettingZoo and OpenSpiel environments use) is the first. The level-2 list is short (it is
the number of ways to place the wild cards in the core).
"""

from __future__ import annotations

import operator
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from paixing.game.actions import Action
from paixing.game.state import Game
from paixing.game.steps import STEPS
from paixing.game.steps.draw_wild import candidates
from paixing.hands.cache import ruleset
from paixing.hands.compile import Ruleset, TypeInfo
from paixing.hands.generate import generate
from paixing.hands.play import Play
from paixing.hands.view import HandView
from paixing.rules.cards import Card, format_cards
from paixing.rules.hand_rules import DrawWild

PlayKey = tuple[int, tuple[tuple[int, int], ...], int, tuple[tuple[int, int], ...], int]
"""(type index, core groups, suit or -1, kicker naturals, wild cards used)."""


def play_key(play: Play) -> PlayKey:
    """The level-1 key of a play: what it reads as, its kickers, how many wild cards it uses."""
    wild_as = play.wild_as
    core = Counter({r: n for r, n in play.groups})
    core.subtract(Counter(wild_as))
    kickers = Counter(dict(play.naturals))
    kickers.subtract(core)
    kick = tuple(sorted((r, n) for r, n in kickers.items() if n > 0))
    return (play.type.index, play.groups, play.suit if play.type.suited else -1, kick, len(wild_as))


def _contract_slots(rs: Ruleset) -> list[str]:
    """The text of every contract action the variant's steps can offer (pass first)."""
    rules = rs.variant.game
    assert rules is not None
    slots = ["pass"] + [f"bid {c.id}" for c in rules.contracts]
    values: set[int] = set()
    for step in rules.steps:
        for body in step.model_dump(exclude_none=True).values():
            if isinstance(body, dict):
                values.update(int(v) for v in body.get("values", ()))
    slots += [f"bid {v}" for v in sorted(values)]
    slots += [f"call {c}" for c in distinct_cards(rs)]
    for step in rules.steps:  # a step whose typed action names a card (give <card>): one slot per card
        usage = STEPS[step.kind].usage
        slots += [f"{head} {c}" for head, arg in usage.items() if arg == "card" for c in distinct_cards(rs)]
    return list(dict.fromkeys(slots))


def distinct_cards(rs: Ruleset) -> list[Card]:
    """The distinct cards of the deck in the variant's sort order (the per-card count axis)."""
    return rs.sort_cards(list(dict.fromkeys(rs.deck())))


def _play_keys(rs: Ruleset) -> list[PlayKey]:
    """Every play key the whole deck can make, each with every possible number of wild cards
    (in a variant that draws wild ranks, as many as the drawn ranks' cards; the types that need
    wild cards are generated in every hand one drawn rank makes)."""
    hv = HandView(rs, rs.deck())
    wilds = max(len(hv.wilds), _drawn_wild_cards(rs))
    keys: set[PlayKey] = set()
    for hand, view, types in [(rs, hv, rs.playable_types), *_drawn_hands(rs)]:
        for t in types:
            # one play per reading: a key names no cards (where suits matter, the plays of
            # other cards of a key are its level-2 details)
            for p in generate(hand, view, t):
                t_index, groups, suit, kick, _ = play_key(p)
                room = sum(n for _, n in groups) + _kicker_wilds(t, kick)
                for w in range(min(wilds, room) + 1):
                    keys.add((t_index, groups, suit, kick, w))
    return sorted(keys)


def _kicker_wilds(t: TypeInfo, kick: tuple[tuple[int, int], ...]) -> int:
    """How many wild cards may stand in these kickers (``kickers.wilds``): none, every kicker
    card (any), or all but one card of each kicker unit (complete: beside a natural card)."""
    k = t.kickers
    cards = sum(n for _, n in kick)
    if k is None or k.wilds == "no":
        return 0
    return cards if k.wilds == "any" else cards // k.size * (k.size - 1)


def _draws(rs: Ruleset) -> list[DrawWild]:
    game = rs.variant.game
    return [s.draw_wild for s in game.steps if s.draw_wild is not None] if game is not None else []


def _drawn_wild_cards(rs: Ruleset) -> int:
    """The most wild cards the drawn ranks of a hand hold (0 where no rank is drawn)."""
    ranks = sum(body.ranks for body in _draws(rs))
    return ranks * max(Counter(c.rank for c in rs.deck()).values(), default=0)


def _drawn_hands(rs: Ruleset) -> list[tuple[Ruleset, HandView, list[TypeInfo]]]:
    """For each rank a step may draw, the hand where it alone is wild, its deck and the types
    that need wild cards (the plays of the others are the base deck's, with wild cards)."""
    ranks = dict.fromkeys(r for body in _draws(rs) for r in candidates(rs, body))
    out = []
    for rank in ranks:
        hand = rs.for_hand(wild_ranks=(rank,))
        out.append((hand, HandView(hand, hand.deck()), [t for t in hand.playable_types if t.wmin > 0]))
    return out


@dataclass
class ActionSpace:
    """A variant's fixed level-1 action space (see the module docstring)."""

    rs: Ruleset
    contract_slots: list[str]
    play_keys: list[PlayKey]
    index_of_text: dict[str, int] = field(init=False)
    index_of_key: dict[PlayKey, int] = field(init=False)

    def __post_init__(self) -> None:
        self.index_of_text = {text: i for i, text in enumerate(self.contract_slots)}
        base = len(self.contract_slots)
        self.index_of_key = {key: base + i for i, key in enumerate(self.play_keys)}

    @property
    def size(self) -> int:
        """How many level-1 indices the variant has."""
        return len(self.contract_slots) + len(self.play_keys)

    def play_to_action(self, action: Action) -> int:
        """The level-1 index of an action (a play, a pass or a contract action)."""
        if action.kind == "play":
            assert action.play is not None
            key = play_key(action.play)
            index = self.index_of_key.get(key)
            if index is None:
                raise KeyError(f"{action} ({key}) is outside {self.rs.id}'s action space")
            return index
        index = self.index_of_text.get(str(action))
        if index is None:
            raise KeyError(f"{action} is outside {self.rs.id}'s action space")
        return index

    def legal(self, actions: Sequence[Action]) -> dict[int, list[Action]]:
        """The legal actions grouped by level-1 index (each group in the engine's order)."""
        grouped: dict[int, list[Action]] = {}
        for action in actions:
            grouped.setdefault(self.play_to_action(action), []).append(action)
        return grouped

    def details(self, game: Game, index: int) -> list[Action]:
        """The level-2 choices of ``index`` now: the legal actions it stands for."""
        return self.legal(game.legal_actions()).get(index, [])

    def check_index(self, index: object) -> None:
        """Raise ValueError naming ``index`` when it is no index of this space: not a whole
        number (``"0"`` and ``2.5`` were played as 0 and 2), negative (it counted from the end)
        or too large (an IndexError)."""
        if isinstance(index, bool) or not hasattr(type(index), "__index__"):  # numpy's integers have it
            raise ValueError(f"an action is a whole-number index of {self.rs.id}'s action space, not {index!r}")
        if not 0 <= operator.index(index) < self.size:  # type: ignore[arg-type]
            raise ValueError(f"action {index} is outside {self.rs.id}'s action space (0 … {self.size - 1})")

    def action_to_play(self, game: Game, index: int, detail: int = 0) -> Action:
        """The legal action of ``game``'s player to act that ``index`` (and ``detail``) means."""
        self.check_index(index)
        choices = self.details(game, index)
        if not choices:
            raise ValueError(f"action {index} ({self.describe(index)}) is not legal now")
        return choices[min(detail, len(choices) - 1)]

    def describe(self, index: int) -> str:
        """A readable name of a level-1 index (for logs and errors)."""
        self.check_index(index)
        base = len(self.contract_slots)
        if index < base:
            return self.contract_slots[index]
        t, groups, suit, kick, wild = self.play_keys[index - base]
        tables = self.rs.tables
        core = format_cards([Card(tables.ranks[r]) for r, n in groups for _ in range(n)])
        extra = " + " + format_cards([Card(tables.ranks[r]) for r, n in kick for _ in range(n)]) if kick else ""
        wilds = f" ({wild} wild)" if wild else ""
        return f"{self.rs.types[t].id}: {core}{extra}{wilds}"


_SPACES: dict[int, tuple[Ruleset, ActionSpace]] = {}
"""Spaces by ruleset (the ruleset kept alive beside its space, so its id stays its own)."""


def action_space(variant: str | Ruleset) -> ActionSpace:
    """The fixed action space of a variant (built once per compiled ruleset, then kept)."""
    rs = ruleset(variant)
    known = _SPACES.get(id(rs))
    if known is None or known[0] is not rs:
        known = _SPACES[id(rs)] = (rs, ActionSpace(rs, _contract_slots(rs), _play_keys(rs)))
    return known[1]
