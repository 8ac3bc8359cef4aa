package io.jslurm.cli.squeue;

import static io.jslurm.cli.jobs.JobDisplay.orNotApplicable;
import static io.jslurm.cli.jobs.JobDisplay.orNull;

import io.jslurm.cli.format.Field;
import io.jslurm.cli.jobs.JobDisplay;
import io.jslurm.protocol.proto.JobDescription;
import io.jslurm.protocol.proto.JobRecord;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Function;

/** Every job field squeue's {@code -o} letters and {@code -O} names print, with Slurm's column titles. */
final class JobFields {

    /**
     * The fields that read only the record, never its request: a layout made of these alone lets squeue ask the
     * controller for jobs without their requests. The usual layouts (default, {@code -l}, {@code --start}) are. An array's
     * {@code %N} limit ({@code %i}, {@code %K}) comes with the record.
     */
    private static final Set<String> WITHOUT_REQUEST = Set.of("JobID", "BatchHost", "NumCPUs", "NumNodes",
            "EndTime", "ArrayJobID", "GroupName", "GroupID", "JobArrayID", "Name", "ArrayTaskID", "TimeUsed",
            "NodeList", "Command", "Contiguous", "Priority", "Partition", "PriorityLong", "Reason", "ReasonList",
            "SelectJobInfo", "StartTime", "StateCompact", "State", "UserName", "UserID", "SubmitTime", "CoreSpec",
            "SchedNodes", "AccrueTime", "BatchFlag", "Cluster", "DerivedEC", "EligibleTime", "exit_code",
            "LastSchedEval", "NumTasks", "PendingTime", "PreemptTime", "Restarts", "tres-alloc", "TimeLimit",
            "TimeLeft");

    private final List<Field<JobRecord>> fields = new ArrayList<>();

    private JobFields() {
    }

    static List<Field<JobRecord>> all(JobDisplay d) {
        JobFields f = new JobFields();
        f.add('a', "Account", "ACCOUNT", j -> orNull(req(j).getAccount()));
        f.add('A', "JobID", "JOBID", d::jobId);
        f.add('b', "tres-per-node", "TRES_PER_NODE", d::tresPerNode);
        f.add('B', "BatchHost", "EXEC_HOST", j -> orNotApplicable(j.getBatchHost()));
        f.add('c', "MinCpus", "MIN_CPUS", d::minCpus);
        f.add('C', "NumCPUs", "CPUS", d::cpus);
        f.add('d', "MinTmpDisk", "MIN_TMP_DISK", j -> d.size(req(j).getTmpDiskPerNodeMb()));
        f.add('D', "NumNodes", "NODES", d::nodes);
        f.add('e', "EndTime", "END_TIME", j -> d.time(j.getEndTime()));
        f.add('E', "Dependency", "DEPENDENCY", j -> orNull(req(j).getDependency()));
        f.add('f', "Feature", "FEATURES", j -> orNull(req(j).getConstraint()));
        f.add('F', "ArrayJobID", "ARRAY_JOB_ID", d::arrayJobId);
        f.add('g', "GroupName", "GROUP", d::group);
        f.add('G', "GroupID", "GROUP", j -> Integer.toUnsignedString(j.getGid()));
        f.add('h', "OverSubscribe", "OVER_SUBSCRIBE", d::overSubscribe);
        f.add('H', "SocketsPerNode", "SOCKETS_PER_NODE",
                j -> JobDisplay.star(req(j).hasSocketsPerNode(), req(j).getSocketsPerNode()));
        f.add('i', "JobArrayID", "JOBID", d::id);
        f.add('I', "CoresPerSocket", "CORES_PER_SOCKET",
                j -> JobDisplay.star(req(j).hasCoresPerSocket(), req(j).getCoresPerSocket()));
        f.add('j', "Name", "NAME", d::name);
        f.add('J', "ThreadsPerCore", "THREADS_PER_CORE",
                j -> JobDisplay.star(req(j).hasThreadsPerCore(), req(j).getThreadsPerCore()));
        f.add('k', "Comment", "COMMENT", j -> orNull(req(j).getComment()));
        f.add('K', "ArrayTaskID", "ARRAY_TASK_ID", d::arrayTaskId);
        f.add('l', "TimeLimit", "TIME_LIMIT", d::timeLimitText);
        f.add('L', "TimeLeft", "TIME_LEFT", d::timeLeftText);
        f.add('m', "MinMemory", "MIN_MEMORY", d::minMemory);
        f.add('M', "TimeUsed", "TIME", d::timeUsedText);
        f.add('n', "ReqNodes", "REQ_NODES", d::requestedNodes);
        f.add('N', "NodeList", "NODELIST", JobRecord::getNodeList);
        f.add('o', "Command", "COMMAND", d::command);
        f.add('O', "Contiguous", "CONTIGUOUS", j -> "0");
        f.add('p', "Priority", "PRIORITY", d::priorityNormalised);
        f.add('P', "Partition", "PARTITION", d::partition);
        f.add('q', "QOS", "QOS", j -> orNull(req(j).getQos()));
        f.add('Q', "PriorityLong", "PRIORITY", d::priority);
        f.add('r', "Reason", "REASON", d::reason);
        f.add('R', "ReasonList", "NODELIST(REASON)", d::reasonOrNodes);
        f.add('s', "SelectJobInfo", "SELECT_JOBINFO", j -> JobDisplay.NOT_APPLICABLE);
        f.add('S', "StartTime", "START_TIME", j -> d.time(j.getStartTime()));
        f.add('t', "StateCompact", "ST", d::stateCode);
        f.add('T', "State", "STATE", d::stateName);
        f.add('u', "UserName", "USER", d::user);
        f.add('U', "UserID", "UID", j -> Integer.toUnsignedString(j.getUid()));
        f.add('v', "Reservation", "RESERVATION", j -> orNull(req(j).getReservation()));
        f.add('V', "SubmitTime", "SUBMIT_TIME", j -> d.time(j.getSubmitTime()));
        f.add('w', "WCKey", "WCKEY", j -> orNull(req(j).getWckey()));
        f.add('W', "Licenses", "LICENSES", j -> orNull(req(j).getLicenses()));
        f.add('x', "ExcNodes", "EXC_NODES", j -> req(j).getExclude());
        f.add('X', "CoreSpec", "CORE_SPEC", j -> JobDisplay.NOT_APPLICABLE);
        f.add('y', "Nice", "NICE", j -> Integer.toString(req(j).hasNice() ? req(j).getNice() : 0));
        f.add('Y', "SchedNodes", "SCHEDNODES", j -> orNull(j.getSchedNodes()));
        f.add('z', "SCT", "S:C:T", d::socketsCoresThreads);
        f.add('Z', "WorkDir", "WORK_DIR", j -> req(j).getWorkDir());
        // Long names only.
        f.add("AccrueTime", "ACCRUE_TIME", j -> d.time(j.getAccrueTime()));
        f.add("AllocNodes", "ALLOC_NODES", j -> orNull(req(j).getSubmitHost()));
        f.add("BatchFlag", "BATCHFLAG", j -> "1");
        f.add("Cluster", "CLUSTER", j -> orNull(j.getClusterName()));
        f.add("cpus-per-task", "CPUS_PER_TASK",
                j -> req(j).hasCpusPerTask() ? Integer.toUnsignedString(req(j).getCpusPerTask()) : "1");
        f.add("Deadline", "DEADLINE", j -> d.time(req(j).getDeadline()));
        f.add("DerivedEC", "DERIVED_EC", j -> JobDisplay.exitCode(j.getDerivedExitCode(), 0));
        f.add("EligibleTime", "ELIGIBLE_TIME", j -> d.time(j.getEligibleTime()));
        f.add("exit_code", "EXIT_CODE", j -> JobDisplay.exitCode(j.getExitCode(), j.getTermSignal()));
        f.add("LastSchedEval", "LAST_SCHED_EVAL", j -> d.time(j.getLastSchedEval()));
        f.add("MaxNodes", "MAX_NODES", j -> Integer.toUnsignedString(req(j).getMaxNodes()));
        f.add("MinTime", "MIN_TIME", d::timeMinText);
        f.add("NumTasks", "TASKS", j -> j.getNumTasks() == 0 ? "1" : Integer.toUnsignedString(j.getNumTasks()));
        f.add("PendingTime", "PENDING_TIME", j -> Long.toString(pendingSeconds(d, j)));
        f.add("PreemptTime", "PREEMPT_TIME", j -> d.time(j.getPreemptTime()));
        f.add("Restarts", "RESTARTS", j -> Integer.toUnsignedString(j.getRestartCount()));
        f.add("STDERR", "STDERR", j -> req(j).getStdErr().isEmpty() ? req(j).getStdOut() : req(j).getStdErr());
        f.add("STDIN", "STDIN", j -> req(j).getStdIn().isEmpty() ? "/dev/null" : req(j).getStdIn());
        f.add("STDOUT", "STDOUT", j -> req(j).getStdOut());
        f.add("tres-alloc", "TRES_ALLOC", j -> j.getTresAllocated());
        f.add("tres-per-job", "TRES_PER_JOB", j -> orNotApplicable(req(j).getGpus().isEmpty() ? "" : "gres:gpu:" + req(j).getGpus()));
        f.add("tres-per-task", "TRES_PER_TASK", j -> orNotApplicable(req(j).getGpusPerTask().isEmpty() ? "" : "gres:gpu:" + req(j).getGpusPerTask()));
        f.add("Mcslabel", "MCSLABEL", j -> orNotApplicable(req(j).getMcsLabel()));
        f.add("Container", "CONTAINER", j -> orNull(req(j).getContainer()));
        return List.copyOf(f.fields);
    }

    /** Whether printing {@code field} reads the job's request. */
    static boolean needsRequest(Field<JobRecord> field) {
        // A nameless field is the literal text of a letter or name squeue does not know: it reads nothing.
        return !field.name().isEmpty() && !WITHOUT_REQUEST.contains(field.name());
    }

    private static long pendingSeconds(JobDisplay d, JobRecord job) {
        long start = job.getStartTime() != 0 && job.getState() != io.jslurm.protocol.proto.JobState.JOB_PENDING
                ? job.getStartTime() : d.now().getEpochSecond();
        return Math.max(0, start - job.getSubmitTime());
    }

    private static JobDescription req(JobRecord job) {
        return job.getRequest();
    }

    private void add(char letter, String name, String header, Function<JobRecord, String> value) {
        fields.add(new Field<>(letter, name, header, value));
    }

    private void add(String name, String header, Function<JobRecord, String> value) {
        fields.add(new Field<>((char) 0, name, header, value));
    }
}
