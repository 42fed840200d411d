"""Hook specifications, the core defaults, the plugin manager and the Rulebook, presets and configs."""
