"""Headless ``eote-ref`` sub-commands (rules calculator, army lists, campaigns, printing)."""
