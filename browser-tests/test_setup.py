"""The test setup itself: the browser tests' Python packages go into a virtual environment of
the project's own, made from scratch, never into the system's interpreter."""

import shutil
import subprocess
from pathlib import Path

REPOSITORY = Path(__file__).resolve().parent.parent


def test_pythonEnv_makesTheProjectsOwnVirtualEnvironment_withThePinnedPackages(tmp_path):
    (tmp_path / "scripts").mkdir()
    (tmp_path / "browser-tests").mkdir()
    shutil.copy(REPOSITORY / "scripts" / "python-env", tmp_path / "scripts" / "python-env")
    shutil.copy(REPOSITORY / "browser-tests" / "requirements.txt", tmp_path / "browser-tests" / "requirements.txt")

    first = subprocess.run([str(tmp_path / "scripts" / "python-env")], capture_output=True, text=True, timeout=600)
    assert first.returncode == 0, first.stderr

    python = tmp_path / ".venv" / "bin" / "python"
    prefix = subprocess.run([str(python), "-c", "import sys, selenium, pytest; print(sys.prefix)"],
                            capture_output=True, text=True, timeout=60)
    assert prefix.returncode == 0, prefix.stderr
    assert Path(prefix.stdout.strip()).resolve() == (tmp_path / ".venv").resolve()
    pinned = {line.split("==")[0].lower(): line.split("==")[1].strip()
              for line in (REPOSITORY / "browser-tests" / "requirements.txt").read_text().splitlines()
              if "==" in line and not line.startswith("#")}
    frozen = subprocess.run([str(python), "-m", "pip", "freeze"], capture_output=True, text=True, timeout=60).stdout
    installed = {line.split("==")[0].lower(): line.split("==")[1] for line in frozen.splitlines() if "==" in line}
    for package, version in pinned.items():
        assert installed.get(package) == version, f"{package}: {installed.get(package)} instead of {version}"

    again = subprocess.run([str(tmp_path / "scripts" / "python-env")], capture_output=True, text=True, timeout=60)
    assert again.returncode == 0 and again.stdout == "", "a second run has nothing to do"
