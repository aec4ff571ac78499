#!/usr/bin/env python3
"""Check buyflow's JUnit, TAP and HTML reports with tools that are not buyflow.

    python3 Tests/Conformance/reports/check.py [--ours PATH] [--html] [--out DIR] [-v]

Renders the sample run reports (Tests/BuyflowReportTests/Fixtures: run-report.json,
runs-report.json, edge-report.json — markup, control characters, repeated names, a step
that could not run, polls and retries) with `buyflow report render`, and the JUnit of a
small `buyflow load` against the embedded sample shop (load-failing-check.yaml), then:

- JUnit: `xmllint --schema schemas/junit-buyflow.xsd` (junit-10 plus the test case's
  file, line and properties); the same file without those three additions against
  `schemas/junit-10.xsd` (the Jenkins/Surefire shape; origin in the file); and broken
  variants (a time with four decimals, a test case without a name) must be refused, so a
  schema that accepts everything cannot pass.
- TAP: tappy (PyPI `tap.py[yaml]`) parses the stream: no rule errors (version, plan,
  count), the test numbers 1..N in order, `# SKIP` read as a skip, every `not ok` with a
  YAML block that PyYAML reads into message, severity, kind (and expected and actual when
  the report has them).
- HTML (with --html, needs `chromium`): headless Chromium renders each page to a PNG at
  1280x2000 and to a PDF, and dumps the DOM; the text must hold the step names,
  "expected" and "actual", and no <script>; the PNG must be large and varied enough not to
  be blank, the PDF must have pages.

Prints a line per check (failures always, passes with -v), then `N passed, M failed`;
exits 1 when anything failed, 2 when the check could not run.
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
HERE = Path(__file__).resolve().parent
FIXTURES = ROOT / "Tests/BuyflowReportTests/Fixtures"
REPORTS = ["run-report.json", "runs-report.json", "edge-report.json"]
# A load whose checks partly fail, run against the embedded sample shop for its JUnit (a
# testcase per threshold, check and step); load reports have no TAP.
LOAD_WORKFLOW = ROOT / "Tests/BuyflowEndToEndTests/Fixtures/workflows/load-failing-check.yaml"


class Checks:
    def __init__(self, verbose: bool) -> None:
        self.verbose = verbose
        self.passed = 0
        self.failed = 0

    def expect(self, condition: bool, what: str, detail: str = "") -> bool:
        if condition:
            self.passed += 1
            if self.verbose:
                print(f"ok    {what}")
        else:
            self.failed += 1
            print(f"FAIL  {what}" + (f"\n      {detail.strip()}" if detail.strip() else ""))
        return condition


def run(command: list[str], **kwargs) -> subprocess.CompletedProcess:
    return subprocess.run(command, capture_output=True, text=True, **kwargs)


def render(ours: str, report: Path, fmt: str, out: Path) -> Path:
    target = out / f"{report.stem}.{ {'junit': 'xml', 'tap': 'tap', 'html': 'html'}[fmt] }"
    result = run([ours, "report", "render", str(report), "--format", fmt, "--output", str(target)])
    if result.returncode != 0:
        raise SystemExit(f"error: buyflow report render {report.name} --format {fmt} failed:\n{result.stderr}")
    return target


def load_junit(ours: str, out: Path) -> Path:
    target = out / "load-report.xml"
    result = run([ours, "load", str(LOAD_WORKFLOW), "--vus", "4", "--duration", "1s", "--threshold", "error_rate(all) < 1%",
                  "--quiet", "--report", f"junit={target}"])
    if result.returncode not in (0, 1, 3) or not target.exists():
        raise SystemExit(f"error: buyflow load {LOAD_WORKFLOW.name} failed:\n{result.stderr}")
    return target


# JUnit ---------------------------------------------------------------------------------


def xmllint(schema: Path, document: Path) -> subprocess.CompletedProcess:
    return run(["xmllint", "--noout", "--schema", str(schema), str(document)])


def without_extensions(document: Path, out: Path) -> Path:
    """The document with the test cases' file, line and properties removed."""
    tree = ET.parse(document)
    for case in tree.iter("testcase"):
        case.attrib.pop("file", None)
        case.attrib.pop("line", None)
        for properties in case.findall("properties"):
            case.remove(properties)
    target = out / (document.stem + ".junit10.xml")
    tree.write(target, encoding="UTF-8", xml_declaration=True)
    return target


def check_junit(checks: Checks, document: Path, out: Path, load: bool = False) -> None:
    extended = HERE / "schemas/junit-buyflow.xsd"
    strict = HERE / "schemas/junit-10.xsd"
    result = xmllint(extended, document)
    checks.expect(result.returncode == 0, f"{document.name} is valid against junit-buyflow.xsd", result.stderr)
    plain = without_extensions(document, out)
    result = xmllint(strict, plain)
    checks.expect(result.returncode == 0, f"{document.name} without file/line/properties is valid against junit-10.xsd", result.stderr)

    tree = ET.parse(document)
    suites = tree.getroot()
    for suite in suites.iter("testsuite"):
        cases = suite.findall("testcase")
        names = [case.get("name") for case in cases]
        checks.expect(len(set(names)) == len(names), f"{document.name}: test case names unique in '{suite.get('name')}'", str(names))
        counted = {
            "tests": len(cases),
            "failures": sum(1 for case in cases if case.find("failure") is not None),
            "errors": sum(1 for case in cases if case.find("error") is not None),
            "skipped": sum(1 for case in cases if case.find("skipped") is not None),
        }
        stated = {key: int(suite.get(key, "-1")) for key in counted}
        checks.expect(stated == counted, f"{document.name}: counts of '{suite.get('name')}' match its test cases", f"{stated} != {counted}")
        if load:
            # The VUs' requests overlap: a step's time must still fit in the load's.
            longer = [case.get("name") for case in cases if float(case.get("time", "0")) > float(suite.get("time", "0"))]
            checks.expect(not longer, f"{document.name}: no test case lasts longer than the load", str(longer))
            samples = [case for case in cases if case.get("classname", "").endswith(".checks") and case.find("failure") is not None]
            checks.expect(
                any("actual" in (case.find("failure").text or "") for case in samples),
                f"{document.name}: a failed check's testcase carries samples of its failures",
            )

    text = document.read_text(encoding="utf-8")
    for label, broken in [
        ("a time with four decimals", re.sub(r'time="([0-9]+)\.([0-9]{3})"', r'time="\1.\g<2>7"', text, count=2)),
        ("a test case without a name", re.sub(r'<testcase classname="([^"]*)" name="[^"]*"', r'<testcase classname="\1"', text, count=1)),
        ("a suite without its failure count", re.sub(r' failures="[0-9]+"', "", text, count=2)),
    ]:
        target = out / f"{document.stem}.broken.xml"
        target.write_text(broken, encoding="utf-8")
        refused = xmllint(extended, target).returncode != 0
        checks.expect(refused and broken != text, f"{document.name} with {label} is refused by junit-buyflow.xsd")


# TAP -----------------------------------------------------------------------------------


def check_tap(checks: Checks, document: Path) -> None:
    from tap.loader import Loader
    from tap.parser import Parser

    suite = Loader().load_suite_from_file(str(document))
    adapters = list(suite)
    rule_errors = [a._line.description for a in adapters if a._line.number is None]
    checks.expect(not rule_errors, f"{document.name}: tappy finds no errors", "; ".join(rule_errors))

    lines = list(Parser().parse_file(str(document)))
    unknown = [line for line in lines if line.category == "unknown"]
    checks.expect(not unknown, f"{document.name}: every line is TAP tappy knows", repr(unknown[:3]))
    plans = [line for line in lines if line.category == "plan"]
    tests = [line for line in lines if line.category == "test"]
    versions = [line for line in lines if line.category == "version"]
    checks.expect(len(versions) == 1 and versions[0].version == 13, f"{document.name}: TAP version 13")
    checks.expect(len(plans) == 1 and plans[0].expected_tests == len(tests), f"{document.name}: plan 1..{len(tests)}")
    checks.expect([t.number for t in tests] == list(range(1, len(tests) + 1)), f"{document.name}: tests numbered 1..N")
    report = json.loads((FIXTURES / document.name.replace(".tap", ".json")).read_text(encoding="utf-8"))
    runs = report["runs"] if report["format"] == "buyflow.runs/1" else [report]
    steps = [step for run in runs for step in run["steps"]]
    checks.expect(len(tests) == len(steps), f"{document.name}: a test per step")
    for test, step in zip(tests, steps):
        name = f"{document.name} #{test.number}"
        if step["status"] == "skipped":
            checks.expect(test.ok and test.skip, f"{name}: skipped step is 'ok … # SKIP'")
            continue
        failed = step["status"] in ("failed", "error")
        checks.expect(test.ok != failed, f"{name}: ok/not ok matches '{step['status']}'")
        if not failed:
            continue
        block = test.yaml_block
        if not checks.expect(isinstance(block, dict), f"{name}: YAML block parses", repr(test._yaml_block)):
            continue
        failure = step.get("failure") or {}
        checks.expect(block.get("message") == failure.get("message"), f"{name}: message", repr(block.get("message")))
        checks.expect(block.get("kind") == failure.get("kind"), f"{name}: kind")
        checks.expect(block.get("severity") in ("fail", "error"), f"{name}: severity")
        for key in ("expected", "actual"):
            if key in failure:
                checks.expect(block.get(key) == failure[key], f"{name}: {key} reads back as {failure[key]!r}", repr(block.get(key)))
        if "location" in failure:
            checks.expect(block.get("location") == failure["location"], f"{name}: location")


# HTML ----------------------------------------------------------------------------------


def png_facts(path: Path) -> tuple[int, int, float]:
    """Width, height and the share of non-zero filtered bytes (0 for a blank page)."""
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    width, height = struct.unpack(">II", data[16:24])
    offset, idat = 8, b""
    while offset < len(data):
        length, kind = struct.unpack(">I4s", data[offset:offset + 8])
        if kind == b"IDAT":
            idat += data[offset + 8:offset + 8 + length]
        offset += 12 + length
    raw = zlib.decompress(idat)
    nonzero = sum(1 for byte in raw[::7] if byte) / max(1, len(raw[::7]))
    return width, height, nonzero


def check_html(checks: Checks, document: Path, chromium: str, out: Path) -> None:
    report = json.loads((FIXTURES / document.name.replace(".html", ".json")).read_text(encoding="utf-8"))
    runs = report["runs"] if report["format"] == "buyflow.runs/1" else [report]
    common = [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--no-first-run",
              "--disable-extensions", "--disable-background-networking", "--user-data-dir=" + str(out / "profile")]
    png = out / (document.stem + ".png")
    pdf = out / (document.stem + ".pdf")
    url = document.resolve().as_uri()
    shot = run(common + [f"--screenshot={png}", "--window-size=1280,2000", url], timeout=120)
    checks.expect(png.exists(), f"{document.name}: chromium wrote a screenshot", shot.stderr[-2000:])
    printed = run(common + [f"--print-to-pdf={pdf}", "--no-pdf-header-footer", url], timeout=120)
    checks.expect(pdf.exists(), f"{document.name}: chromium printed a PDF", printed.stderr[-2000:])
    dom = run(common + ["--dump-dom", url], timeout=120).stdout

    if png.exists():
        width, height, varied = png_facts(png)
        size = png.stat().st_size
        print(f"      {png.name}: {width}x{height}, {size} bytes, {varied:.1%} non-blank")
        checks.expect((width, height) == (1280, 2000), f"{document.name}: screenshot is 1280x2000")
        checks.expect(size > 40_000, f"{document.name}: screenshot is not trivial ({size} bytes)")
        # A page holding one word measures about 0.03%, the sample reports 2% to 3%.
        checks.expect(varied > 0.005, f"{document.name}: screenshot is not blank ({varied:.1%})")
    if pdf.exists():
        pages = len(re.findall(rb"/Type\s*/Page[^s]", pdf.read_bytes()))
        print(f"      {pdf.name}: {pdf.stat().st_size} bytes, {pages} page(s)")
        checks.expect(pages >= 1, f"{document.name}: the PDF has pages")

    text = re.sub(r"<style>.*?</style>", "", dom, flags=re.S)
    text = re.sub(r"<[^>]+>", " ", text)
    import html as html_module
    text = html_module.unescape(text)
    checks.expect("<script" not in dom.lower(), f"{document.name}: no script in the DOM")
    for run_report in runs:
        checks.expect(run_report["workflow"]["name"] in text, f"{document.name}: names run '{run_report['workflow']['name']}'")
        for step in run_report["steps"]:
            # Characters XML cannot carry are written as \u001B, as the renderer promises.
            name = re.sub(r"[\x00-\x08\x0b\x0c\x0e-\x1f]", lambda m: "\\u%04X" % ord(m.group()), step["name"])
            checks.expect(name in text, f"{document.name}: shows step {name!r}")
    if any(step["status"] == "failed" for run_report in runs for step in run_report["steps"]):
        checks.expect("expected" in text and "actual" in text, f"{document.name}: shows expected and actual")
    bars = dom.count('class="bar ')
    attempts = sum(len(step["attempts"]) for run_report in runs for step in run_report["steps"])
    checks.expect(bars == attempts, f"{document.name}: a waterfall bar per attempt ({bars} of {attempts})")


# ---------------------------------------------------------------------------------------


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--ours", help="the buyflow executable (default: swift build --show-bin-path)/buyflow")
    parser.add_argument("--html", action="store_true", help="also render the HTML reports with headless chromium")
    parser.add_argument("--out", help="keep the rendered files here (default: a temporary folder)")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()

    ours = args.ours
    if not ours:
        bin_path = run(["swift", "build", "--show-bin-path"], cwd=ROOT).stdout.strip()
        ours = str(Path(bin_path) / "buyflow")
    if not Path(ours).exists():
        print(f"error: no buyflow executable at {ours}; build it first", file=sys.stderr)
        return 2
    if not shutil.which("xmllint"):
        print("error: xmllint is missing (apt-get install libxml2-utils)", file=sys.stderr)
        return 2
    try:
        import tap.parser  # noqa: F401
        import yaml  # noqa: F401
    except ImportError:
        print("error: tappy with YAML support is missing (pip install 'tap.py[yaml]')", file=sys.stderr)
        return 2
    chromium = None
    if args.html:
        chromium = shutil.which("chromium") or shutil.which("chromium-browser")
        if not chromium:
            print("error: --html needs chromium (apt-get install chromium)", file=sys.stderr)
            return 2

    out = Path(args.out) if args.out else Path(tempfile.mkdtemp(prefix="buyflow-reports-"))
    out.mkdir(parents=True, exist_ok=True)
    checks = Checks(args.verbose)
    for name in REPORTS:
        report = FIXTURES / name
        check_junit(checks, render(ours, report, "junit", out), out)
        check_tap(checks, render(ours, report, "tap", out))
        if chromium:
            check_html(checks, render(ours, report, "html", out), chromium, out)
    check_junit(checks, load_junit(ours, out), out, load=True)
    print(f"{checks.passed} passed, {checks.failed} failed" + (f" (files in {out})" if args.out else ""))
    return 1 if checks.failed else 0


if __name__ == "__main__":
    sys.exit(main())
