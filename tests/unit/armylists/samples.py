"""Army-list texts shared by the army-list tests (line numbers matter: tests point into them)."""

from __future__ import annotations

#: A small, clean army list: no errors, no warnings.
VALID = """\
# CE values are defaults for the club to edit.
format: 1
name: Armée du Nord (extract)
nation: french
year: 1815
battle: Waterloo
sources:
  - "Public order of battle of the Armée du Nord, 18 June 1815"
army:
  name: Armée du Nord
  level: army
  leader: {name: Napoléon, rating: 4}
  commands:
    - name: I Corps
      level: corps
      leader: {name: Drouet d'Erlon, rating: 2}
      commands:
        - name: 1st Infantry Division
          level: division
          leader: {name: Quiot, rating: 1}
          units:
            - {name: 1/54e Ligne, arm: infantry, type: line, ce: 6, stands: 4, skirmish: detach}
            - {name: 2/54e Ligne, arm: infantry, type: line, ce: 6, stands: 4, skirmish: detach}
            - {name: 20/6 Foot Bty, arm: artillery, type: foot, weight: medium, ce: 5, stands: 2}
        - name: 1st Cavalry Division
          level: division
          leader: {name: Jacquinot, rating: 2}
          units:
            - {name: 7e Hussards, arm: cavalry, type: light, ce: 6, stands: 4}
            - {name: 3e Chasseurs, arm: cavalry, type: light, ce: 5, stands: 4}
"""


def replace_lines(text: str, first: int, new: str, last: int | None = None) -> str:
    """``text`` with its 1-based lines ``first``..``last`` replaced by the lines of ``new``.

    ``last`` defaults to ``first``; an empty ``new`` deletes the lines.
    """
    lines = text.splitlines()
    lines[first - 1 : last or first] = new.splitlines()
    return "\n".join(lines) + "\n"
