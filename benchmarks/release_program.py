"""The release build of `essential-feed` every benchmark measures."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def release_program(variable: str = "ESSENTIAL_FEED_BIN") -> Path:
    """The program named by the environment variable, else this checkout's release build (built here)."""
    explicit = os.environ.get(variable)
    if explicit:
        return Path(explicit)
    subprocess.run(["swift", "build", "-c", "release", "--product", "essential-feed"], cwd=ROOT, check=True,
                   stdout=subprocess.DEVNULL)
    bin_dir = subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"], cwd=ROOT, check=True,
                             capture_output=True, text=True).stdout.strip()
    return Path(bin_dir) / "essential-feed"
