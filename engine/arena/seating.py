"""Who sits where: every agent in every seat, on the same deals.

With ``k`` agents at ``n`` seats (``k <= n``) the base seating gives seat ``s`` agent
``s % k``; the seatings of a deal are the ``n`` rotations of the base (seat ``s`` gets the
agent the base gives seat ``s - r``), each kept once. Every agent thus sits in every seat:

- 3 seats, 2 agents ``A,B``: ``ABA``, ``AAB``, ``BAA`` (3 seatings; A holds two seats of each);
- 3 seats, 3 agents ``A,B,B`` (one A against two Bs): ``ABB``, ``BAB``, ``BBA``;
- 4 seats, 2 agents: ``ABAB``, ``BABA`` (2 seatings: the other rotations repeat them);
- 4 seats, 4 agents ``A,B,B,B``: A in each of the four seats.

A hand of the arena is one deal played in one seating, so a run of ``D`` deals plays
``D × len(seatings)`` hands.
"""

from __future__ import annotations


def seatings(players: int, agents: int) -> list[tuple[int, ...]]:
    """The seatings of one deal: per seating, the agent index at each seat."""
    if agents < 1:
        raise ValueError("no agents given")
    if agents > players:
        raise ValueError(f"{agents} agents given for {players} seats (give at most one per seat)")
    base = [s % agents for s in range(players)]
    out: list[tuple[int, ...]] = []
    for r in range(players):
        seating = tuple(base[(s - r) % players] for s in range(players))
        if seating not in out:
            out.append(seating)
    return out
