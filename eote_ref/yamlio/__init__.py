"""The one safe YAML layer: positions for every value and strict typed parsing into dataclasses.

Every YAML file eote-ref reads (rulesets, army lists) goes through
:func:`~eote_ref.yamlio.loader.load_text` or :func:`~eote_ref.yamlio.loader.load_file`, which use
PyYAML's safe loader, refuse duplicate keys and keep the ``file:line:column`` of every key and
value. :func:`~eote_ref.yamlio.typed.parse` then turns the plain data into frozen dataclasses,
rejecting unknown keys, missing keys, wrong types and out-of-range numbers, and reports *all*
problems at once, each with its position and key path.

Modules: :mod:`.problems` (positions, problems and the error), :mod:`.document` (loaded data with
its positions), :mod:`.text` (text checks shared by loading and parsing), :mod:`.loader` (the
safe loader and its limits), :mod:`.dumper` (writing YAML back), :mod:`.typed` (the typed
parse) and :mod:`.rule_contract` (the JSON contract of ``eote-ref rule``, every pack's).
"""
