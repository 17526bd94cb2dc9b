"""The package as users install it (issue 12): a wheel, installed non-editable in a fresh virtual
environment, carries its DDL and sample data, so `soko demo` works away from the checkout."""

from __future__ import annotations

import subprocess
import sys
import sysconfig
import venv
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.slow
def test_a_wheel_in_a_fresh_environment_runs_the_demo(tmp_path):
    wheels = tmp_path / "wheels"
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", str(wheels), str(ROOT)],
                   check=True, timeout=900)
    (wheel,) = wheels.glob("soko_analytics-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    assert "soko_analytics/schemas/001_initial.sql" in names
    assert "soko_analytics/sample_data/disputed/wrong-bring-in.txt" in names
    assert {f"soko_analytics/i18n/locale/{lang}/LC_MESSAGES/soko.mo" for lang in ("fi", "sv")} <= set(names)
    env = tmp_path / "env"
    venv.create(env, with_pip=False)
    python = env / "bin" / "python"
    # The wheel alone is installed (by this environment's pip); its dependencies are the ones this test runs on,
    # seen through a path file (not installed again: that was two thirds of the test's time), and pip check holds
    # them to the wheel's own requirements. The checkout's editable hook is not among them: a path file's
    # directory is not scanned for further path files.
    (site,) = (env / "lib").glob("python3*/site-packages")
    (site / "dependencies.pth").write_text(sysconfig.get_paths()["purelib"] + "\n", encoding="utf-8")
    subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install", "--quiet", "--no-deps",
                    "--no-compile", str(wheel)], check=True, timeout=900)
    subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "check"], check=True, timeout=900)
    work = tmp_path / "elsewhere"
    work.mkdir()
    demo = subprocess.run([str(env / "bin" / "soko"), "demo", "--out", "demo"], cwd=work, capture_output=True,
                          text=True, timeout=900)
    assert demo.returncode == 0, demo.stderr
    assert (work / "demo" / "demo.duckdb").is_file() and (work / "reports" / "dashboard.html").is_file()
    finnish = subprocess.run([str(env / "bin" / "soko"), "eval", "Ah Ad Kc Ks 2d", "--lang", "fi"], cwd=work,
                             capture_output=True, text=True, timeout=900)
    assert "kaksi paria, ässät ja kuninkaat" in finnish.stdout, finnish.stderr  # the catalogues are in the wheel
    where = subprocess.run([str(python), "-c", "import soko_analytics; print(soko_analytics.__file__)"], cwd=work,
                           capture_output=True, text=True, check=True).stdout
    assert str(env) in where and str(ROOT) not in where  # the installed copy ran, not the checkout
