"""The double-dummy solver (with its optional C extension), the bots and their registry."""
