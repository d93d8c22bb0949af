"""Independent pure-Python reference of the Bieten rules (cards, deal, figures).

Written only from docs/rules/bieten.md, to cross-check the C++ engine. Standard library only.
"""
