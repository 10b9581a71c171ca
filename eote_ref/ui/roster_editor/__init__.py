"""The roster editor: build and check army lists (the order of battle) and save them as YAML.

:class:`~eote_ref.ui.roster_editor.window.RosterEditorWindow` shows the order of battle as a tree
(army → wing/corps → division/brigade → units) beside a form for the selected item. Every edit is
one undoable step on a :class:`QUndoStack`; the list is checked with the army-list loader's own
rules while the user types, and an invalid list is never saved. Files and the database are
reached only through the :class:`~eote_ref.referee.roster_service.RosterService` handed in.

The window is built in layers, one module each: :mod:`.form` (the tree, the form of the selected
item, the problems shown on it, the filter), :mod:`.edits` (adding, copying, moving and deleting
items), :mod:`.files` (open, save, import and export, and the questions they ask) and
:mod:`.window` (the actions that tie them together). The Qt model of the tree is in
:mod:`.tree_model`, its undo commands in :mod:`.undo`, the form's widget bindings in
:mod:`.fields`, the problems dialog in :mod:`.problems_dialog`; the tree itself (Qt-free) is
:mod:`eote_ref.armylists.tree`. A list of another pack (AVlE, VlE) opens in a window of its own,
laid out by its pack's list schema: :mod:`.pack_editor`.
"""
