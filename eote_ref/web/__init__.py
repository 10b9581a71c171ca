"""The players' phones: each side's own view and orders, served by the umpire's app (issue 35).

:mod:`.snapshot` builds what each page may show (filtered as the players' display is),
:mod:`.server` serves it (standard library, server-sent events), :mod:`.inbox` keeps what the
players send until the umpire answers, :mod:`.publisher` is the umpire's side (publish each
change, accept a request through the referee's services), :mod:`.headless` is
``eote-ref display --web``. No Qt here: the app's dialog (``ui/phones_dialog.py``) drives it.
"""
