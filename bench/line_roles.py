"""The line-role model (``bench/line_roles_model.py``): its leave-documents-out line scores, the grader
with it wired into extraction on documents it did not see, and what tagging costs.

For each of 5 folds by document, trains the model on the other folds' documents and weak labels,
tags this fold's lines (the per-label line scores), and extracts this fold's documents with the
two wirings that were tried (:func:`extract_with_cited_lines`: every citation run outside the
publication lists, or only its lines with a year), writing ``OUT/cited/`` and
``OUT/cited-with-year/``; the rules alone write ``OUT/rules/``; the grader runs on all three. ``--model PATH`` also trains one model on every document into ``PATH``
(it is not shipped: see the model module's docstring). The documents and gold files are read from
``../shared`` and never copied into the repository.

Usage::

    python bench/line_roles.py --shared /work/shared               # ../shared from the main checkout
    python bench/line_roles.py --shared /work/shared --out /tmp/line-roles-heldout --model /tmp/line.crfsuite
"""
from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
_YEAR = re.compile(r"\b(?:19|20)\d\d\b")
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from line_roles_model import cross_validate, line_roles, read_documents, train_on  # noqa: E402

from kg.extract.models import _crf  # noqa: E402
from kg.model import Document, Extraction  # noqa: E402


def extract_with_cited_lines(document: Document, tagger: _crf.Tagger, need_year: bool = False) -> Extraction:
    """Extraction with the wiring that was tried: each run of consecutive lines the model calls
    citations outside the publication and talk sections (and, with ``need_year``, that carry a
    year) is read as a publication list of its own (a paper listed under the job it came from),
    after the rules.

    The runs are added just before the extraction is built, beside the rules rather than inside
    :func:`kg.extract.pipeline.extract` (where the experiment ran, commit 791961b; same figures).
    """
    from kg.extract import context, pipeline
    from kg.extract.publications import add_publications
    from kg.extract.sections import find_sections

    build = context.ExtractContext.build

    def build_with_runs(ctx):
        if ctx.document.data is None:
            sections = find_sections(ctx.document)
            listed = {i for s in sections if s.kind in ("publications", "talks") for i in s.lines}
            runs: list[list[int]] = []
            for index, role in enumerate(line_roles(tagger, ctx.document, sections)):
                if role == "citation" and index not in listed and (
                        not need_year or _YEAR.search(ctx.document.lines[index].text)):
                    if runs and runs[-1][-1] == index - 1:
                        runs[-1].append(index)
                    else:
                        runs.append([index])
            for run in runs:
                add_publications(ctx, run, ctx.subject())
        return build(ctx)

    context.ExtractContext.build = build_with_runs
    try:
        return pipeline.extract(document)
    finally:
        context.ExtractContext.build = build


def cost(documents, tagger: _crf.Tagger) -> str:
    """What tagging the lines would add to extraction: CPU time of :func:`line_roles` against that
    of :func:`kg.extract.extract` over the documents (best of 3 passes each, one core)."""
    from kg.extract import extract

    extract(documents[0][1])  # warm-up: vocabularies, patterns
    line_roles(tagger, documents[0][1])

    def best(fn) -> float:
        times = []
        for _ in range(3):
            started = time.process_time()
            for _, document, _ in documents:
                fn(document)
            times.append(time.process_time() - started)
        return min(times)

    tagging, extracting = best(lambda d: line_roles(tagger, d)), best(extract)
    with open("/proc/loadavg") as load:
        average = load.read().split()[0]
    return (f"line roles {1000 * tagging / len(documents):.2f} ms/document, extraction (rules) "
            f"{1000 * extracting / len(documents):.2f} ms/document: +{100 * tagging / extracting:.0f}%; load average {average}")


def grade(shared: Path, out: Path) -> tuple[str, dict[str, str]]:
    """The grader's summary lines on the extractions in ``out``, and each document's relation F1."""
    graded = subprocess.run([sys.executable, str(shared / "eval" / "score.py"), str(shared / "eval" / "gold"), str(out),
                             "--verbose"], capture_output=True, text=True, check=True).stdout
    summary = "\n".join(line for line in graded.splitlines()
                        if line.startswith(("relation F1", "macro", "overall", "subject")))
    per_document = dict(line.split(": relation F1 ") for line in graded.splitlines() if ": relation F1 " in line)
    return summary, per_document


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--shared", type=Path, default=ROOT.parent / "shared")
    parser.add_argument("--out", type=Path, default=None, help="folder for the held-out extractions (default: a temporary one)")
    parser.add_argument("--model", type=Path, default=None, help="also train one model on every document into this file")
    parser.add_argument("--folds", type=int, default=5)
    args = parser.parse_args()

    documents = read_documents(args.shared / "eval", (args.shared / "seeds",))
    if not documents:
        parser.error(f"no gold files with their documents under {args.shared}/eval (pass --shared)")
    from kg.extract import extract

    out = args.out or Path(tempfile.mkdtemp(prefix="line-roles-"))
    rules = out / "rules"
    rules.mkdir(parents=True, exist_ok=True)
    for name, document, _ in documents:
        (rules / f"{name}.json").write_text(json.dumps(extract(document).to_json(), ensure_ascii=False))
    with tempfile.TemporaryDirectory() as workdir:
        scores, models = cross_validate(documents, Path(workdir), k=args.folds)
        print(_crf.format_scores(scores, f"line role, {len(documents)} documents, {args.folds} folds by document"))
        wirings = {"any": out / "cited", "year": out / "cited-with-year"}
        for folder in wirings.values():
            folder.mkdir(exist_ok=True)
        for path, held in models:
            tagger = _crf.Tagger(path)
            for name, document, _ in documents:
                if name in held:
                    for wiring, folder in wirings.items():
                        extraction = extract_with_cited_lines(document, tagger, need_year=wiring == "year")
                        (folder / f"{name}.json").write_text(json.dumps(extraction.to_json(), ensure_ascii=False))
        print(f"\n{cost(documents, _crf.Tagger(models[0][0]))}")
    before, before_docs = grade(args.shared, rules)
    print(f"\nthe grader, the rules alone ({rules}):\n{before}")
    for wiring, folder in wirings.items():
        after, after_docs = grade(args.shared, folder)
        print(f"\nthe grader, citation runs{' with a year' if wiring == 'year' else ''} read as publications, "
              f"each document extracted with a model trained without it ({folder}):\n{after}")
        changed = [f"{name} {before_docs[name]} -> {after_docs[name]}" for name in before_docs if before_docs[name] != after_docs.get(name)]
        print("documents whose relation F1 changed:\n" + ("\n".join(changed) or "none"))
    if args.model:
        train_on(documents, args.model)
        print(f"\nmodel trained on all {len(documents)} documents: {args.model}")


if __name__ == "__main__":
    main()
