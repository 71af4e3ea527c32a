#!/usr/bin/env python3
"""An external agent for ``paixing arena`` (the JSON-lines protocol of docs/arena.md).

It needs nothing but Python: it reads one JSON object per line on stdin and answers each
``act`` line with one JSON line on stdout. Its play is deliberately simple, to show the
protocol rather than a strategy:

- in the contract phase it passes when it may (any other action otherwise);
- in play it passes when a known partner made the last play, and otherwise makes the first
  play offered (the engine lists plays from the lowest up); it passes only when nothing else
  is legal.

Run it against the built-in bots:

    paixing arena doudizhu --agents "exec:python3 examples/arena_agent.py,greedy" --hands 20
"""

from __future__ import annotations

import json
import sys
from typing import Any


def choose(observation: dict[str, Any], legal: list[str]) -> int:
    """The index in ``legal`` of this agent's action."""
    can_pass = "pass" in legal
    if observation["phase"] == "contract":
        return legal.index("pass") if can_pass else 0
    last = observation["last"]
    if can_pass and last is not None and last[0] in observation["mates"]:
        return legal.index("pass")
    plays = [i for i, text in enumerate(legal) if text != "pass"]
    return plays[0] if plays else legal.index("pass")


def main() -> None:
    for line in sys.stdin:
        message = json.loads(line)
        if message["type"] == "act":
            answer = {"action": choose(message["observation"], message["legal"])}
            sys.stdout.write(json.dumps(answer) + "\n")
            sys.stdout.flush()
        # "hello" needs no answer; an unknown type is ignored (later protocol versions)


if __name__ == "__main__":
    main()
