"""``paixing serve``: the web playground (gallery, rulebooks, rule editor) and online tables.

``pages`` (the gallery, the books, the editor and their JSON API), ``catalogue`` (the built-in
and user variants the pages list and the editor saves), ``i18n`` (the interface's zh/en words);
the tables, their storage and protocol live beside them (docs/web.md).
"""
