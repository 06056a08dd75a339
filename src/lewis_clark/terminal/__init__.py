"""Playing in the terminal: ``lewis-clark play`` (command.py), the game loop (session.py), the
screen drawn with rich (screen.py) and the help texts in our own words (texts.py)."""
