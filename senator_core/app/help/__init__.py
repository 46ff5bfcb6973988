"""The rules panel: the rules taught from scratch, opened at any rule."""
