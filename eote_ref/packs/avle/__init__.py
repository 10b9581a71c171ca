"""The Advanced Vive l'Empereur 1.2 pack: data, procedures and declaration."""
