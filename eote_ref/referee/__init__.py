"""The game as the umpire runs it: set-up, turn machine, journal-backed services."""
