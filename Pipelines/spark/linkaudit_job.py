#!/usr/bin/env python3
"""linkaudit on Apache Spark: distributes WARC files (or page files) across executors,
runs the linkaudit binary on each partition through RDD.pipe in its streaming mode
(`audit --stdin-inputs --jsonl-out -`), writes the JSONL parts, and then builds the
reports from the parts with `linkaudit report`.

Local run (what Scripts/test-spark.sh does):
    spark-submit --master 'local[2]' Pipelines/spark/linkaudit_job.py \
        --linkaudit .build/release/linkaudit --out Reports/spark a.warc.gz b.warc.gz

On a cluster, ship the binary with the job and name it relatively (see README.md).
"""
import argparse
import glob
import os
import shlex
import shutil
import subprocess
import sys

from pyspark.sql import SparkSession


def parse_args(argv):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("inputs", nargs="*", help="WARC files or page files (local paths, s3a://, hdfs://)")
    parser.add_argument("--inputs-list", help="a file listing inputs, one per line (# comments)")
    parser.add_argument("--out", required=True, help="run folder: parts/ and the reports go here")
    parser.add_argument("--linkaudit", default="./linkaudit",
                        help="the linkaudit binary as executors see it (default ./linkaudit, as shipped with --files)")
    parser.add_argument("--report-linkaudit", help="the binary the driver runs `report` with (default: --linkaudit)")
    parser.add_argument("--partitions", type=int, default=0, help="default: one per input, at most 4 × default parallelism")
    parser.add_argument("--audit-args", default="", help="extra `linkaudit audit` flags, e.g. \"--profiles all --entry loadUrlByUser\"")
    parser.add_argument("--report-args", default="--format csv,md,jsonl,sarif,junit,json --fail-on never",
                        help="flags for the final `linkaudit report`")
    return parser.parse_args(argv)


def read_inputs(args):
    inputs = list(args.inputs)
    if args.inputs_list:
        with open(args.inputs_list, encoding="utf-8") as listing:
            inputs += [line.strip() for line in listing if line.strip() and not line.lstrip().startswith("#")]
    if not inputs:
        sys.exit("linkaudit_job: no inputs (give paths or --inputs-list)")
    return inputs


def main(argv=None):
    args = parse_args(argv if argv is not None else sys.argv[1:])
    inputs = read_inputs(args)
    spark = SparkSession.builder.appName("linkaudit").getOrCreate()
    sc = spark.sparkContext
    partitions = args.partitions or max(1, min(len(inputs), 4 * sc.defaultParallelism))
    parts = os.path.join(args.out, "parts")
    local_out = "://" not in args.out
    if local_out and os.path.exists(parts):
        shutil.rmtree(parts)  # saveAsTextFile refuses an existing folder

    command = [args.linkaudit, "audit", "--stdin-inputs", "--jsonl-out", "-", "--quiet"] + shlex.split(args.audit_args)
    # Each partition's input names go to one linkaudit process on stdin; its stdout (links
    # records and wrapped page records, in input order) becomes the partition's lines.
    records = sc.parallelize(inputs, partitions).pipe(" ".join(shlex.quote(c) for c in command))
    records.saveAsTextFile(parts)
    spark.stop()

    if not local_out:
        print(f"linkaudit_job: parts written to {parts}; copy them locally and run: linkaudit report <parts>/part-* --out DIR")
        return 0
    part_files = sorted(glob.glob(os.path.join(parts, "part-*")))
    report = [args.report_linkaudit or args.linkaudit, "report", *part_files, "--out", os.path.join(args.out, "report")]
    report += shlex.split(args.report_args)
    result = subprocess.run(report)
    return result.returncode


if __name__ == "__main__":
    sys.exit(main())
