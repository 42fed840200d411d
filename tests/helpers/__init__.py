"""What the test modules share: deals, clients, paths and the like, imported as ``helpers.<module>``
(``pythonpath = ["tests"]`` in pyproject.toml puts tests/ on the path). Fixtures live in the conftest.py
files. No test module imports another (tests/project/test_test_layout.py checks it)."""
