package io.jslurm.cli.jobs;

import io.jslurm.cli.client.ClientIdentity;
import io.jslurm.cli.json.JsonDocument;
import io.jslurm.cli.json.JsonWriter;
import io.jslurm.common.hostlist.Hostlist;
import io.jslurm.protocol.proto.JobDescription;
import io.jslurm.protocol.proto.JobRecord;
import io.jslurm.protocol.proto.JobState;
import java.io.IOException;
import java.io.OutputStream;
import java.util.List;

/** Jobs as {@code squeue --json} and {@code scontrol show job --json} print them (data_parser v0.0.40 shapes). */
public final class JobJson {

    private JobJson() {
    }

    public static void write(OutputStream out, List<String> command, ClientIdentity client, String cluster,
            List<JobRecord> jobs, JobDisplay display) {
        JsonDocument.write(out, command, client, cluster, json -> {
            json.startArray("jobs");
            for (JobRecord job : jobs) {
                job(json, job, display);
            }
            json.endArray();
        });
    }

    static void job(JsonWriter json, JobRecord job, JobDisplay display) throws IOException {
        JobDescription request = job.getRequest();
        json.startObject();
        json.string("account", request.getAccount());
        json.time("accrue_time", job.getAccrueTime());
        json.number("array_job_id", Integer.toUnsignedLong(job.getArrayJobId()));
        json.number("array_task_id", job.hasArrayTaskId(), Integer.toUnsignedLong(job.getArrayTaskId()));
        json.string("array_task_string", job.getArrayTasksPending());
        json.bool("batch_flag", true);
        json.string("batch_host", job.getBatchHost());
        json.string("cluster", job.getClusterName());
        json.string("command", job.getCommand());
        json.string("comment", request.getComment());
        json.number("cpus", Integer.toUnsignedLong(job.getNumCpus()));
        json.number("cpus_per_task", request.hasCpusPerTask(), Integer.toUnsignedLong(request.getCpusPerTask()));
        json.string("current_working_directory", request.getWorkDir());
        json.string("dependency", request.getDependency());
        exitCode(json, "derived_exit_code", job.getDerivedExitCode(), 0, job);
        json.time("eligible_time", job.getEligibleTime());
        json.time("end_time", job.getEndTime());
        exitCode(json, "exit_code", job.getExitCode(), job.getTermSignal(), job);
        json.string("features", request.getConstraint());
        json.csv("gres_detail", job.getGresDetail());
        json.integer("group_id", Integer.toUnsignedLong(job.getGid()));
        json.string("group_name", job.getGroupName());
        json.integer("job_id", Integer.toUnsignedLong(job.getJobId()));
        resources(json, job);
        json.strings("job_state", JobStates.all(job));
        json.time("last_sched_evaluation", job.getLastSchedEval());
        json.string("licenses", request.getLicenses());
        json.number("max_nodes", Integer.toUnsignedLong(request.getMaxNodes()));
        json.number("memory_per_cpu", request.hasMemPerCpuMb(), request.getMemPerCpuMb());
        json.number("memory_per_node", request.hasMemPerNodeMb(), request.getMemPerNodeMb());
        json.string("name", request.getName());
        json.number("nice", request.getNice());
        json.number("node_count", Long.parseLong(display.nodes(job)));
        json.string("nodes", job.getNodeList());
        json.string("partition", request.getPartition());
        json.time("preempt_time", job.getPreemptTime());
        json.number("priority", Integer.toUnsignedLong(job.getPriority()));
        json.string("qos", request.getQos());
        json.bool("requeue", !request.hasRequeue() || request.getRequeue());
        json.string("required_nodes", request.getNodelist());
        json.string("excluded_nodes", request.getExclude());
        json.string("reservation", request.getReservation());
        json.integer("restart_cnt", Integer.toUnsignedLong(job.getRestartCount()));
        json.string("standard_error", request.getStdErr().isEmpty() ? request.getStdOut() : request.getStdErr());
        json.string("standard_input", request.getStdIn().isEmpty() ? "/dev/null" : request.getStdIn());
        json.string("standard_output", request.getStdOut());
        json.time("start_time", job.getStartTime());
        json.string("state_description", job.getStateDescription());
        json.string("state_reason", display.reason(job));
        json.time("submit_time", job.getSubmitTime());
        json.time("suspend_time", job.getSuspendTime());
        json.limit("time_limit", request.hasTimeLimitMinutes()
                ? Integer.toUnsignedLong(request.getTimeLimitMinutes()) : JsonWriter.INFINITE);
        json.number("time_minimum", request.hasTimeMinMinutes(), Integer.toUnsignedLong(request.getTimeMinMinutes()));
        json.number("tasks", Integer.toUnsignedLong(job.getNumTasks()));
        json.string("tres_alloc_str", job.getTresAllocated());
        json.string("tres_req_str", job.getTresRequested());
        json.integer("user_id", Integer.toUnsignedLong(job.getUid()));
        json.string("user_name", job.getUserName());
        json.string("wckey", request.getWckey());
        json.endObject();
    }

    private static void exitCode(JsonWriter json, String name, int status, int signal, JobRecord job)
            throws IOException {
        boolean ended = !JobStates.isActive(job);
        json.startObject(name);
        json.strings("status", List.of(!ended ? "PENDING" : signal != 0 ? "SIGNALED" : status != 0 ? "ERROR" : "SUCCESS"));
        json.number("return_code", ended, status);
        json.startObject("signal");
        json.number("id", signal != 0, signal);
        json.string("name", "");
        json.endObject();
        json.endObject();
    }

    private static void resources(JsonWriter json, JobRecord job) throws IOException {
        json.startObject("job_resources");
        if (job.getState() != JobState.JOB_PENDING && !job.getNodeList().isEmpty()) {
            List<String> hosts = hosts(job.getNodeList());
            json.startObject("nodes");
            json.integer("count", hosts.size());
            json.strings("select_type", List.of());
            json.string("list", job.getNodeList());
            json.bool("whole", job.getRequest().getExclusive() != io.jslurm.protocol.proto.Exclusive.EXCLUSIVE_UNSPECIFIED);
            json.startArray("allocation");
            for (int i = 0; i < hosts.size(); i++) {
                json.startObject();
                json.integer("index", i);
                json.string("name", hosts.get(i));
                json.endObject();
            }
            json.endArray();
            json.endObject();
            json.integer("cpus", Integer.toUnsignedLong(job.getNumCpus()));
        }
        json.endObject();
    }

    private static List<String> hosts(String nodeList) {
        try {
            return Hostlist.parse(nodeList).hosts();
        } catch (IllegalArgumentException unreadable) {
            return List.of(nodeList);
        }
    }
}
