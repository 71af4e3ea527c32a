"""External agents: a program speaking JSON lines on its stdin and stdout.

The arena starts the program once per hand (for each seat the agent holds) and writes one JSON
object per line; the program answers the ``act`` lines only, one JSON object per line:

- ``{"type": "hello", "protocol": 1, "variant": ID, "players": N, "seed": S}`` when it
  starts (``seed`` for a program that wants to be reproducible);
- ``{"type": "act", "observation": {...}, "legal": ["pass", "33", ...]}`` on each of its
  turns; it answers ``{"action": I}``, the index of its choice in ``legal``, or
  ``{"action": "33"}``, one of the ``legal`` texts;
- end of input when the hand is over: the program exits.

The observation is ``observation_json(obs)``: the seat's view, cards in the notation
``parse_cards`` reads, events as game records write them. ``docs/arena.md`` documents the
fields and ``examples/arena_agent.py`` is a complete agent.
"""

from __future__ import annotations

import json
import subprocess
from collections.abc import Sequence
from typing import Any

from paixing.conformance.harness.process import end_program
from paixing.game.actions import Action
from paixing.game.observation import Observation
from paixing.rules.cards import format_cards

PROTOCOL = 1
EXIT_WAIT = 10.0
"""Seconds a program may take to exit once its input is closed before it is killed."""


class ExternalAgentError(RuntimeError):
    """The program could not start, died, or answered something that is not an answer."""


def observation_json(obs: Observation) -> dict[str, Any]:
    """What a seat knows, as JSON (see ``docs/arena.md`` for the fields)."""
    return {
        "seat": obs.seat,
        "phase": obs.phase,
        "dealer": obs.dealer,
        "turn": obs.turn,
        "hand": format_cards(obs.hand),
        "cards_left": list(obs.cards_left),
        "history": [e.to_json() for e in obs.history],
        "contract": obs.contract.id if obs.contract is not None else None,
        "declarer": obs.declarer,
        "partner": obs.partner,
        "mates": sorted(obs.mates),
        "active": list(obs.active),
        "role": obs.role,
        "called": str(obs.called) if obs.called is not None else None,
        "kitty": format_cards(obs.kitty) if obs.kitty is not None else None,
        "trick": [[s, p.notation if p is not None else None] for s, p in obs.trick],
        "last": [obs.last[0], obs.last[1].notation] if obs.last is not None else None,
        "finish": list(obs.finish),
        "scores": list(obs.scores),
    }


def pick(reply: Any, legal: Sequence[Action], texts: Sequence[str]) -> Action:
    """The action an answer names (an index or a text of ``legal``); ExternalAgentError if none."""
    choice = reply.get("action") if isinstance(reply, dict) else None
    if isinstance(choice, int) and not isinstance(choice, bool) and 0 <= choice < len(legal):
        return legal[choice]
    if isinstance(choice, str) and choice in texts:
        return legal[texts.index(choice)]
    shown = json.dumps(reply, ensure_ascii=False)[:80]
    raise ExternalAgentError(f"answered {shown}, not {{\"action\": index or text}} of one of {len(legal)} legal actions")


class ExternalAgent:
    """A bot whose choices come from a program (started on its first turn)."""

    name = "exec"

    def __init__(self, command: list[str], seed: int, variant: str, players: int) -> None:
        self.command = command
        self.hello = {"type": "hello", "protocol": PROTOCOL, "variant": variant, "players": players, "seed": seed}
        self.proc: subprocess.Popen[str] | None = None

    def _start(self) -> subprocess.Popen[str]:
        try:
            proc = subprocess.Popen(
                self.command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, encoding="utf-8", bufsize=1
            )
        except OSError as exc:
            raise ExternalAgentError(f"cannot start {self.command[0]!r}: {exc.strerror or exc}") from None
        self.proc = proc
        self._send(self.hello)
        return proc

    def _send(self, message: dict[str, Any]) -> None:
        assert self.proc is not None and self.proc.stdin is not None
        try:
            self.proc.stdin.write(json.dumps(message, ensure_ascii=False) + "\n")
            self.proc.stdin.flush()
        except OSError:
            raise ExternalAgentError(f"the program exited (code {self.proc.poll()})") from None

    def choose(self, obs: Observation) -> Action:
        proc = self.proc or self._start()
        texts = [str(a) for a in obs.legal]
        self._send({"type": "act", "observation": observation_json(obs), "legal": texts})
        assert proc.stdout is not None
        line = proc.stdout.readline()
        if not line:
            raise ExternalAgentError(f"the program exited (code {proc.wait(EXIT_WAIT)}) without answering")
        try:
            reply = json.loads(line)
        except ValueError:
            raise ExternalAgentError(f"answered {line.strip()[:80]!r}, not a JSON line") from None
        return pick(reply, obs.legal, texts)

    def close(self) -> None:
        """End the program (end of input), waiting for it to exit."""
        proc, self.proc = self.proc, None
        if proc is None:
            return
        try:
            end_program(proc, EXIT_WAIT)
        finally:
            if proc.stdout is not None:
                proc.stdout.close()
