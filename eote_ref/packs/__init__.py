"""Ruleset packs: what a ruleset declares (dice, tables, results, options, procedures).

The shared part of this package names no ruleset and imports only the standard library:

- :mod:`.outcome`: sources, modifiers, the pack error and the outcome every procedure returns;
- :mod:`.dice`: dice as data (numbered dice, dice with named faces, sums and pools of them)
  with exact distributions;
- :mod:`.tables`: tables by kind (bands, rows, columns, odds columns, grids), each kind with
  one lookup and one check;
- :mod:`.declaration`: the pack declaration itself;
- :mod:`.registry`: the packs eote-ref ships, imported only when one is asked for.

Each pack lives in its own sub-package (:mod:`.eote`, :mod:`.avle`); neither imports the other
(the import-linter contracts in ``pyproject.toml``).
"""
