"""Rebuild the shipped model files from the labelled data folder and print each model's held-out field F1.

    python -m kg.extract.models.train /work/shared/data               # every model
    python -m kg.extract.models.train /work/shared/data --model citation
    python -m kg.extract.models.train /work/shared/eval --model subject --docs /work/shared/seeds  # gold/, docs/

Each entry of :data:`MODELS` names a module with a ``build(data_dir, path)`` function that reads
its training data under ``data_dir``, trains, writes the model file to ``path`` and returns its
held-out evaluations as ``[(title, field_scores), ...]`` (see :func:`kg.extract.models._crf.field_scores`).
"""
from __future__ import annotations

import importlib
import time
from pathlib import Path

import click

from kg.extract.models._crf import format_scores, model_path

# model name -> module that builds it
MODELS: dict[str, str] = {
    "citation": "kg.extract.models.citation",
    "name": "kg.extract.models.names",
    "affiliation": "kg.extract.models.affiliations",
    "subject": "kg.extract.models.subject",
}


#: model name -> the folder of DATA_DIR it trains on; without it a build would overwrite the shipped file with an
#: empty model.
NEEDS: dict[str, str] = {
    "citation": "anystyle",
    "name": "grobid/name",
    "affiliation": "grobid/affiliation-address",
    "subject": "gold",
}


def _path(name: str) -> Path:
    """The shipped file of model ``name``: a CRF's, or the file its module names (``MODEL_PATH``)."""
    return getattr(importlib.import_module(MODELS[name]), "MODEL_PATH", model_path(name))


def build(name: str, data_dir: Path, docs: tuple[Path, ...] = ()) -> list[tuple[str, dict]]:
    """Train model ``name`` from ``data_dir`` (and the documents of ``docs`` its gold files grade) into its
    shipped file; return its held-out evaluations."""
    module = importlib.import_module(MODELS[name])
    return module.build(Path(data_dir), _path(name), *((docs,) if docs else ()))


@click.command()
@click.argument("data_dir", type=click.Path(exists=True, file_okay=False, path_type=Path))
@click.option("--model", "names", multiple=True, type=click.Choice(sorted(MODELS)),
              help="Only this model (repeatable); default: all.")
@click.option("--docs", multiple=True, type=click.Path(exists=True, file_okay=False, path_type=Path),
              help="A folder of the documents DATA_DIR/gold grades besides DATA_DIR/docs (subject; repeatable).")
def main(data_dir: Path, names: tuple[str, ...], docs: tuple[Path, ...]) -> None:
    """Train the models in DATA_DIR's labelled data and print their held-out field F1."""
    missing = [f"{name} ({data_dir / NEEDS[name]})" for name in names or sorted(MODELS) if not (data_dir / NEEDS[name]).is_dir()]
    if missing:
        raise click.UsageError(f"DATA_DIR holds no training data for: {', '.join(missing)}; nothing was written "
                               "(the labelled data folder, e.g. ../shared/data; ../shared/eval for subject)")
    for name in names or sorted(MODELS):
        started = time.perf_counter()
        evaluations = build(name, data_dir, docs if name == "subject" else ())
        size = _path(name).stat().st_size / 1e6
        click.echo(f"## {name}: {_path(name)} ({size:.1f} MB, {time.perf_counter() - started:.0f} s)\n")
        for title, scores in evaluations:
            click.echo(format_scores(scores, title) + "\n")


if __name__ == "__main__":
    main()
