"""Built-in variants. Each folder is a plugin module plus its ``preset.toml``, registered through the
``preferans.variants`` entry-point group exactly as a third-party variant would be."""
