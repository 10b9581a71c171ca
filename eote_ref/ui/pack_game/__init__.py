"""The app's screens for a game of a pack with declared play (issue 26).

The dashboard, the turn guide, the check wizard and the players' display render a
:class:`~eote_ref.referee.pack_view.PackView` and name no pack.
"""
