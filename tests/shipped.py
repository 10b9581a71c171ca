"""The army lists shipped with eote-ref, by file name (``LISTS["waterloo-1815-french.yaml"]``)."""

from __future__ import annotations

from eote_ref.referee.setup import shipped_army_lists

LISTS = {p.name: p for p in shipped_army_lists()}
