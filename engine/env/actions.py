"""The fixed action space of a variant, derived from its YAML: every index means the same
thing in every hand (at every level), so a learning agent can output a vector of fixed size.

**Encoding (two levels).** Level 1 is one ``Discrete(size)`` index per *kind of move*:

- ``0`` is pass (a contract-step pass or declining to beat);
- then one index per contract-step action the variant can offer: ``bid <contract>`` for
  every contract, ``bid <value>`` for every value on a step's ladder, ``call <card>`` for every
  distinct card of the deck where a step calls a card, ``give <card>`` for every distinct card
  where a tribute is given back, ``announce <call>`` for every call of ``game.calls``;
- then the **play keys** ``(hand type, core, suit, kickers, wild cards used)``: the core is
  the reading of the play's main groups (``Play.groups``), the suit counts only for suited
  types, the kickers are the ranks played beside the core (what wild cards there stand for
  included).

The plays are numbered without a table of plays (``paixing.env.readings``): a block per
**reading** (type, core, suit), the readings being what the shapes generate from the whole
deck with every type's kickers taken off (a few hundred; 5,148 flushes in 大老二), and inside
a block the kicker multiset through a combinatorial number system (``paixing.env.multisets``)
times the number of wild cards. Ranks are those of the variant's base order, so a play of a
hand at another level (whose rank order moves the level rank up) has the index the same cards
have at every level. The size is an upper bound: a block holds every kicker multiset the
deck's counts and the largest hand allow, some of which no kicker rule lets a hand play.

Without wild cards a play key *is* a play (1:1 with ``Play.identity``): one index per distinct
play, kickers included, like RLCard's flat 27,472 actions. With wild cards a key groups the
plays that read the same and spend the same number of wild cards; they differ only in which
natural ranks the wild cards replace (and, where suits can matter later, in which cards of a
rank are kept). Level 2 is the choice among those: ``details(game, index)`` lists them in the
generator's order, ``action_to_play(game, index, detail)`` takes one, and detail 0 (what the
PettingZoo and OpenSpiel environments use) is the first.
"""

from __future__ import annotations

import operator
from collections.abc import Iterator, Sequence

from paixing.env.readings import PlayKey, Readings, build_readings, kicker_wilds, play_key
from paixing.game.actions import Action, LegalActions
from paixing.game.state import Game
from paixing.game.steps import STEPS
from paixing.hands.cache import ruleset
from paixing.hands.compile import Ruleset, TypeInfo
from paixing.hands.play import Play
from paixing.rules.cards import Card, format_cards

__all__ = ["ActionSpace", "PlayKey", "action_space", "distinct_cards", "play_key"]


def _kicker_wilds(t: TypeInfo, kick: tuple[tuple[int, int], ...]) -> int:
    """How many wild cards may stand in these kickers (see ``readings.kicker_wilds``)."""
    return kicker_wilds(t, sum(n for _, n in kick))


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
    for step in rules.steps:  # a step whose typed action names a card (call, give): one slot per card
        usage = STEPS[step.kind].usage
        slots += [f"{head} {c}" for head, arg in usage.items() if arg == "card" for c in distinct_cards(rs)]
    if any(e.give_trick is not None for e in rules.play.trick_effects):  # a trick given to a seat
        slots += [f"gift {s}" for s in range(rs.variant.players)]
    slots += [str(Action("announce", call=c.id)) for c in rules.calls]  # a call made
    for o in rules.play.obligations:  # a rank wished, or none
        if o.wish is not None:
            slots += ["wish none", *(str(Action("wish", card=Card(r))) for r in o.wish.ranks)]
    return list(dict.fromkeys(slots))


def distinct_cards(rs: Ruleset) -> list[Card]:
    """The distinct cards of the deck in the variant's sort order (the per-card count axis)."""
    return rs.sort_cards(list(dict.fromkeys(rs.deck())))


class PlayKeys(Sequence[PlayKey]):
    """The play keys in index order, computed when read (a sequence, not a list: a game of
    planes with wings has hundreds of thousands)."""

    def __init__(self, readings: Readings) -> None:
        self.readings = readings

    def __len__(self) -> int:
        return self.readings.size

    def __getitem__(self, i: int) -> PlayKey:  # type: ignore[override]
        if not -len(self) <= i < len(self):
            raise IndexError(i)
        return self.readings.key(operator.index(i) % len(self))

    def __iter__(self) -> Iterator[PlayKey]:
        return (self.readings.key(i) for i in range(len(self)))


class ActionSpace:
    """A variant's fixed level-1 action space (see the module docstring). Its memory is the
    contract slots and one entry per reading: it does not grow with the number of plays."""

    def __init__(self, rs: Ruleset, contract_slots: list[str], readings: Readings | None = None) -> None:
        self.rs = rs
        self.contract_slots = contract_slots
        self.index_of_text = {text: i for i, text in enumerate(contract_slots)}
        self.readings = readings if readings is not None else build_readings(rs)
        self.base = len(contract_slots)
        self.size = self.base + self.readings.size
        """How many level-1 indices the variant has."""
        self._last: tuple[LegalActions, list[int]] | None = None
        """The last list of legal actions indexed, and its indices (a ``LegalActions`` never
        changes: the mask's and the step's reading of one decision compute them once)."""

    @property
    def play_keys(self) -> PlayKeys:
        """Every play key, in index order (a lazy sequence)."""
        return PlayKeys(self.readings)

    def play_index(self, play: Play) -> int:
        """The level-1 index of a play (KeyError when the space has no room for it)."""
        index = self.readings.index(play)
        if index < 0:
            raise KeyError(f"{play} ({play_key(play)}) is outside {self.rs.id}'s action space")
        return self.base + index

    def play_to_action(self, action: Action) -> int:
        """The level-1 index of an action (a play, a pass or a contract action)."""
        play = action.play
        if play is not None:
            return self.play_index(play)
        index = self.index_of_text.get(str(action))
        if index is None:
            raise KeyError(f"{action} is outside {self.rs.id}'s action space")
        return index

    def indices(self, actions: Sequence[Action]) -> list[int]:
        """The level-1 index of each action, in order. From the game's ``LegalActions`` the
        plays are read as they sit in its list (raw plays stay raw: no ``Play`` or ``Action``
        is made for a mask)."""
        if not isinstance(actions, LegalActions):
            return [self.play_to_action(a) for a in actions]
        last = self._last
        if last is not None and last[0] is actions:  # the mask's list, asked again to step
            return last[1]
        number, base = self.readings.number, self.base
        out = []
        for x in list.__iter__(actions.plays):
            if type(x) is tuple:
                i = number(x[0], x[1], x[2], x[3] if len(x) > 3 else (), -1)
            else:
                t = x.type
                i = number(t, x.groups, x.naturals, x.wild_as, x.suit if t.suited else -1)
            out.append(base + i if i >= 0 else -1)
        if -1 in out:
            self.play_to_action(actions[out.index(-1)])  # raises, naming the play
        out += [self.play_to_action(actions[i]) for i in range(len(out), len(actions))]
        self._last = (actions, out)
        return out

    def legal(self, actions: Sequence[Action]) -> dict[int, list[Action]]:
        """The legal actions grouped by level-1 index (each group in the engine's order)."""
        return group_by_index(self.indices(actions), actions)

    def legal_indices(self, actions: Sequence[Action]) -> list[int]:
        """The distinct level-1 indices of ``actions`` (the action mask's ones), in order."""
        return list(dict.fromkeys(self.indices(actions)))

    def details(self, game: Game, index: int) -> list[Action]:
        """The level-2 choices of ``index`` now: the legal actions it stands for."""
        legal = _current(game)
        return [legal[at] for at, i in enumerate(self.indices(legal)) if i == index]

    def check_index(self, index: object) -> None:
        """Raise ValueError naming ``index`` when it is no index of this space: not a whole
        number (``"0"`` and ``2.5`` were played as 0 and 2), negative (it counted from the end)
        or too large (an IndexError)."""
        if type(index) is int and 0 <= index < self.size:  # the usual case, once a step
            return
        if isinstance(index, bool) or not hasattr(type(index), "__index__"):  # numpy's integers have it
            raise ValueError(f"an action is a whole-number index of {self.rs.id}'s action space, not {index!r}")
        if not 0 <= operator.index(index) < self.size:  # type: ignore[arg-type]
            raise ValueError(f"action {index} is outside {self.rs.id}'s action space (0 … {self.size - 1})")

    def action_to_play(self, game: Game, index: int, detail: int = 0) -> Action:
        """The legal action of ``game``'s player to act that ``index`` (and ``detail``) means."""
        self.check_index(index)
        choices = self.details(game, operator.index(index))
        if not choices:
            raise ValueError(f"action {index} ({self.describe(index)}) is not legal now")
        return choices[min(detail, len(choices) - 1)]

    def key(self, index: int) -> PlayKey:
        """The play key of a play index (in the base ruleset's rank indices)."""
        self.check_index(index)
        if index < self.base:
            raise ValueError(f"action {index} is {self.contract_slots[index]!r}, not a play")
        return self.readings.key(index - self.base)

    def describe(self, index: int) -> str:
        """A readable name of a level-1 index (for logs and errors)."""
        self.check_index(index)
        if index < self.base:
            return self.contract_slots[index]
        t, groups, suit, kick, wild = self.readings.key(index - self.base)
        tables = self.rs.tables
        core = format_cards([Card(tables.ranks[r]) for r, n in groups for _ in range(n)])
        extra = " + " + format_cards([Card(tables.ranks[r]) for r, n in kick for _ in range(n)]) if kick else ""
        suited = f" {tables.suit_names[suit]}" if suit >= 0 else ""
        wilds = f" ({wild} wild)" if wild else ""
        what = f": {core}{extra}{suited}" if groups or kick else ""  # a set of named cards: its type says it
        return f"{self.rs.types[t].id}{what}{wilds}"


def _current(game: Game) -> LegalActions:
    """The game's legal actions: the list it handed out last if it still holds (``Game.apply``
    drops it; the observation asked for it a moment ago), else a new one."""
    issued = getattr(game, "_issued", None)
    return issued if isinstance(issued, LegalActions) and len(issued) else game.legal_actions()


_SPACES: dict[int, tuple[Ruleset, ActionSpace]] = {}
"""Spaces by ruleset (the ruleset kept alive beside its space, so its id stays its own)."""


def action_space(variant: str | Ruleset) -> ActionSpace:
    """The fixed action space of a variant (built once per compiled ruleset, then kept)."""
    rs = ruleset(variant).base
    known = _SPACES.get(id(rs))
    if known is None or known[0] is not rs:
        known = _SPACES[id(rs)] = (rs, ActionSpace(rs, _contract_slots(rs)))
    return known[1]


def group_by_index(indices: Sequence[int], actions: Sequence[Action]) -> dict[int, list[Action]]:
    """``actions`` grouped by their level-1 ``indices`` (one index per action, in order; each
    group keeps the engine's order)."""
    grouped: dict[int, list[Action]] = {}
    for at, i in enumerate(indices):
        found = grouped.get(i)
        if found is None:
            grouped[i] = [actions[at]]
        else:
            found.append(actions[at])
    return grouped
