"""External agents: a program speaking JSON lines on its stdin and stdout.

The arena starts the program once per hand (for each seat the agent holds) and writes one JSON
object per line; the program answers the ``act`` lines only, one JSON object per line:

- ``{"type": "hello", "protocol": 1, "variant": ID, "players": N, "seed": S}`` when it
  starts (``seed`` for a program that wants to be reproducible);
- ``{"type": "act", "turn": T, "observation": {...}, "legal": ["pass", "33", ...]}`` on each
  of its turns (``T`` counts them from 1); it answers ``{"action": I}``, the index of its
  choice in ``legal``, or ``{"action": "33"}``, one of the ``legal`` texts, and may echo
  ``"turn": T`` (an answer with another turn is one to an earlier question: skipped);
- end of input when the hand is over: the program exits.

Every message must be taken and every answer given within ``timeout`` seconds (``--timeout``),
and lines written before a question are dropped, so a program that hangs, answers without a
newline, stops reading or answers ahead fails its hand in one line instead of hanging the run.

The observation is ``observation_json(obs)``: the seat's view, cards in the notation
``parse_cards`` reads, events as game records write them. ``docs/arena.md`` documents the
fields and ``examples/arena_agent.py`` is a complete agent.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from paixing.conformance.harness.pipe import (
    Child,
    Interrupted,
    LineTooLong,
    PipeClosed,
    PipeTimeout,
)
from paixing.game.actions import Action
from paixing.game.observation import Observation
from paixing.game.record_format import printable
from paixing.rules.cards import format_cards
from paixing.runs.workers import should_stop

T = TypeVar("T")

PROTOCOL = 1
EXIT_WAIT = 10.0
"""Seconds a program may take to exit once its input is closed before it is killed."""
DEFAULT_TIMEOUT = 10.0
"""Seconds a program may take over one answer, or to take one message (``--timeout``)."""
MAX_LINE = 1 << 20
"""The longest answer line read (bytes): an answer is a few words."""


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
    shown = printable(json.dumps(reply, ensure_ascii=False)[:80])
    raise ExternalAgentError(f"answered {shown}, not {{\"action\": index or text}} of one of {len(legal)} legal actions")


class AgentStopped(Exception):
    """The run was told to stop (Ctrl-C) while an outside agent was waited on: the hand under
    way is dropped, as a stopped run drops the games it has not finished."""


class ExternalAgent:
    """A bot whose choices come from a program (started on its first turn, in a process group
    of its own). Every write and every answer has ``timeout`` seconds (``pipe.Child``); a
    run told to stop is not kept waiting (``AgentStopped``)."""

    name = "exec"

    def __init__(
        self, command: list[str], seed: int, variant: str, players: int, timeout: float = DEFAULT_TIMEOUT,
        stopped: Callable[[], bool] = should_stop,
    ) -> None:
        self.command = command
        self.hello = {"type": "hello", "protocol": PROTOCOL, "variant": variant, "players": players, "seed": seed}
        self.timeout = timeout
        self.stopped = stopped
        self.child: Child | None = None
        self.turn = 0
        self.settled = True
        """Every question so far was answered (the program may be let exit by itself)."""

    def _start(self) -> Child:
        try:
            child = Child(self.command, MAX_LINE, keep_stderr=False)
        except OSError as exc:
            raise ExternalAgentError(f"cannot start {printable(self.command[0])!r}: {exc.strerror or exc}") from None
        self.child = child
        self._send(self.hello)
        return child

    def _send(self, message: dict[str, Any]) -> None:
        assert self.child is not None
        data = (json.dumps(message, ensure_ascii=False) + "\n").encode("utf-8")
        self._wait(lambda child: child.write(data, time.monotonic() + self.timeout, self.stopped), "to read its input")

    def _wait(self, step: Callable[[Child], T], what: str) -> T:
        """``step`` on the program, its failures as ``ExternalAgentError`` (one line)."""
        child = self.child
        assert child is not None
        self.settled = False
        try:
            return step(child)
        except Interrupted:
            raise AgentStopped("stopped") from None
        except PipeTimeout:
            raise ExternalAgentError(f"waited {self.timeout:g} s for the program {what} (--timeout)") from None
        except PipeClosed:
            raise ExternalAgentError(f"the program exited (code {child.exit_code(1)})") from None
        except LineTooLong:
            raise ExternalAgentError(f"answered a line longer than {MAX_LINE:,} bytes") from None

    def choose(self, obs: Observation) -> Action:
        child = self.child or self._start()
        texts = [str(a) for a in obs.legal]
        self.turn += 1
        child.ready_lines()  # lines written ahead answer no question: dropped
        self._send({"type": "act", "turn": self.turn, "observation": observation_json(obs), "legal": texts})
        deadline = time.monotonic() + self.timeout
        while True:
            line = self._wait(lambda c: c.read_line(deadline, self.stopped), "to answer")
            if line is None:
                raise ExternalAgentError(f"the program exited (code {child.exit_code(EXIT_WAIT)}) without answering")
            reply = _reply(line)
            if isinstance(reply, dict) and "turn" in reply and reply["turn"] != self.turn:
                continue  # an answer to an earlier question
            self.settled = True
            return pick(reply, obs.legal, texts)

    def close(self) -> None:
        """End the program: end of input, time to exit when every question was answered (at
        once otherwise), then its process group is killed."""
        child, self.child = self.child, None
        if child is not None:
            child.end(EXIT_WAIT if self.settled else 0)


def _reply(line: bytes) -> Any:
    text = line.decode("utf-8", errors="replace")
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        raise ExternalAgentError(f"answered {printable(text.strip()[:80])!r}, not a JSON line") from None
