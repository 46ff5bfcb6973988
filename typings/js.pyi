# The browser's global scope as Pyodide gives it to Python (`import js`): every name
# is a JavaScript object, so each is typed as Any. Only web/main.py imports it.
from typing import Any

def __getattr__(name: str) -> Any: ...
