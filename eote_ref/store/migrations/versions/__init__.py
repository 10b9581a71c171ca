"""Alembic revision scripts, one per schema version (never edit a released one)."""
