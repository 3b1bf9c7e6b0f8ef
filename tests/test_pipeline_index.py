"""The resolver index beside a directory store: written as the documents are, a shard per build,
read back as exactly what a scan of the store gives."""
from __future__ import annotations

import pickle

import pytest

import kg.pipeline
from kg.pipeline import _ResolverIndex, build, remove
from kg.store import Store

PEOPLE = [("Ilse Varnholt", "Marrowdale University"), ("Teodor Quillan", "Fenwick Institute of Optics"),
          ("Ruth Abernach", "Marrowdale University"), ("Oskar Pellwyn", "Corran Polytechnic"),
          ("Mira Tolsen", "Fenwick Institute of Optics"), ("Idris Kembe", "Marrowdale University"),
          ("Lena Ostrova", "Corran Polytechnic")]


def _cvs(folder, people):
    folder.mkdir(parents=True)
    for n, (person, org) in enumerate(people):
        (folder / f"cv{n}.md").write_text(
            f"# {person}\n\n## Experience\n\n- Lecturer, {org}, {2010 + n} - {2014 + n}\n\n"
            f"## Publications\n\n- {person} and Ilse Varnholt. Quiet Lattices of Glass {n}. 2019.\n")
    return folder


def _frames(path) -> list[dict]:
    frames = []
    with open(path, "rb") as handle:
        while True:
            try:
                frames.append(pickle.load(handle))
            except EOFError:
                return frames


def _shards(store_dir):
    return sorted((store_dir / "resolver-index").glob("shard-*"))


def _same_as_a_scan(store):
    index = _ResolverIndex.cached(store, store.documents())
    assert index is not None  # current: the next build reads it instead of scanning
    assert index.known() == _ResolverIndex.scan(store).known()
    return index


def test_a_build_writes_the_index_as_it_writes_documents_and_the_next_adds_a_shard(tmp_path, monkeypatch):
    monkeypatch.setattr(kg.pipeline, "_INDEX_FRAME", 2)
    first, second = _cvs(tmp_path / "a", PEOPLE[:5]), _cvs(tmp_path / "b", PEOPLE[5:])
    with Store.open(tmp_path / "store") as store:
        assert build([first], store, budget=None).built == 5
        [shard] = _shards(tmp_path / "store")
        # written two documents at a time as the build went, never the whole index at once
        assert [len(frame) for frame in _frames(shard)] == [2, 2, 1]
        written = shard.read_bytes()
        known = {k.names[0] for k in _same_as_a_scan(store).known() if k.type == "Person"}
        assert {"Ilse Varnholt", "Mira Tolsen"} <= known

        assert build([second], store, budget=None).built == 2
        shards = _shards(tmp_path / "store")
        assert len(shards) == 2 and shard in shards and shard.read_bytes() == written  # not rewritten
        index = _same_as_a_scan(store)
        assert {"Idris Kembe", "Lena Ostrova"} <= {k.names[0] for k in index.known()}


def test_rebuilt_and_removed_documents_leave_the_index_equal_to_a_scan(tmp_path, monkeypatch):
    monkeypatch.setattr(kg.pipeline, "_INDEX_SHARDS", 2)
    docs = _cvs(tmp_path / "docs", PEOPLE[:4])
    with Store.open(tmp_path / "store") as store:
        build([docs], store, budget=None)
        (docs / "cv1.md").write_text("# Teodor Quillan\n\n## Experience\n\n- Lecturer, Corran Polytechnic, 2001 - 2003\n")
        build([docs], store, budget=None)
        assert len(_shards(tmp_path / "store")) == 2
        teodor = next(k for k in _same_as_a_scan(store).known() if k.names[0] == "Teodor Quillan")
        assert [a[0] for a in teodor.affiliations] == ["Corran Polytechnic"]

        remove(store, str(docs / "cv3.md"))  # a third shard (the drop): folded into one
        assert len(_shards(tmp_path / "store")) == 1
        assert "Oskar Pellwyn" not in {k.names[0] for k in _same_as_a_scan(store).known()}


def test_a_build_that_died_while_writing_costs_a_scan_and_leaves_no_stray_shard(tmp_path, monkeypatch):
    monkeypatch.setattr(kg.pipeline, "_INDEX_FRAME", 1)
    first, second = _cvs(tmp_path / "a", PEOPLE[:3]), _cvs(tmp_path / "b", PEOPLE[3:5])
    with Store.open(tmp_path / "store") as store:
        build([first], store, budget=None)
        kept = _shards(tmp_path / "store")

        def die(self, store, documents):
            raise KeyboardInterrupt

        with monkeypatch.context() as patched:
            patched.setattr(_ResolverIndex, "save", die)
            with pytest.raises(KeyboardInterrupt):
                build([second], store, budget=None)
        stray = [s for s in _shards(tmp_path / "store") if s not in kept]
        assert len(stray) == 1  # what the dead build had written of the index, listed by no manifest
        assert _ResolverIndex.cached(store, store.documents()) is None
        scans = []
        monkeypatch.setattr(_ResolverIndex, "scan", classmethod(
            lambda cls, store, scan=_ResolverIndex.scan.__func__: scans.append(1) or scan(cls, store)))
        build([first, second], store, budget=None, force=True)
        assert scans == [1] and not stray[0].exists()
        _same_as_a_scan(store)


def test_an_index_whose_documents_are_all_removed_folds_into_no_shard(tmp_path, monkeypatch):
    monkeypatch.setattr(kg.pipeline, "_INDEX_SHARDS", 1)
    docs = _cvs(tmp_path / "docs", PEOPLE[:1])
    with Store.open(tmp_path / "store") as store:
        build([docs], store, budget=None)
        remove(store, str(docs / "cv0.md"))
        assert _shards(tmp_path / "store") == []
        assert _same_as_a_scan(store).known() == []
