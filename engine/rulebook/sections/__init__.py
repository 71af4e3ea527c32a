"""The sections of a book, one module each, every one a function of a ``Pen`` (the variant's
facts in one language) that returns the data its part of the templates lays out:

- ``pen``: ``Pen``, the facts, the language and the small ways of saying things all share;
- ``overview``: the overview, the cards and the deal, ranks and suits, wild cards;
- ``hand_types``: each type's definition lines and examples;
- ``compare``: how a type compares, in words (shared by the definitions and the ladder);
- ``ladder``: the ladder table;
- ``examples``: examples with the engine's verdicts, driven by a table of example kinds;
- ``events``: dealt-hand events and their odds;
- ``contracts``: the contract steps (each step's sentence from its own module) and contracts;
- ``play``: tricks, captures and trick bonuses;
- ``scoring``: the end of the hand, transfers and the score table;
- ``differs``: what a variant changes of its parent.

A new section is one module here with a function of a ``Pen``, one entry in
``paixing.rulebook.book`` (its title and its data) and its block in the templates.
"""
