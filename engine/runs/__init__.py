"""Many hands at once: simulation (``simulate``), whole matches (``matches``), replaying many
record files (``replay``), the run folders they write (``files``), the worker pool that plays
chunks of games in processes (``workers``) or on a Ray cluster (``ray_pool``), and the totals
(``summary``). Every game here is played by ``paixing.agents.play``; nothing here knows a game.
"""
