"""Learned sequence labellers (linear-chain CRFs) for the parts of extraction that are labelling problems.

The shared base is :mod:`kg.extract.models._crf`; each model has its own module (features and
readers of its training data) and ships its trained file in ``kg/extract/models/data/``.
``python -m kg.extract.models.train /work/shared/data`` rebuilds them all.
"""
