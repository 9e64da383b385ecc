"""Reads a links.jsonl of either format (README, "Output"): each navigation's record, in
order, with its verdicts given back from format 2's verdict sets. What the differential
scripts share."""

import json


def records(path):
    sets = {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            record = json.loads(line)
            if "linksFormat" in record:
                sets = {}  # the writer let go of the sets it had defined
            elif "page" not in record:
                sets[record["verdictSet"]] = record["verdicts"]
            else:
                if "verdictSet" in record:
                    record["verdicts"] = sets[record.pop("verdictSet")]
                yield record
