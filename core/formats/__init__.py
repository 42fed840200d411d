"""Files and reports: save files, scorecards, the JSON report, the terminal renderer."""
