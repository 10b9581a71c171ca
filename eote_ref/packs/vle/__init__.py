"""Vive l'Empereur! 3rd edition (Didier Rouy): the third pack. Standard library only."""
