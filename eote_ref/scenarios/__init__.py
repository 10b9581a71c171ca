"""Scenarios: the battle on the table, drawn from army lists (docs/scenario-format.md)."""
