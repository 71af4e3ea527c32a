"""The shape registry: one module per shape of hand type (group, chain, set, cards,
distinct_ranks), each registering a ``Shape`` (see base.py for what an entry must provide).

Every module of this package is imported here, so adding a shape does not edit this file
(base.py says what a shape provides; counting.py holds the helpers of the optional odds
formulas; natural_chains.py the chain shape's natural hot path; every other module is one
shape).
"""

import importlib
import pkgutil

from paixing.hands.shapes.base import SHAPES, Describer, Shape, register

for _module in pkgutil.iter_modules(__path__):
    importlib.import_module(f"{__name__}.{_module.name}")

__all__ = ["SHAPES", "Describer", "Shape", "register"]
