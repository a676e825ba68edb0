"""The database layout's history as Alembic revisions (docs/migrations.md).

``env.py`` runs them over the connection :mod:`tabletop.server.migrate` hands it; no
``alembic.ini`` is needed.
"""
