"""The contract-step registry: step kind → the ``StepRunner`` subclass that runs it.

Every kind named in the model (``paixing.rules.hand_rules.STEP_KINDS``, the fields of ``Step``)
is one module of this package holding one subclass of ``StepRunner`` (``base`` says what it
provides); subclassing registers it in ``STEPS``, and this package imports every module it
contains, so nothing here is edited to add a step. To add a step kind: write its model in
``rules/hand_rules.py`` (a field of ``Step``), its module here, and its row in
``docs/rule-language.md``; its phrases live in its class.
"""

from __future__ import annotations

import importlib
import pkgutil

from paixing.game.actions import Action, IllegalAction
from paixing.game.steps.base import DONE, HANDLED, STEPS, StepHost, StepRunner
from paixing.rules.hand_rules import STEP_KINDS, Step

for _module in pkgutil.iter_modules(__path__):
    importlib.import_module(f"{__name__}.{_module.name}")

ORDERED: tuple[type[StepRunner], ...] = tuple(STEPS[kind] for kind in STEP_KINDS if kind in STEPS)
"""The step classes in the order of ``Step``'s fields: typed actions are read, and usages
joined, in this order whatever order the modules were imported in."""

USAGES: dict[str, str] = {}
"""Typed head (``bid``) → its one-line usage (``bid <contract or value>``)."""
for _step in ORDERED:
    for _head, _arg in _step.usage.items():
        USAGES[_head] = f"{USAGES[_head][:-1]} or {_arg}>" if _head in USAGES else f"{_head} <{_arg}>"


def runner(step: Step) -> StepRunner:
    """A fresh runner for one step of a variant."""
    return STEPS[step.kind](getattr(step, step.kind))


def parse(words: list[str]) -> Action | None:
    """The contract-step action typed as ``words`` (``bid baopai``, ``call AS``), or None when
    no step reads it; ``IllegalAction`` for a known head with the wrong arguments."""
    head, args = words[0].lower(), words[1:]
    if head in USAGES and len(args) != 1:
        raise IllegalAction(f"{head} needs one argument: {USAGES[head]}")
    for step in ORDERED:
        action = step.parse(head, args)
        if action is not None:
            return action
    return None


__all__ = ["DONE", "HANDLED", "STEPS", "StepHost", "StepRunner", "parse", "runner"]
