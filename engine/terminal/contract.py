"""The contract phase at the terminal, read through the step registry and each action's
``Meaning`` — never through a step kind's name or its model's fields.

Two things the terminal needs from the running contract step:

- **What the legal actions do**, to word the prompt: ``Offer.of(actions)`` sorts them by their
  neutral shape (an action naming a partner card, rungs of a ladder of values, a plain
  declaration), which every step kind shares. A new step kind whose actions have one of these
  shapes is prompted with no change here; a new shape needs one ``Offer`` field and one prompt.
- **How a bare word reads** (``包牌``, ``3``, ``AS`` for ``bid baopai``, ``bid 3``, ``call AS``):
  ``shorthand`` names a contract by its id or names when exactly one legal action declares it,
  and otherwise hands the word to the running step's own ``parse`` under each head of its
  ``usage`` (``paixing.game.steps``), so the terminal holds no second parser of step actions.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from paixing.game import steps
from paixing.game.actions import PASS, Action, IllegalAction
from paixing.game.state import Game
from paixing.rules.hand_rules import Contract

PASS_PREFIX = "p"
"""A word starting so is a pass (``pass``, ``p``) or meant as typed, never a step's argument."""


def running_step(game: Game) -> type[steps.StepRunner]:
    """The class of the running contract step, from the step registry."""
    assert game.step is not None, "no contract step is running"
    return steps.STEPS[game.step.kind]


@dataclass
class Offer:
    """The legal contract actions of the seat to act, sorted by what they do."""

    calls: list[Action] = field(default_factory=list)
    """Actions naming a card whose holder becomes the declarer's partner."""
    rungs: list[Action] = field(default_factory=list)
    """Actions bidding a rung of a ladder of values (lowest first)."""
    declares: list[Action] = field(default_factory=list)
    """Plain declarations of a contract (or counter-declarations)."""
    can_pass: bool = False

    @classmethod
    def of(cls, actions: list[Action]) -> Offer:
        """Sort ``actions`` by their ``Meaning`` and fields (no step kind is named)."""
        offer = cls(can_pass=PASS in actions)
        for a in actions:
            meaning = a.meaning
            if a == PASS or meaning is None:
                continue
            if a.card is not None:
                offer.calls.append(a)
            elif meaning.level is not None:
                offer.rungs.append(a)
            elif meaning.declares is not None:
                offer.declares.append(a)
        return offer

    @property
    def contract_id(self) -> str | None:
        """The contract the offered actions declare (the first one's)."""
        for a in (*self.calls, *self.rungs, *self.declares):
            if a.meaning is not None and a.meaning.declares is not None:
                return a.meaning.declares
        return None


def head_of(action: Action) -> str:
    """The typed word an action starts with (``call`` for ``call AS``)."""
    return str(action).split()[0]


def shorthand(text: str, actions: list[Action], step: type[steps.StepRunner], contract: Callable[[str], Contract]) -> str:
    """The full typed form of a bare word in the contract phase, or ``text`` unchanged.

    A contract's id or name (中文 or English) stands for the one legal action declaring it; any
    other text not starting with a head or a pass is offered to the running step's ``parse`` under each of its heads: the
    first head that reads it (or that refuses it as a malformed argument, so the engine words
    the error) gives ``head word``. A reading that names a contract counts only if it is legal
    (contracts are named by the first rule, not by whatever word follows ``bid``)."""
    low = text.lower()
    named = _named_contract(low, actions, contract)
    if named is not None:
        return str(named)
    if low.startswith((*steps.USAGES, PASS_PREFIX)):
        return text
    for head in step.usage:
        try:
            action = step.parse(head, [text])
        except IllegalAction:
            return f"{head} {text}"
        if action is not None and (action.contract is None or action in actions):
            return f"{head} {text}"
    return text


def _named_contract(low: str, actions: list[Action], contract: Callable[[str], Contract]) -> Action | None:
    """The one legal action declaring the contract named ``low`` (id, 中文 or English name)."""
    found = []
    for a in actions:
        cid = a.meaning.declares if a.meaning is not None else None
        if cid is None or a.card is not None or (a.meaning is not None and a.meaning.level is not None):
            continue
        c = contract(cid)
        if low in (c.id.lower(), c.name.zh, c.name.en.lower()):
            found.append(a)
    return found[0] if len(found) == 1 else None
