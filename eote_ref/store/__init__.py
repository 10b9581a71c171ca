"""Persistent storage: SQLModel tables, engine set-up, migrations and the journal."""
