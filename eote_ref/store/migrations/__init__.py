"""Alembic migrations of the eote-ref schema, run in code by :mod:`eote_ref.store.upgrade`."""

from __future__ import annotations

import pathlib

#: The Alembic script directory (``env.py`` and ``versions/``).
MIGRATIONS_DIR = pathlib.Path(__file__).resolve().parent
