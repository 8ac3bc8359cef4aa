#!/usr/bin/env python3
# Per-job times from the daemons' logs kept by `bench/jobs-bench.sh -l DIR` (see docs/performance.md, "500 trivial
# jobs"): bench/jobs-log-times.py DIR... prints, per run, medians / means / p90 in ms of
#   allocation to slurmd's "launch request served", served to the job's end on the node (slurmd's COMPLETED line),
#   that end to slurmd's "completion delivered" and to the controller's end line, allocation to the controller's end,
#   and, for every end on the node but the last two (while jobs still waited), the time to the next `sched: Allocate`.
# The node's end and `sched: Allocate` (logged once the start is durable) mean the same in every build, so the gap
# between them compares builds; the controller's own end line moves with when the end is synced.
import datetime as dt
import os
import re
import statistics as st
import sys

def t(s): return dt.datetime.strptime(s,"%Y-%m-%dT%H:%M:%S.%f").timestamp()*1000
def load(d):
    alloc={};cend={};served={};nend={};deliv={}
    for l in open(d+"/slurmctld.log"):
        m=re.match(r"\[(\S+)\] sched: Allocate JobId=(\d+)",l)
        if m: alloc[int(m[2])]=t(m[1]);continue
        m=re.match(r"\[(\S+)\] JobId=(\d+) (COMPLETED|FAILED) ExitCode",l)
        if m: cend[int(m[2])]=t(m[1])
    for l in open(d+"/slurmd-node1.log"):
        m=re.match(r"\[(\S+)\] job (\d+): (launch request served|COMPLETED ExitCode|completion delivered)",l)
        if m:
            j=int(m[2]);x=t(m[1])
            {"launch request served":served,"COMPLETED ExitCode":nend,"completion delivered":deliv}[m[3]][j]=x
    return alloc,cend,served,nend,deliv
def q(v):
    v=sorted(v); return "%.0f / %.1f / %.0f"%(st.median(v),st.mean(v),v[int(len(v)*0.9)])
for d in sys.argv[1:]:
    alloc,cend,served,nend,deliv=load(d)
    allocs=sorted(alloc.values())
    gaps=[]
    ends=sorted(nend.values())
    for e in ends[:-2]:
        nxt=[a for a in allocs if a>=e]
        if nxt: gaps.append(nxt[0]-e)
    js=[j for j in alloc if j in nend and j in deliv and j in cend and j in served]
    print(os.path.basename(os.path.normpath(d)), "n=%d" % len(js))
    print("  alloc->served   ", q([served[j]-alloc[j] for j in js]))
    print("  served->nodeend ", q([nend[j]-served[j] for j in js]))
    print("  nodeend->deliv  ", q([deliv[j]-nend[j] for j in js]))
    print("  nodeend->ctldend", q([cend[j]-nend[j] for j in js]))
    print("  nodeend->next alloc (median/mean/p90)", q(gaps))
    print("  alloc->ctldend  ", q([cend[j]-alloc[j] for j in js]))
