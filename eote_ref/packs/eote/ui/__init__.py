"""The widgets only EotE needs: its assault wizard, its batches' dialog and its movement panel.

A pack's folder holds any widget only that pack uses (issue 32); they are built on the shared
widgets of :mod:`eote_ref.ui` and obey its contracts (Qt here and in ``ui/`` only, no database:
they call the referee's services through :class:`~eote_ref.ui.game_hub.GameHub`).

* :mod:`~eote_ref.packs.eote.ui.assault`: the assault wizard (the catalogue names it by path);
* :mod:`~eote_ref.packs.eote.ui.batch_dialog`: one check over every target due it, one step;
* :mod:`~eote_ref.packs.eote.ui.movement_dock` and :mod:`~eote_ref.packs.eote.ui.movement_panel`:
  the units' moves (EotE 5.x), the panel made when the dock is first shown.
* :mod:`~eote_ref.packs.eote.ui.window`: what EotE adds to the main window (the movement
  dock, the batch dialog, the fire sub-phases), named by its registry line's ``window``.
"""
