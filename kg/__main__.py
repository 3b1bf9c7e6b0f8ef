"""``python -m kg`` runs the command line."""
from kg.cli import cli

cli()
