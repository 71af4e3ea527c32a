"""The contract-step registry: step kind → the module that runs it.

Every kind named in the model (``paixing.rules.hand_rules.STEP_KINDS``) has one module here
(see ``base`` for what a module provides); ``STEPS`` maps the kind to it. To add a step kind:
write its model in ``rules/hand_rules.py`` (a field of ``Step``), its module here (``KIND``,
``Runner``, ``parse``, ``USAGE``, ``describe``), register it below, and add its phrases and its
row in ``docs/rule-language.md``.
"""

from __future__ import annotations

from types import ModuleType

from paixing.game.actions import Action, IllegalAction
from paixing.game.steps import auction, call_card, draw_wild, shown_card, solo_bid, tribute
from paixing.game.steps.base import DONE, HANDLED, StepHost, StepRunner
from paixing.rules.hand_rules import Step

STEPS: dict[str, ModuleType] = {m.KIND: m for m in (solo_bid, call_card, shown_card, auction, tribute, draw_wild)}
"""Step kind → its module."""

USAGES: dict[str, str] = {}
"""Typed head (``bid``) → its one-line usage (``bid <contract or value>``)."""
for _module in STEPS.values():
    for _head, _arg in _module.USAGE.items():
        USAGES[_head] = f"{USAGES[_head][:-1]} or {_arg}>" if _head in USAGES else f"{_head} <{_arg}>"


def runner(step: Step) -> StepRunner:
    """A fresh runner for one step of a variant."""
    runner_cls: type[StepRunner] = STEPS[step.kind].Runner
    return runner_cls(getattr(step, step.kind))


def parse(words: list[str]) -> Action | None:
    """The contract-step action typed as ``words`` (``bid baopai``, ``call AS``), or None when
    no step reads it; ``IllegalAction`` for a known head with the wrong arguments."""
    head, args = words[0].lower(), words[1:]
    if head in USAGES and len(args) != 1:
        raise IllegalAction(f"{head} needs one argument: {USAGES[head]}")
    for module in STEPS.values():
        action = module.parse(head, args)
        if action is not None:
            return action
    return None


__all__ = ["DONE", "HANDLED", "STEPS", "StepHost", "StepRunner", "parse", "runner"]
