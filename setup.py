"""Only the optional compiled solver; everything else is in pyproject.toml.

``optional=True``: where no C compiler works the build skips the extension and the install goes on with the
pure-Python solver (docs/performance.md, "Solver accelerator").
"""

from setuptools import Extension, setup

setup(ext_modules=[Extension("preferans.core.ai._dds", ["src/preferans/core/ai/_dds.c"], optional=True, extra_compile_args=["-O2"])])
