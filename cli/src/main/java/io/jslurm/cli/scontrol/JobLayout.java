package io.jslurm.cli.scontrol;

import static io.jslurm.cli.jobs.JobDisplay.orNull;

import io.jslurm.cli.jobs.JobDisplay;
import io.jslurm.common.time.TimeLimit;
import io.jslurm.protocol.proto.JobDescription;
import io.jslurm.protocol.proto.JobRecord;
import io.jslurm.protocol.proto.JobState;

/** {@code scontrol show job}: one job as Slurm lays it out. */
final class JobLayout {

    private JobLayout() {
    }

    static String render(JobRecord job, JobDisplay d, boolean oneLiner, boolean details) {
        JobDescription r = job.getRequest();
        Layout out = new Layout().line().pair("JobId", d.jobId(job));
        if (job.getArrayJobId() != 0) {
            out.pair("ArrayJobId", Integer.toUnsignedString(job.getArrayJobId()));
            out.pair("ArrayTaskId", d.arrayTaskId(job));
        }
        out.pair("JobName", d.name(job));
        out.line().pair("UserId", d.user(job) + "(" + Integer.toUnsignedString(job.getUid()) + ")")
                .pair("GroupId", d.group(job) + "(" + Integer.toUnsignedString(job.getGid()) + ")")
                .pair("MCS_label", JobDisplay.orNotApplicable(r.getMcsLabel()));
        out.line().pair("Priority", d.priority(job)).pair("Nice", r.hasNice() ? r.getNice() : 0)
                .pair("Account", orNull(r.getAccount())).pair("QOS", orNull(r.getQos()));
        out.line().pair("JobState", d.stateName(job)).pair("Reason", d.reason(job))
                .pair("Dependency", orNull(r.getDependency()));
        if (job.getState() == JobState.JOB_PENDING && !job.getPendingExplanation().isEmpty()) {
            // Beyond Slurm: the scheduler's own words on why the job waits.
            out.line().pair("Explanation", job.getPendingExplanation());
        }
        out.line().pair("Requeue", !r.hasRequeue() || r.getRequeue() ? 1 : 0)
                .pair("Restarts", Integer.toUnsignedString(job.getRestartCount())).pair("BatchFlag", 1)
                .pair("Reboot", 0).pair("ExitCode", JobDisplay.exitCode(job.getExitCode(), job.getTermSignal()));
        if (details) {
            out.line().pair("DerivedExitCode", JobDisplay.exitCode(job.getDerivedExitCode(), 0));
        }
        TimeLimit limit = d.timeLimit(job);
        out.line().pair("RunTime", d.timeUsed(job).toPaddedString()).pair("TimeLimit", limit.toPaddedString())
                .pair("TimeMin", d.timeMinText(job));
        out.line().pair("SubmitTime", d.timeOrUnknown(job.getSubmitTime()))
                .pair("EligibleTime", d.timeOrUnknown(job.getEligibleTime()));
        out.line().pair("AccrueTime", d.timeOrUnknown(job.getAccrueTime()));
        out.line().pair("StartTime", d.timeOrUnknown(job.getStartTime()))
                .pair("EndTime", d.timeOrUnknown(job.getEndTime())).pair("Deadline", d.time(r.getDeadline()));
        out.line().pair("SuspendTime", job.getSuspendTime() == 0 ? "None" : d.time(job.getSuspendTime()))
                .pair("SecsPreSuspend", job.getPreSuspendSeconds())
                .pair("LastSchedEval", d.timeOrUnknown(job.getLastSchedEval())).pair("Scheduler", "Main");
        out.line().pair("Partition", d.partition(job))
                .pair("AllocNode:Sid", (r.getSubmitHost().isEmpty() ? "(null)" : r.getSubmitHost()) + ":"
                        + Integer.toUnsignedString(r.getAllocSid()));
        if (!r.getReservation().isEmpty()) {
            out.line().pair("Reservation", r.getReservation());
        }
        out.line().pair("ReqNodeList", orNull(r.getNodelist())).pair("ExcNodeList", orNull(r.getExclude()));
        out.line().pair("NodeList", orNull(job.getNodeList()));
        if (!job.getBatchHost().isEmpty()) {
            out.line().pair("BatchHost", job.getBatchHost());
        }
        out.line().pair("NumNodes", d.nodes(job)).pair("NumCPUs", d.cpus(job))
                .pair("NumTasks", job.getNumTasks() == 0 ? 1 : Integer.toUnsignedString(job.getNumTasks()))
                .pair("CPUs/Task", r.hasCpusPerTask() ? Integer.toUnsignedString(r.getCpusPerTask()) : "1")
                .pair("ReqB:S:C:T", "0:0:*:*");
        boolean started = job.getState() != JobState.JOB_PENDING && !job.getTresAllocated().isEmpty();
        out.line().pair("TRES", started ? job.getTresAllocated() : orNull(job.getTresRequested()));
        out.line().pair("Socks/Node", JobDisplay.star(r.hasSocketsPerNode(), r.getSocketsPerNode()))
                .pair("NtasksPerN:B:S:C", (r.hasNtasksPerNode() ? Integer.toUnsignedString(r.getNtasksPerNode()) : "0")
                        + ":0:*:*")
                .pair("CoreSpec", "*");
        if (details && !job.getNodeList().isEmpty() && job.getState() != JobState.JOB_PENDING) {
            out.line().text("  ").pair("JOB_GRES", orNull(job.getGresDetail()));
            out.line().text("    ").pair("Nodes", job.getNodeList()).pair("CPU_IDs", "N/A")
                    .pair("Mem", d.minMemory(job)).pair("GRES", orNull(job.getGresDetail()).replace("(null)", ""));
        }
        String memoryKey = r.getMemoryCase() == JobDescription.MemoryCase.MEM_PER_CPU_MB ? "MinMemoryCPU" : "MinMemoryNode";
        out.line().pair("MinCPUsNode", d.minCpus(job)).pair(memoryKey, d.minMemory(job))
                .pair("MinTmpDiskNode", d.size(r.getTmpDiskPerNodeMb()));
        out.line().pair("Features", orNull(r.getConstraint())).pair("DelayBoot", "00:00:00");
        out.line().pair("OverSubscribe", d.overSubscribe(job)).pair("Contiguous", r.getContiguous() ? 1 : 0)
                .pair("Licenses", orNull(r.getLicenses())).pair("Network", "(null)");
        out.line().pair("Command", d.command(job));
        out.line().pair("WorkDir", r.getWorkDir());
        if (!r.getComment().isEmpty()) {
            out.line().pair("Comment", r.getComment());
        }
        out.line().pair("StdErr", r.getStdErr().isEmpty() ? r.getStdOut() : r.getStdErr());
        out.line().pair("StdIn", r.getStdIn().isEmpty() ? "/dev/null" : r.getStdIn());
        out.line().pair("StdOut", r.getStdOut());
        String tresPerNode = d.tresPerNode(job);
        if (!tresPerNode.equals(JobDisplay.NOT_APPLICABLE)) {
            out.line().pair("TresPerNode", tresPerNode);
        }
        out.line().pair("Power", "");
        return out.render(oneLiner);
    }
}
