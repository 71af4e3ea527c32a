"""Agent names on the arena's command line, checked once and built per hand.

An agent is one of

- a **built-in bot** (``paixing.agents.bots.BOTS``), with a budget after a colon where the bot
  takes one: ``greedy``, ``random``, ``search``, ``search:200``, ``search:50ms``;
- a **Python entry point** ``module:Class``: a class built as ``Class(seed)`` whose
  ``choose(obs) -> Action`` returns one of ``obs.legal`` (imported from ``sys.path``, the
  current directory first);
- an **external program** ``exec:COMMAND`` speaking the JSON-lines protocol of
  ``paixing.arena.external`` on its stdin and stdout (one process per hand).
"""

from __future__ import annotations

import importlib
import os
import shlex
import shutil
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from paixing.agents.bots import BOTS, Bot, make_bot
from paixing.arena.external import DEFAULT_TIMEOUT, ExternalAgent

EXEC = "exec:"


class AgentError(ValueError):
    """An agent name that names no agent, or an agent that failed; one line."""


@dataclass(frozen=True)
class AgentSpec:
    """A checked agent name: ``build(seed, variant, players)`` makes a fresh agent."""

    name: str
    kind: str
    """``builtin``, ``python`` or ``exec``."""
    timeout: float = DEFAULT_TIMEOUT
    """An ``exec`` agent's seconds per answer and per message written (``--timeout``)."""

    def build(self, seed: int, variant: str, players: int) -> Bot:
        if self.kind == "exec":
            return ExternalAgent(shlex.split(self.name[len(EXEC) :]), seed, variant, players, self.timeout)
        if self.kind == "python":
            return _entry_point(self.name)(seed)
        return make_bot(self.name, seed)


def _entry_point(name: str) -> Callable[[int], Bot]:
    """The class ``module:Class`` names; AgentError when it cannot be loaded."""
    module_name, _, attr = name.partition(":")
    if os.getcwd() not in sys.path:
        sys.path.insert(0, os.getcwd())  # as ``python -m`` would: the user's own modules
    try:
        module = importlib.import_module(module_name)
    except Exception as exc:  # any import failure of a user's module is one line
        raise AgentError(f"agent {name!r}: cannot import {module_name!r} ({type(exc).__name__}: {exc})") from None
    cls = getattr(module, attr, None)
    if cls is None or not callable(cls):
        raise AgentError(f"agent {name!r}: {module_name!r} has no class {attr!r}")
    if not callable(getattr(cls, "choose", None)):
        raise AgentError(f"agent {name!r}: {attr} has no choose(obs) method")
    built: Callable[[int], Bot] = cls
    return built


def parse_agent(name: str, timeout: float = DEFAULT_TIMEOUT) -> AgentSpec:
    """Check one agent name (see the module docstring); AgentError saying why it is not one.
    ``timeout``: an ``exec`` agent's seconds per answer."""
    name = name.strip()
    if not name:
        raise AgentError("empty agent name")
    if name.startswith(EXEC):
        try:
            words = shlex.split(name[len(EXEC) :])
        except ValueError as exc:
            raise AgentError(f"agent {name!r}: cannot split the command: {exc}") from None
        if not words:
            raise AgentError(f"agent {name!r}: no command after exec:")
        if shutil.which(words[0]) is None and not Path(words[0]).is_file():
            raise AgentError(f"agent {name!r}: program {words[0]!r} not found")
        return AgentSpec(name, "exec", timeout)
    base, colon, rest = name.partition(":")
    if base in BOTS:
        try:
            make_bot(name, 0)
        except ValueError as exc:
            raise AgentError(str(exc)) from None
        return AgentSpec(name, "builtin")
    if colon and rest and all(part.isidentifier() for part in base.split(".")) and rest.isidentifier():
        _entry_point(name)
        return AgentSpec(name, "python")
    raise AgentError(f"unknown agent {name!r} (choose {', '.join(BOTS)}, module:Class or exec:COMMAND)")


def parse_agents(text: str, timeout: float = DEFAULT_TIMEOUT) -> list[AgentSpec]:
    """Comma-separated agent names, each checked (``timeout``: see ``parse_agent``)."""
    return [parse_agent(part, timeout) for part in text.split(",")]
