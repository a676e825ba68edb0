"""The browser app: static HTML, CSS and ES modules served by ``tabletop serve``.

No Python runs here; the package exists so the files ship with the wheel
(``[tool.setuptools.package-data]``) and the server can find them with
:data:`WEB_DIR`.
"""

from pathlib import Path

WEB_DIR = Path(__file__).resolve().parent
