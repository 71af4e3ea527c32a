"""Environments for learning agents: every variant as a PettingZoo AEC environment
(``paixing.env.env``), a Gymnasium single-agent environment against fixed opponents
(``paixing.env.gym``, registered as ``paixing/<variant>-v0``), a batch of those stepped in one
call (``paixing.env.vector``) and an OpenSpiel game (``paixing.env.spiel``), with one fixed
action space per variant (``paixing.env.actions``) and one observation encoding
(``paixing.env.encode``). See docs/env.md.

PettingZoo, gymnasium, numpy and open-spiel are the ``env`` extra (``pip install
"paixing[env]"``); importing ``paixing.env`` itself needs none of them. Where gymnasium is
installed, importing ``paixing.env`` registers ``paixing/<id>-v0`` for every built-in variant
(``register_envs``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from paixing.env.actions import ActionSpace, action_space, play_key
from paixing.rules.loader import builtin_ids

if TYPE_CHECKING:
    from pettingzoo import AECEnv

__all__ = ["ActionSpace", "action_space", "env", "gym_id", "play_key", "raw_env", "register_envs"]

NAMESPACE = "paixing"
"""Gymnasium's namespace of the registered environments: ``paixing/<variant>-v0``."""


def env(variant: str, **kwargs: Any) -> AECEnv:
    """The PettingZoo AEC environment of ``variant`` (needs the ``env`` extra)."""
    from paixing.env.aec import env as make

    return make(variant, **kwargs)


def raw_env(variant: str, **kwargs: Any) -> Any:
    """The environment without PettingZoo's wrappers (needs the ``env`` extra)."""
    from paixing.env.aec import raw_env as make

    return make(variant, **kwargs)


def gym_id(variant: str) -> str:
    """The Gymnasium id of a built-in variant."""
    return f"{NAMESPACE}/{variant}-v0"


def register_envs() -> list[str]:
    """Register ``paixing/<id>-v0`` with Gymnasium for every built-in variant (its entry
    points: ``paixing.env.gym:PaixingGymEnv``, for ``make_vec`` ``paixing.env.vector:
    PaixingVectorEnv``); nothing without gymnasium. Returns the ids registered now."""
    try:
        import gymnasium
    except ImportError:
        return []
    made = []
    for variant in builtin_ids():
        name = gym_id(variant)
        if name in gymnasium.registry:
            continue
        gymnasium.register(
            name,
            entry_point="paixing.env.gym:PaixingGymEnv",
            vector_entry_point="paixing.env.vector:PaixingVectorEnv",
            kwargs={"variant": variant},
        )
        made.append(name)
    return made


register_envs()
