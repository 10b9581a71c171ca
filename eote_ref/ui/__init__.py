"""Qt user interface: main window, roster editor, dashboard and wizards."""
