"""The whole job: documents in, a resolved knowledge graph in the store out.

``build`` walks the paths, skips documents whose bytes are unchanged since the last
build, loads and extracts the rest (in parallel on large batches), resolves their
entities against each other and against what the store already knows, and writes
each document's named graph atomically. A bad file is reported and skipped; the
others are built.

>>> from kg.store import Store
>>> import pathlib, tempfile
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> _ = (folder / "ada.md").write_text("# Ada Lovelace\\n\\n## Education\\n\\n- PhD, University of London, 1840\\n")
>>> with Store.open(":memory:") as store:
...     report = build([folder], store)
...     report.built, report.errors
(1, [])
"""
from __future__ import annotations

import hashlib
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Callable, Iterable, Sequence

from kg.budget import Budget
from kg.errors import KgError, NotFoundError
from kg.model import Document, Extraction, KnownEntity
from kg.spool import Spool, spool_record

__all__ = ["Budget", "BuildReport", "build", "extract_file", "extract_files", "remove", "document_key"]

#: Below this many documents, extraction runs in this process (a pool costs more than it saves).
PARALLEL_THRESHOLD = 64
#: Documents written per store load during a build: from ``WRITE_BATCH`` for small builds up to
#: ``LARGE_WRITE_BATCH`` for large ones (a sixteenth of the build). Larger loads cost memory: the
#: batch's N-Quads text is in a file (:class:`kg.store.BulkWriter`), but Oxigraph's loader holds
#: its quads while it sorts them (~0.7 KB a quad: ~110 MB for 512 generated documents; the
#: 10k-document build's peak was 1,077 MB with 64, 1,268 MB with 512 when the text was also held
#: in memory). Large builds need them: each
#: load leaves new files that RocksDB merges into the store's, so a load costs more as the store
#: grows (100k documents: write stage 4,341 s with 64, 1,809 s with 512).
WRITE_BATCH = 64
LARGE_WRITE_BATCH = 512


@dataclass
class BuildReport:
    """What a build did: documents built, unchanged and failed, and the facts written."""

    built: int = 0
    unchanged: int = 0
    errors: list[tuple[str, str]] = field(default_factory=list)
    #: ``(path, reason)`` of what was left out without being an error: FIFOs, sockets and devices in a folder
    skipped: list[tuple[str, str]] = field(default_factory=list)
    #: ``(path, message)`` for documents built with a problem worth a look (see :func:`document_warnings`)
    warnings: list[tuple[str, str]] = field(default_factory=list)
    #: paths of documents in the store, under a folder being built, whose file is gone (deleted or
    #: renamed): kept, unless the build prunes, and then listed in ``pruned``
    stale: list[str] = field(default_factory=list)
    pruned: list[str] = field(default_factory=list)
    #: gone document -> the new file with the same bytes (a rename or a move), among ``stale`` or ``pruned``
    renamed: dict[str, str] = field(default_factory=dict)
    entities: int = 0
    facts: int = 0
    merges: int = 0
    seconds: float = 0.0
    #: seconds spent per stage: ``extract``, ``index`` (what the store knows), ``resolve``, ``write``
    timings: dict[str, float] = field(default_factory=dict)

    def summary(self) -> str:
        """One line for the terminal.

        >>> BuildReport(built=2, entities=10, facts=12, seconds=0.5).summary()
        'built 2 documents (0 unchanged, 0 errors): 10 entities, 12 facts, 0 merges in 0.5 s'
        >>> BuildReport(built=1, warnings=[("cv.json", "work is text"), ("cv.json", "no facts found")]).summary()
        'built 1 documents (0 unchanged, 0 errors, 1 with warnings): 0 entities, 0 facts, 0 merges in 0.0 s'
        """
        warned = f", {len({path for path, _ in self.warnings})} with warnings" if self.warnings else ""
        return (f"built {self.built} documents ({self.unchanged} unchanged, {len(self.errors)} errors{warned}): "
                f"{self.entities} entities, {self.facts} facts, {self.merges} merges in {self.seconds:.1f} s")


def document_key(path: str | os.PathLike) -> str:
    """A document's identity in the store: its absolute path.

    >>> document_key("seeds/../seeds/cv.txt") == document_key("seeds/cv.txt")
    True
    """
    return str(Path(path).resolve())


def extract_file(path: str | os.PathLike) -> tuple[Document, Extraction]:
    """Load and extract one file: the ``kg extract`` command.

    Raises :class:`~kg.errors.DocumentError` for a file that cannot be read.
    """
    from kg.extract import extract
    from kg.ingest import load_document

    document = load_document(path)
    return document, extract(document)


def document_warnings(document: Document, extraction: Extraction) -> list[str]:
    """What the user should hear about a document that loaded: the loader's warnings, and a
    word when nothing was found in it.

    >>> from kg.model import Entity
    >>> document_warnings(Document("cv.json", "cv.json", "jsonresume", (), "0", warnings=("work is text",)),
    ...                   Extraction("cv.json", "p", (Entity("p", "Ada Obi", "Person"),), ()))
    ['work is text', 'no facts found']
    """
    return [*document.warnings, *(["no facts found"] if not extraction.relations else [])]


def _load_and_extract(path: str, budget: Budget | None = None) -> tuple[str, Document | None, Extraction | None, str | None]:
    try:
        with _spending(budget):
            document, extraction = extract_file(path)
    except KgError as exc:
        return path, None, None, str(exc)
    except _OverTime:
        return path, None, None, f"{path}: over the time budget ({budget.seconds:g} s of CPU), skipped"
    except MemoryError:
        return path, None, None, f"{path}: over the memory budget ({budget.megabytes} MB), skipped"
    except Exception as exc:  # a bug in a rule must not lose the rest of the batch
        return path, None, None, f"{path}: extraction failed ({type(exc).__name__}: {exc})"
    # the writer maps only the provenance to RDF: the text stays here, out of the pipe and the writer's
    # memory; a PDF's page starts go along, so that its facts' lines can be shown as pages
    kept = {"page_starts": document.metadata["page_starts"]} if "page_starts" in document.metadata else {}
    return path, replace(document, lines=(), metadata=kept, data=None), extraction, None


def extract_files(paths: Sequence[str], *, workers: int | None = None, budget: Budget | None = Budget()):
    """Load and extract documents, yielding ``(path, document, extraction, error)`` in order.

    With a ``budget``, extraction runs in worker processes (one per core, fewer for fewer
    documents), each document under that budget: a document over it, or one whose process dies,
    gives an ``error`` and the others go on. Without one, in this process below
    ``PARALLEL_THRESHOLD`` documents. The documents keep only their provenance and warnings.

    >>> import pathlib, tempfile
    >>> cv = pathlib.Path(tempfile.mkdtemp()) / "cv.md"
    >>> _ = cv.write_text("# Ada Lovelace\\n\\n## Education\\n\\n- PhD, University of London, 1840\\n")
    >>> [(len(e.relations), error) for _, _, e, error in extract_files([str(cv)], budget=Budget(seconds=30))]
    [(1, None)]
    """
    return _run_extraction(_load_and_extract, paths, workers, budget)


def _extract_record(path: str, budget: Budget | None = None) -> tuple[str, bytes | None, list[str] | None, str | None]:
    """What a build's extraction process sends back for one document: ``(path, record, warnings,
    error)``, the record being the document's :class:`~kg.spool.Spool` record, keyed and pickled
    here. The build's process then only appends those bytes to its spool: unpickling every
    extraction there and pickling it again took half a millisecond a document of the core the
    extraction processes share with it."""
    path, document, extraction, error = _load_and_extract(path, budget)
    if error is not None:
        return path, None, None, error
    key = document_key(path)
    record = spool_record(key, replace(document, path=key), replace(extraction, document=key))
    return path, record, document_warnings(document, extraction), None


def _run_extraction(task: Callable, paths: Sequence[str], workers: int | None, budget: Budget | None):
    """Yield ``task(path, budget)`` (a tuple ending with the error) for each path, in order, as
    :func:`extract_files` describes."""
    workers = workers or os.cpu_count() or 1
    if budget is None and (workers <= 1 or len(paths) < PARALLEL_THRESHOLD):
        yield from map(task, paths)
        return
    workers = max(1, min(workers, -(-len(paths) // EXTRACT_CHUNK)))
    chunks = [list(paths[i:i + EXTRACT_CHUNK]) for i in range(0, len(paths), EXTRACT_CHUNK)]
    retry: list[str] = []
    with _pool(workers, budget) as pool:
        futures = [pool.submit(_extract_chunk, task, chunk, budget) for chunk in chunks]
        for chunk, future in zip(chunks, futures):
            if retry:  # the pool is broken: every chunk left is tried again below
                retry += chunk
                continue
            try:
                yield from future.result()
            except BrokenProcessPool:
                retry += chunk
    # a process died (killed at the hard CPU limit, by the kernel's OOM killer, or crashed): each
    # document left gets a process of its own, so that only the one that kills it again is lost
    for path in retry:
        try:
            with _pool(1, budget) as pool:
                yield pool.submit(task, path, budget).result()
        except BrokenProcessPool:
            yield path, None, None, f"{path}: the extraction process died (over budget or crashed), skipped"


#: Documents per task sent to an extraction process: fewer round trips than one by one.
EXTRACT_CHUNK = 16


def _extract_chunk(task: Callable, paths: list[str], budget: Budget | None) -> list:
    return [task(path, budget) for path in paths]


def _pool(workers: int, budget: Budget | None) -> ProcessPoolExecutor:
    import importlib
    import multiprocessing

    # the extraction rules' ~650 patterns compiled once, here, and inherited by every worker: not once per
    # worker, inside its first document's CPU budget
    importlib.import_module("kg.extract.pipeline")
    # fork: the workers start with kg already imported (and the test suite's patches in place)
    return ProcessPoolExecutor(max_workers=workers, mp_context=multiprocessing.get_context("fork"),
                               initializer=_limit_worker, initargs=(budget,))


class _OverTime(Exception):
    """A document's extraction used up its CPU seconds."""


def _limit_worker(budget: Budget | None) -> None:
    """Start an extraction process: the cyclic collector back on, and with a budget, this
    worker's address space capped at what it holds now plus the budget (an allocation past it
    raises ``MemoryError`` in the document that made it). A worker the kernel ends at its CPU
    limit leaves no core file."""
    import gc
    import resource

    gc.enable()  # forked from a build, which pauses it (parsers of some formats do make cycles)
    if budget is None:
        return
    resource.setrlimit(resource.RLIMIT_CORE, (0, resource.getrlimit(resource.RLIMIT_CORE)[1]))
    with open("/proc/self/statm") as handle:
        held = int(handle.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
    _, hard = resource.getrlimit(resource.RLIMIT_AS)
    limit = held + budget.megabytes * 2**20
    resource.setrlimit(resource.RLIMIT_AS, (limit if hard == resource.RLIM_INFINITY else min(limit, hard), hard))


class _spending:
    """Run a document under ``budget``'s CPU seconds (in a worker process: it sets signals and limits).

    A profiling timer raises :class:`_OverTime` in the Python code (regular expressions
    included) when the seconds are spent; should the document be stuck in C code that never
    returns to Python, the kernel ends the process at twice the seconds (``RLIMIT_CPU``) and
    :func:`extract_files` reports the document from its own process.
    """

    def __init__(self, budget: Budget | None):
        self.budget = budget

    def __enter__(self):
        if self.budget is None:
            return self
        import resource
        import signal

        def over(signum, frame):
            raise _OverTime()

        self._handler = signal.signal(signal.SIGPROF, over)
        signal.setitimer(signal.ITIMER_PROF, self.budget.seconds)
        used = resource.getrusage(resource.RUSAGE_SELF)
        self._cpu = resource.getrlimit(resource.RLIMIT_CPU)
        hard_stop = int(used.ru_utime + used.ru_stime + 2 * self.budget.seconds) + 1
        if self._cpu[1] == resource.RLIM_INFINITY or hard_stop < self._cpu[1]:
            resource.setrlimit(resource.RLIMIT_CPU, (hard_stop, self._cpu[1]))
        return self

    def __exit__(self, *exc_info):
        if self.budget is None:
            return None
        import resource
        import signal

        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.signal(signal.SIGPROF, self._handler)
        resource.setrlimit(resource.RLIMIT_CPU, self._cpu)
        return None


def _without_cyclic_collector(function):
    """Run ``function`` with Python's cyclic garbage collector paused.

    A build holds every document's extraction (unpickled from the workers, millions of small
    containers that make no reference cycles) until it writes them: the collector would only
    rescan them, more often the more there are (reading 10,000 extractions back: 2.7 s of CPU
    with it, 1.1 s without). Objects are still freed as their last reference goes.
    """
    import functools
    import gc

    @functools.wraps(function)
    def paused(*args, **kwargs):
        enabled = gc.isenabled()
        gc.disable()
        try:
            return function(*args, **kwargs)
        finally:
            if enabled:
                gc.enable()
    return paused


@_without_cyclic_collector
def build(
    paths: Iterable[str | os.PathLike],
    store,
    *,
    progress: Callable[[int, int, str], None] | None = None,
    workers: int | None = None,
    force: bool = False,
    ror=None,
    prune: bool = False,
    budget: Budget | None = Budget(),
) -> BuildReport:
    """Build documents (files, or folders walked recursively) into ``store``.

    Parameters
    ----------
    paths : files and folders.
    store : a :class:`kg.store.Store` (or a remote store).
    progress : called as ``progress(done, total, stage)`` as documents get through the stages
        ``extracting`` (after each document), ``resolving`` (all together) and ``writing`` (after
        each store transaction); each stage starts with ``done == 0``.
    workers : processes for extraction (default: all cores, on batches of at least
        ``PARALLEL_THRESHOLD`` documents).
    force : rebuild documents even when their bytes are unchanged.
    ror : a ROR data dump (path, or a loaded :class:`kg.resolve.RorIndex`) whose names,
        aliases, acronyms and parents enrich organisation matching.
    prune : remove the documents whose file is gone from a folder being built (the folder is
        the truth, as ``rsync --delete``); without it they stay and are listed in ``stale``.
    budget : what extracting one document may cost (see :class:`Budget`); a document over it is
        reported and skipped. ``None``: no limit, and small builds extract in this process.

    Returns
    -------
    BuildReport
    """
    from kg.ingest import SUPPORTED_SUFFIXES, iter_paths

    started = time.perf_counter()
    report = BuildReport()
    paths = list(paths)
    unreadable: list[tuple[str, str]] = []
    files = iter_paths(paths, errors=unreadable, skipped=report.skipped)
    report.errors += [(path, f"{path}: {reason}") for path, reason in unreadable]
    if not files:
        if unreadable:
            raise NotFoundError("; ".join(message for _, message in report.errors))
        raise NotFoundError(f"no documents in {', '.join(map(str, paths))} (kg reads "
                            f"{', '.join(sorted(SUPPORTED_SUFFIXES))} files)")
    store.drop_incomplete()  # what a build killed during a bulk write left behind
    documents = store.documents()
    folders = [document_key(p) for p in paths if Path(p).is_dir()]
    gone = [d for d in documents if any(_within(d["path"], f) for f in folders) and not os.path.isfile(d["path"])]
    if gone and prune:
        documents = _drop(store, documents, gone)
        report.pruned = [d["path"] for d in gone]
    else:
        report.stale = [d["path"] for d in gone]
    known_hashes = {d["path"]: d["sha256"] for d in documents}
    todo: list[str] = []
    gone_by_hash = {d["sha256"]: d["path"] for d in gone}
    for path in files:
        try:
            key = document_key(path)
        except (OSError, RuntimeError) as exc:  # replaced by a link loop since the walk
            report.errors.append((str(path), f"{path}: cannot read ({exc})"))
            continue
        digest = _sha256(path) if gone or (not force and key in known_hashes) else None
        if digest in gone_by_hash:  # the same bytes as a document that is gone: renamed or moved
            report.renamed[gone_by_hash[digest]] = key
        if not force and key in known_hashes and known_hashes[key] == digest:
            report.unchanged += 1
        else:
            todo.append(str(path))

    with Spool() as loaded:
        return _build_extracted(todo, loaded, store, documents, report, started,
                                progress=progress, workers=workers, ror=ror, budget=budget)


def _build_extracted(todo: list[str], loaded: Spool, store, documents: list[dict], report: BuildReport,
                     started: float, *, progress, workers, ror, budget) -> BuildReport:
    """:func:`build` from the extraction of the documents ``todo`` on: each extraction is spooled
    to disk as it arrives (see :mod:`kg.spool`), read back to resolve and to write."""
    from kg import rdf
    from kg.resolve import release_caches, resolve

    if progress:
        progress(0, len(todo), "extracting")
    for done, (path, record, warnings, error) in enumerate(_run_extraction(_extract_record, todo, workers, budget), 1):
        if error:
            report.errors.append((path, error))
        else:
            key = document_key(path)
            report.warnings += [(key, warning) for warning in warnings]
            loaded.add_record(key, key, record)
        if progress:
            progress(done, len(todo), "extracting")
    if not loaded:
        report.seconds = time.perf_counter() - started
        return report

    # Nodes known only from the documents being rebuilt are those documents' old versions:
    # leave them out, so that a rebuild resolves exactly as a first build would.
    report.timings["extract"] = time.perf_counter() - started
    mark = time.perf_counter()
    rebuilt = set(loaded.keys())
    index = _ResolverIndex.open(store, documents) if getattr(store, "_ox", None) is not None else None
    if index is not None:
        known = index.known(exclude=frozenset(rebuilt))
        index.release()
    else:  # a remote store: ask it
        known = [k for k in store.known_entities() if not set(k.documents) <= rebuilt]
    report.timings["index"] = time.perf_counter() - mark
    mark = time.perf_counter()
    if progress:
        progress(0, len(loaded), "resolving")
    if len(loaded) >= RESOLVE_APART_FROM:
        resolution = _resolve_apart(loaded, known, ror)
    else:
        resolution = resolve(loaded, known=known, ror=ror)
        # the resolver's working set is garbage now, but the allocators keep it: the write stage starts
        # from that high water, and Oxigraph's loader (other threads, other malloc arenas) adds to it
        release_caches()
        _return_free_memory()
    report.timings["resolve"] = time.perf_counter() - mark
    if progress:
        progress(len(loaded), len(loaded), "resolving")
    mark = time.perf_counter()
    if index is not None:
        _ResolverIndex.invalidate(store)  # a crash while writing leaves no stale index behind
    by_path = {d["path"]: d for d in documents}
    report.merges = len(resolution.merges)
    merges: dict[str, list] = {}
    for merge in resolution.merges:
        merges.setdefault(merge.document, []).append(merge)
    built_at = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
    unmapped: set[str] = set()
    total = len(loaded)
    if progress:
        progress(0, total, "writing")
    # each batch is loaded on the writer's thread while this one maps the next (Oxigraph's loader
    # releases the GIL); batches still go into the store one at a time, in order

    def mapped(chunk):
        """The chunk's documents as N-Triples, one at a time: a document's triples are let go once
        the writer has written their N-Quads text to the batch's file."""
        for key, document, extraction in chunk:
            try:
                graph, triples = rdf.document_ntriples(document, extraction, resolution, key=key,
                                                       built_at=built_at, merges=merges.get(key, ()))
                triples = list(triples)
            except Exception as exc:  # this document is skipped whole; the store keeps its old version
                report.errors.append((key, f"{key}: cannot map to RDF ({type(exc).__name__}: {exc})"))
                unmapped.add(key)
                continue
            report.facts += len(extraction.relations)
            if index is not None:  # saved only once every batch is in the store
                index.put(graph[1:-1], triples)
                by_path[key] = {"path": key, "sha256": document.sha256, "graph": graph[1:-1]}
            yield graph, triples

    size = min(LARGE_WRITE_BATCH, max(WRITE_BATCH, total // 16))
    since = getattr(store, "generation", None)  # the analyses re-read only the graphs written since
    with store.bulk_writer() as writer:
        for start in range(0, total, size):
            writer.add(mapped(loaded.records(start, start + size)))  # returns once the previous batch is in the store
            report.built = writer.written
            if progress and start:
                progress(start, total, "writing")
    report.built = writer.written
    if progress:
        progress(total, total, "writing")
    if index is not None:
        index.save(store, list(by_path.values()))
    _note_changes(store, since, (d["graph"] for d in by_path.values() if d["path"] in rebuilt))
    report.timings["write"] = time.perf_counter() - mark
    # counted once the loader has let go of its last batch: a set of every written entity's IRI, kept
    # while writing, adds to the write stage's peak (216,632 IRIs at 10,000 documents; a set of a few
    # million is a table of 2**22 slots, 64 MB)
    report.entities = len({iri for (key, _), iri in resolution.iris.items() if key not in unmapped})
    report.seconds = time.perf_counter() - started
    return report


#: From this many documents, a build resolves in a process of its own (:func:`_resolve_apart`).
RESOLVE_APART_FROM = 2_000

#: What :func:`_resolve_apart`'s process resolves: set before it forks, so that it is not pickled.
_TO_RESOLVE: tuple = ()


def _resolve_apart(extractions: Spool, known: list[KnownEntity], ror):
    """:func:`kg.resolve.resolve` in a forked process, which sends back only its answer.

    Resolving reads every extraction and builds millions of short-lived objects; freed, they leave
    the heap in fragments that the process keeps (10,000 generated documents: ~400 MB kept, ~50 MB
    of them the answer), and Oxigraph's loader, which allocates apart from Python, cannot reuse
    them: at 100,000 documents that was the difference between a writer over and under 4 GB.
    """
    import multiprocessing

    global _TO_RESOLVE
    extractions.flush()
    _TO_RESOLVE = (extractions, known, ror)
    try:
        with ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("fork")) as pool:
            return pool.submit(_resolve_inherited).result()
    except BrokenProcessPool:
        raise KgError("the resolving process died (out of memory?); nothing was written") from None
    finally:
        _TO_RESOLVE = ()


def _resolve_inherited():
    from kg.resolve import resolve

    extractions, known, ror = _TO_RESOLVE
    return resolve(extractions, known=known, ror=ror)


def _return_free_memory() -> None:
    """Give the C allocator's free memory back to the system: glibc's ``malloc_trim`` (elsewhere,
    or where it is missing, nothing). Python frees large objects to malloc, which keeps the pages
    for the thread that freed them.

    >>> _return_free_memory()
    """
    import ctypes

    try:
        ctypes.CDLL(None).malloc_trim(0)
    except (OSError, AttributeError):  # not glibc
        pass


def remove(store, document: str) -> list[str]:
    """Remove a document's facts from the store, by path or by file name; returns the paths removed.

    An unknown or ambiguous name raises :class:`~kg.errors.NotFoundError`.
    """
    known = store.documents()
    key = document_key(document)
    matches = [d for d in known if d["path"] == key] or [d for d in known if d["document"] == document]
    if not matches:
        raise NotFoundError(f"{document}: no such document in the store (see `kg stats --documents`)")
    if len(matches) > 1:
        listed = ", ".join(d["path"] for d in matches)
        raise NotFoundError(f"{document}: several documents have this name ({listed}); give the path")
    _drop(store, known, matches)
    return [matches[0]["path"]]


def _drop(store, known: list[dict], dropped: list[dict]) -> list[dict]:
    """Remove documents' graphs, keeping the resolver index current; returns the documents left."""
    from rdflib import URIRef

    index = _ResolverIndex.cached(store, known) if getattr(store, "_ox", None) is not None else None
    _ResolverIndex.invalidate(store)
    since = getattr(store, "generation", None)  # the analyses re-read only the graphs written since
    for document in dropped:
        store.remove_graph(URIRef(document["graph"]))
        if index is not None:
            index.drop(document["graph"])
    left = [d for d in known if d not in dropped]
    if index is not None:
        index.save(store, left)
    _note_changes(store, since, (d["graph"] for d in dropped))
    return left


def _note_changes(store, since: str | None, graphs: Iterable[str]) -> None:
    """Note the graphs a write changed, for the analyses, and update what they keep (if they
    keep anything: a store analysed before) to the new state from those graphs alone."""
    from kg.analyze._patch import update_after_write  # imported here: it brings rdflib in
    from kg.analyze._tables import note_changes

    note_changes(store, since, graphs)
    update_after_write(store, since)


def _within(path: str, folder: str) -> bool:
    return path.startswith(folder.rstrip(os.sep) + os.sep)


def _sha256(path: str | os.PathLike) -> str | None:
    try:
        with open(path, "rb") as handle:
            return hashlib.file_digest(handle, "sha256").hexdigest()
    except OSError:
        return None


# -- the resolver index: what the store knows, kept beside it ----------------------------------
#
# ``Store.known_entities`` asks five SPARQL queries over the whole store, which takes seconds
# per thousand documents; an incremental build of 100 documents into a large store would spend
# nearly all its time there. The index keeps, per document, the few facts the resolver compares
# against (entity names and types, identifiers, affiliations, authorships, coauthorships), and
# ``known()`` aggregates them exactly as ``Store.known_entities`` would. It lives in the store
# directory as shards (pickle files of frames ``{graph: contribution, or None when dropped}``,
# later frames winning) listed by a manifest: a build appends its documents' contributions to a
# shard of its own as it writes them, a frame per ``_INDEX_FRAME`` documents, instead of holding
# them and rewriting the whole index (at 2,000 documents the whole index held 25 MB and took
# 0.5 s to pickle, which would be over 1 GB and half a minute at 100,000), and a save folds the shards into one
# once there are more than ``_INDEX_SHARDS``. The manifest is deleted before every write and
# saved after, stamped with the documents' content hashes and the store's generation (which
# every write through kg changes, and which the index is saved with after its last write;
# counting the quads was a pass over the whole store at both ends of every build): a stale or
# missing index is rebuilt from one scan of the store's quads, so a crash or another writer can
# only cost time, never correctness.

_INDEX_DIR = "resolver-index"
_INDEX_MANIFEST = "manifest.pickle"
#: the single-file index of kg before shards, deleted on sight
_OLD_INDEX_FILE = "resolver-index.pickle"
_INDEX_VERSION = 3
#: documents per frame of a shard: what a build holds of the index while it writes
_INDEX_FRAME = 256
#: shards an index may have before a save folds them into one
_INDEX_SHARDS = 8
_KG = "https://w3id.org/kg/ontology#"
_RDF = "http://www.w3.org/1999/02/22-rdf-syntax-ns#"
_TYPE = _RDF + "type"
_ENTITY_TYPES = frozenset(_KG + t for t in
                          ("Person", "University", "Company", "Lab", "Institute", "Venue", "Project", "Publication"))
_IDENTIFIER_SCHEMES = {_KG + s: s for s in ("email", "orcid", "homepage", "github", "scholar", "rorId")}
#: the predicates whose triples :func:`_contribution` reads
_INDEXED = (_TYPE, _KG + "name", _KG + "authored", _KG + "coauthored", _KG + "sourcePath",
            _RDF + "subject", _RDF + "predicate", _RDF + "object",
            _KG + "start", _KG + "end", _KG + "ongoing", *_IDENTIFIER_SCHEMES)
#: those predicates in N-Triples syntax -> the plain IRI
_INDEXED_NT = {f"<{p}>": sys.intern(p) for p in _INDEXED}
_DOCUMENT, _NAME, _AUTHORED, _COAUTHORED, _SOURCE_PATH, _AFFILIATION = (
    _KG + n for n in ("Document", "name", "authored", "coauthored", "sourcePath", "Affiliation"))
_SUBJECT, _PREDICATE, _OBJECT = _RDF + "subject", _RDF + "predicate", _RDF + "object"
_START, _END, _ONGOING = _KG + "start", _KG + "end", _KG + "ongoing"
_ASSERTION_PARTS = frozenset((_SUBJECT, _PREDICATE, _OBJECT, _START, _END, _ONGOING))


def _contribution(triples) -> dict:
    """What one document's graph (``(s, p, o)`` strings) adds to the resolver index.

    The strings should be interned (see :meth:`_ResolverIndex.put`): IRIs and names repeat
    across documents, and the index's pickle then stores each once (a third of the size, a
    sixth of the loading time)."""
    intern = sys.intern
    types: dict[str, list[str]] = {}
    names: list[tuple[str, str]] = []
    identifiers, authored, coauthored = [], [], []
    assertions: dict[str, dict[str, str]] = {}
    path = None
    is_document = False
    for s, p, o in triples:
        if p == _TYPE:
            types.setdefault(s, []).append(o)
            if o == _DOCUMENT:
                is_document = True
        elif p in _ASSERTION_PARTS:
            assertions.setdefault(s, {})[p] = o
        elif p == _NAME:
            names.append((s, o))
        elif p in _IDENTIFIER_SCHEMES:
            identifiers.append((s, _IDENTIFIER_SCHEMES[p], o))
        elif p == _AUTHORED:
            authored.append((s, o))
        elif p == _COAUTHORED:
            coauthored.append((s, o))
        elif p == _SOURCE_PATH:
            path = o
    entities = []
    if is_document and path is not None:
        entities = sorted((s, intern(t.rsplit("#", 1)[-1]), n) for s, n in names for t in types.get(s, ())
                          if t in _ENTITY_TYPES)
    affiliations = []
    for node, a in assertions.items():
        if _AFFILIATION in types.get(node, ()) and _SUBJECT in a and _OBJECT in a:
            ongoing = a.get(_ONGOING) in ("true", "1")
            affiliations.append((a[_SUBJECT], intern(a.get(_PREDICATE, "").rsplit("#", 1)[-1]),
                                 a[_OBJECT], a.get(_START), a.get(_END), ongoing))
    return {"path": path, "entities": entities, "names": names, "identifiers": identifiers,
            "affiliations": affiliations, "authored": authored, "coauthored": coauthored}


class _ResolverIndex:
    """Per-graph contributions to ``known_entities``; see the comment above.

    >>> index = _ResolverIndex()
    >>> index.put("urn:g", [("<urn:d>", f"<{_TYPE}>", f"<{_DOCUMENT}>"), ("<urn:d>", f"<{_SOURCE_PATH}>", '"/cv.md"'),
    ...                     ("<urn:p>", f"<{_TYPE}>", f"<{_KG}Person>"), ("<urn:p>", f"<{_NAME}>", '"Ada Obi"')])
    >>> [(k.iri, k.names, k.documents) for k in index.known()]
    [('urn:p', ('Ada Obi',), ('/cv.md',))]
    """

    def __init__(self, graphs: dict | None = None, *, folder: Path | None = None, shards: list[str] | None = None):
        self.graphs: dict[str, dict] = graphs or {}
        #: the store's index directory (``None``: the index lives in memory only), the shards it
        #: was read from, and what was put or dropped since and is not yet in a shard
        self.folder = folder
        self.shards = shards
        self._pending: dict[str, dict | None] = {}
        self._shard: str | None = None

    # -- persistence ------------------------------------------------------------------------
    @staticmethod
    def _folder(store) -> Path | None:
        location = getattr(store, "location", None)
        if not location or location == ":memory:" or "://" in str(location):
            return None
        return Path(location) / _INDEX_DIR

    @classmethod
    def open(cls, store, documents: list[dict]) -> "_ResolverIndex":
        """The store's index: from memory or the store directory when it is current, else rebuilt
        from the store and saved."""
        index = cls.cached(store, documents)
        if index is None:
            index = cls.scan(store)
            index.save(store, documents)
        return index

    @staticmethod
    def _stamp(store, documents: list[dict]) -> tuple[str, str]:
        listed = repr(sorted((d["path"], d["sha256"], d["graph"]) for d in documents))
        return store.generation, hashlib.sha256(listed.encode()).hexdigest()

    @staticmethod
    def invalidate(store) -> None:
        """Forget the saved index (before a write: a crash then leaves no stale index behind)."""
        store._kg_resolver_index = None
        folder = _ResolverIndex._folder(store)
        if folder is not None:
            (folder / _INDEX_MANIFEST).unlink(missing_ok=True)
            (folder.parent / _OLD_INDEX_FILE).unlink(missing_ok=True)

    def save(self, store, documents: list[dict]) -> None:
        """Keep the index (after a write) for the next build on this store: the shard of this
        write completed, and a manifest naming the shards. Saving an index that holds what
        it was read from (scanned, or folded) writes that whole, as one shard."""
        import pickle

        stamp = self._stamp(store, documents)
        if self.folder is None:
            store._kg_resolver_index = (_INDEX_VERSION, stamp, self.graphs)
            return
        self.folder.mkdir(exist_ok=True)
        if self.shards is None:  # nothing of it on disk yet
            self._pending = {**self.graphs, **self._pending}
            self.shards = []
        self._flush()
        shards = self.shards + ([self._shard] if self._shard else [])
        if len(shards) > _INDEX_SHARDS:
            folded = self._read(self.folder, shards)
            self._shard, shards = None, []
            self._pending = folded
            self._flush()
            shards = [self._shard] if self._shard else []  # nothing left: every graph dropped
        tmp = self.folder / (_INDEX_MANIFEST + ".tmp")
        with open(tmp, "wb") as handle:
            pickle.dump((_INDEX_VERSION, stamp, shards), handle, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(tmp, self.folder / _INDEX_MANIFEST)
        self.shards, self._shard = shards, None
        for file in self.folder.glob("shard-*"):  # folded away, or left by a write that did not finish
            if file.name not in shards:
                file.unlink(missing_ok=True)

    def _flush(self) -> None:
        """Append what was put or dropped since the last frame to this write's shard."""
        import pickle
        import uuid

        if not self._pending:
            return
        if self._shard is None:
            self._shard = f"shard-{uuid.uuid4().hex}.pickle"
        with open(self.folder / self._shard, "ab") as handle:
            pickle.dump(self._pending, handle, protocol=pickle.HIGHEST_PROTOCOL)
        self._pending = {}

    @staticmethod
    def _read(folder: Path, shards: list[str]) -> dict[str, dict]:
        """The contributions the shards hold, frame after frame (a later frame wins)."""
        import pickle

        graphs: dict[str, dict] = {}
        for shard in shards:
            with open(folder / shard, "rb") as handle:
                while True:
                    try:
                        frame = pickle.load(handle)
                    except EOFError:
                        break
                    for graph, contribution in frame.items():
                        if contribution is None:
                            graphs.pop(graph, None)
                        else:
                            graphs[graph] = contribution
        return graphs

    @classmethod
    def scan(cls, store) -> "_ResolverIndex":
        """Rebuild the index from one pass over the store's quads."""
        ox = getattr(store, "_ox", None)
        if ox is None:
            raise TypeError("no local Oxigraph store")
        import pyoxigraph

        grouped: dict[str, list] = {}
        intern = sys.intern
        for predicate in _INDEXED:
            for quad in ox.quads_for_pattern(None, pyoxigraph.NamedNode(predicate), None, None):
                graph = getattr(quad.graph_name, "value", None)
                if graph is not None:
                    grouped.setdefault(graph, []).append((intern(quad.subject.value), predicate,
                                                          intern(quad.object.value)))
        return cls({graph: _contribution(triples) for graph, triples in grouped.items()}, folder=cls._folder(store))

    @classmethod
    def cached(cls, store, documents: list[dict]) -> "_ResolverIndex | None":
        """The saved index if it is current, else ``None`` (no scan)."""
        import pickle

        folder = cls._folder(store)
        if folder is None:
            record = getattr(store, "_kg_resolver_index", None)
            if isinstance(record, tuple) and record[:2] == (_INDEX_VERSION, cls._stamp(store, documents)):
                return cls(record[2])
            return None
        try:
            with open(folder / _INDEX_MANIFEST, "rb") as handle:
                version, stamp, shards = pickle.load(handle)
            if version != _INDEX_VERSION or stamp != cls._stamp(store, documents):
                return None
            return cls(cls._read(folder, shards), folder=folder, shards=shards)
        except Exception:  # missing, unreadable or from another version: rebuild
            return None

    def release(self) -> None:
        """Let go of what was read (once ``known()`` has been taken): a write then holds only its
        own frame of the index. An index that lives in memory only keeps everything."""
        if self.folder is not None and self.shards is not None:
            self.graphs = {}

    # -- updating and reading ---------------------------------------------------------------
    def put(self, graph: str, triples) -> None:
        """Record a document's new graph (triples in N-Triples syntax, as :func:`kg.rdf.document_ntriples`)."""
        from kg.rdf import ntriples_value

        indexed, intern, kept = _INDEXED_NT, sys.intern, []
        for s, p, o in triples:
            plain = indexed.get(p)
            if plain is not None:
                kept.append((intern(s[1:-1]), plain, intern(o[1:-1] if o[0] == "<" else ntriples_value(o))))
        self._record(graph, _contribution(kept))

    def drop(self, graph: str) -> None:
        self._record(graph, None)

    def _record(self, graph: str, contribution: dict | None) -> None:
        if self.folder is None or self.shards is None:  # kept whole, saved whole
            if contribution is None:
                self.graphs.pop(graph, None)
            else:
                self.graphs[graph] = contribution
            return
        self.graphs.pop(graph, None)
        self._pending[graph] = contribution
        if len(self._pending) >= _INDEX_FRAME:
            self._flush()

    def known(self, exclude: frozenset[str] = frozenset()) -> list[KnownEntity]:
        """The same entities as :meth:`kg.store.Store.known_entities`, leaving out entities
        known only from documents whose path is in ``exclude``."""
        all_names: dict[str, set[str]] = {}
        for c in self.graphs.values():
            for s, n in c["names"]:
                all_names.setdefault(s, set()).add(n)
        entities: dict[str, dict] = {}
        rows = sorted((iri, c["path"], name, etype) for c in self.graphs.values()
                      for iri, etype, name in c["entities"])
        for iri, path, name, etype in rows:
            e = entities.setdefault(iri, {"type": etype, "names": [], "documents": []})
            if name not in e["names"]:
                e["names"].append(name)
            if path not in e["documents"]:
                e["documents"].append(path)
        ids: dict[str, set] = {}
        affs: dict[str, set] = {}
        pubs: dict[str, set] = {}
        coauthors: dict[str, set] = {}
        for c in self.graphs.values():
            for s, scheme, value in c["identifiers"]:
                if s in entities:
                    ids.setdefault(s, set()).add((scheme, value))
            for person, predicate, org, start, end, ongoing in c["affiliations"]:
                if person in entities:
                    for org_name in all_names.get(org, ()):
                        affs.setdefault(person, set()).add((org_name, predicate, start, "present" if ongoing else end))
            for person, pub in c["authored"]:
                if person in entities:
                    pubs.setdefault(person, set()).update(all_names.get(pub, ()))
            for a, b in c["coauthored"]:
                if a in entities:
                    coauthors.setdefault(a, set()).update(all_names.get(b, ()))
                if b in entities:
                    coauthors.setdefault(b, set()).update(all_names.get(a, ()))
        known = []
        for iri in sorted(entities):
            e = entities[iri]
            if exclude and set(e["documents"]) <= exclude:
                continue
            known.append(KnownEntity(
                iri=iri, type=e["type"], names=tuple(e["names"]),
                identifiers=tuple(sorted(ids.get(iri, ()))),
                affiliations=tuple(sorted(affs.get(iri, ()), key=lambda a: (a[0], a[2] or "", a[1], a[3] or ""))),
                publications=tuple(sorted(pubs.get(iri, ()))), coauthors=tuple(sorted(coauthors.get(iri, ()))),
                documents=tuple(e["documents"])))
        return known
