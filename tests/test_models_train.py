"""The train command refuses a data folder without a model's training data before it writes anything."""
from click.testing import CliRunner

from kg.extract.models import train
from kg.extract.models.train import MODELS, NEEDS, main


def test_every_model_names_the_folder_it_trains_on():
    assert set(NEEDS) == set(MODELS)


def test_a_folder_without_the_models_data_is_refused_before_anything_is_written(tmp_path, monkeypatch):
    # the model file goes to tmp_path, so that a failing test cannot overwrite the shipped one
    out = tmp_path / "out" / "name.crfsuite"
    monkeypatch.setattr(train, "_path", lambda name: out)
    data = tmp_path / "data"
    data.mkdir()
    result = CliRunner().invoke(main, [str(data), "--model", "name"])
    assert result.exit_code == 2
    assert "no training data for: name" in result.output and str(data / "grobid" / "name") in result.output
    assert not out.parent.exists() or not any(out.parent.iterdir())
