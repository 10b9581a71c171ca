"""Army lists shared by the roster tests (editor and service): a small one, a broken one."""

from __future__ import annotations

SMALL = """\
# A test list.
#
# CE values are defaults.
format: 1
name: Test Army
nation: french
year: 1815
army:
  name: Test Army
  level: army
  leader: {name: Napoléon, rating: 4}
  commands:
    - name: I Corps
      level: corps
      leader: {name: d'Erlon, rating: 2}
      commands:
        - name: 1st Division
          level: division
          leader: {name: Quiot, rating: 1}
          units:
            - {name: 1/54e Ligne, arm: infantry, type: line, ce: 6, stands: 4}
            - {name: 2/54e Ligne, arm: infantry, type: line, ce: 6, stands: 4}
            - {name: 20/6 Foot Battery, arm: artillery, type: foot, ce: 5, stands: 2, weight: light}
        - name: 2nd Division
          level: division
          leader: {name: Donzelot, rating: 1}
          units:
            - {name: 1/13e Léger, arm: infantry, type: light, ce: 6, stands: 4}
            - {name: 2/13e Léger, arm: infantry, type: light, ce: 6, stands: 4}
"""

#: A list the loader refuses: a leader rated 9 is outside the ratings.
BROKEN = """\
format: 1
name: Broken
nation: French
year: 1815
army:
  name: Broken
  level: army
  leader: {name: X, rating: 9}
  units:
    - {name: Lost, arm: infantry, type: line, ce: 6, stands: 4}
"""
