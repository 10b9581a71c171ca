"""eote-ref: a referee assistant for Eagles Over the Empire 6.2 Napoleonic battles."""

__version__ = "0.1.0"
