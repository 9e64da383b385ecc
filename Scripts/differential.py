"""What the two Chromium differentials (chromium-diff.py, chromium-navigations.py) share on
their command line: a suite's name and folder, the URL linkaudit gives its pages, the two
programs, the floors and where the figures go."""

import argparse


def arguments(doc, thresholds_help, show):
    """The differential's parsed arguments; `thresholds_help` says what its floors file holds,
    `show` how many disagreements it prints by default."""
    parser = argparse.ArgumentParser(description=doc, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("name", help="the suite's name (a key of the thresholds file)")
    parser.add_argument("directory")
    parser.add_argument("--base-url", required=True)
    parser.add_argument("--linkaudit", default=".build/debug/linkaudit")
    parser.add_argument("--chromium", default="chromium-headless-shell")
    parser.add_argument("--thresholds", help=thresholds_help)
    parser.add_argument("--report", help="write every disagreement here (text)")
    parser.add_argument("--summary", help="write the figures here (JSON)")
    parser.add_argument("--show", type=int, default=show, help=f"disagreements printed (default {show})")
    return parser.parse_args()
