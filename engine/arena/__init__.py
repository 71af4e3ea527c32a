"""``paixing arena``: agents against each other on the same deals, every agent in every seat.

``seating`` says who sits where, ``specs`` reads the agent names (built-in bots, Python entry
points, external programs), ``external`` speaks the JSON-lines protocol, ``stats`` gives the
mean score per hand with its confidence interval, and ``run`` plays the hands.
"""

from paixing.arena.run import ArenaResult, HandResult, arena
from paixing.arena.specs import AgentError, AgentSpec, parse_agent, parse_agents

__all__ = ["AgentError", "AgentSpec", "ArenaResult", "HandResult", "arena", "parse_agent", "parse_agents"]
