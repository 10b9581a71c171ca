"""The frozen app's entry script: the same ``eote-ref`` command as the installed console script."""

import sys

from eote_ref.cli import main

if __name__ == "__main__":
    sys.exit(main())
