"""The games the web page offers: the registry's families whose package has the page's files
(``bieten/<name>/page.json`` and ``page.js``; docs/web.md). A registered game with no package of its
own (``bieten._generic``) has none, and the page does not list it; the engine protocol, the CLI and
the environments still play it.

>>> from bieten._families import FAMILIES
>>> [family.name for family in OFFERED] == [f.name for f in FAMILIES if has_page(f)]
True
>>> OFFERED_KINDS[0]
'bieten'
"""

from __future__ import annotations

from importlib import resources

from bieten._families import FAMILIES, Family

__all__ = ["OFFERED", "OFFERED_KINDS", "PAGE_DATA", "PAGE_SCRIPT", "has_page"]

#: The files of a game's page, in its package folder.
PAGE_DATA = "page.json"
PAGE_SCRIPT = "page.js"


def has_page(family: Family) -> bool:
    """Whether the game's package has the page's files."""
    folder = resources.files("bieten").joinpath(family.name)
    return folder.joinpath(PAGE_DATA).is_file() and folder.joinpath(PAGE_SCRIPT).is_file()


#: The families the page offers, in the registry's order, and their kinds.
OFFERED: tuple[Family, ...] = tuple(family for family in FAMILIES if has_page(family))
OFFERED_KINDS: tuple[str, ...] = tuple(kind for family in OFFERED for kind in family.kinds)
