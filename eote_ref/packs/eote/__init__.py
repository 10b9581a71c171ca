"""The EotE 6.2 pack, one folder: everything that is Eagles Over the Empire's.

Its procedures (:mod:`~eote_ref.packs.eote.rules`, standard library only), its ruleset data and
loader (:mod:`~eote_ref.packs.eote.rulesets`, ``eote-6.2.yaml``), its checks
(:mod:`~eote_ref.packs.eote.checks`), its declaration (:mod:`~eote_ref.packs.eote.pack`, the
module the registry's ``eote`` line names), its unit markers
(:mod:`~eote_ref.packs.eote.markers`) and its turn (:mod:`~eote_ref.packs.eote.turn`).

This module imports nothing, so importing one procedure loads no more than that procedure.
"""
