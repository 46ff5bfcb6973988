"""The title screen and the set-up: the choices a game starts from, their rules, and
quick play."""
