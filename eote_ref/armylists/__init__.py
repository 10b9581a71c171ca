"""Army lists: the YAML roster format, its typed parse, validation and export."""
