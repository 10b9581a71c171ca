"""A toy ruleset pack that lives in the tests: the proof that a pack is one folder (issue 32).

"Toy Skirmish" is made up for the tests (no rules text): units of a side shoot and rally on a
d6. It declares itself exactly as a shipped pack does, through the pack boundary only:

* :mod:`.pack` — ``declare()`` and ``rules()``: its d6, its hits table, its two procedures
  (``shoot``, ``rally``) with exact odds, its turn (shooting, rally), its unit markers
  (``strength``, ``shaken``) and its army-list schema;
* :mod:`.armylist` — the army-list format (``ruleset: toy-1``), checked by the one YAML loader;
* :mod:`.play` — ``declare_play()``: the set-up, the checks (``shoot``, ``rally``,
  ``next_phase``) and what falls due;
* ``lists/`` — two tiny army lists.

:data:`LINE` is its one registry line; the tests add it with
:func:`eote_ref.packs.registry.register` (the ``toy_pack`` fixture of ``tests/conftest.py``)
and take it out after. Sections are cited ``Toy 3``: the toy's own numbering.
"""

from __future__ import annotations

from eote_ref.packs.registry import Shipped

#: The toy pack's one registry line.
LINE = Shipped(
    "toy",
    "tests.toy_pack.pack",
    "Toy Skirmish (a test pack)",
    "toy-1",
    "tests.toy_pack.play",
    "Toy",
)
