"""One module per revision, oldest first by ``down_revision`` (docs/migrations.md)."""
