"""Rulebooks rendered from a variant's YAML: Markdown or one self-contained HTML page, zh or en.

Everything a book says comes from the variant file (its ``{zh, en}`` texts), from the rule
language's own field descriptions, and from the small bilingual phrase tables (``phrases``),
which are keyed by shape, field and option, never by game. The engine computes what the book
asserts: every example's verdict is run at render time (a failing example raises
``RulebookError``, so a wrong book cannot be written), each hand type without an example gets one
generated and checked the same way, and dealt-hand events get their odds, exact where the
combinatorics allow and otherwise a Monte Carlo estimate labelled with its sample size and seed.

Python::

    render_rulebook("my-variant.yaml", lang="en", fmt="html")   # -> str
    write_rulebooks("docs/rulebooks")                       # every built-in variant, + README.md

Shell: ``python -m paixing.rulebook OUTDIR`` writes all books (``--check`` only compares).

The command line calls this as ``paixing rulebook VARIANT --lang zh|en --format md|html [-o FILE]``
(``engine/cli.py``).

One module per job; this package re-exports their public names:

- ``phrases``: the phrase tables, one module per topic, and ``say``/``tr``, every word not in
  the variant file;
- ``faces``: cards as drawn (``Face``) and the rich-text segments the templates render;
- ``shown``: what the engine computes for a book (examples run, generated examples, odds);
- ``odds``: exact and Monte Carlo odds of dealt-hand events;
- ``diff``: what a variant changes of its parent;
- ``sections``: one module per section of a book, each a function of a ``Pen`` (the facts
  in one language) returning that section's data;
- ``book``: ``Book``, which says which sections a variant's book has and puts them together;
- ``saying``: conditions, end rules and transfers in words;
- ``render``: templates, ``render_rulebook``, the index, writing and checking every book.
"""

from __future__ import annotations

from .book import Book
from .diff import MISSING, compact, diff_trees, diff_variants, path_doc
from .faces import B, C, Face, Rich, Seg, T, as_written, cards_of, face, rank_cards, suit_face
from .odds import (
    MC_DEALS,
    MC_SEED,
    Odds,
    Poly,
    any_seat_exact,
    event_odds,
    format_prob,
    monte_carlo,
    seat_count,
    seat_formula,
)
from .phrases import SHAPE_KEYS, FieldDoc, P, Phrase, listing, range_words, say, tr
from .render import (
    FORMATS,
    LANGS,
    book_files,
    check_rulebook,
    environment,
    main,
    render_index,
    render_rulebook,
    write_rulebooks,
)
from .shown import (
    FOCUSED,
    PER_TYPE_EXAMPLES,
    Facts,
    RulebookError,
    Shown,
    example_types,
    facts,
    generated_example,
)

__all__ = [
    # render
    "FORMATS",
    "LANGS",
    "book_files",
    "check_rulebook",
    "environment",
    "main",
    "render_index",
    "render_rulebook",
    "write_rulebooks",
    # facts
    "FOCUSED",
    "PER_TYPE_EXAMPLES",
    "Facts",
    "RulebookError",
    "Shown",
    "example_types",
    "facts",
    "generated_example",
    # odds
    "MC_DEALS",
    "MC_SEED",
    "Odds",
    "Poly",
    "any_seat_exact",
    "event_odds",
    "format_prob",
    "monte_carlo",
    "seat_count",
    "seat_formula",
    # phrases
    "SHAPE_KEYS",
    "FieldDoc",
    "P",
    "Phrase",
    "listing",
    "range_words",
    "say",
    "tr",
    # faces
    "B",
    "C",
    "Face",
    "Rich",
    "Seg",
    "T",
    "as_written",
    "cards_of",
    "face",
    "rank_cards",
    "suit_face",
    # diff
    "MISSING",
    "compact",
    "diff_trees",
    "diff_variants",
    "path_doc",
    # book
    "Book",
]
