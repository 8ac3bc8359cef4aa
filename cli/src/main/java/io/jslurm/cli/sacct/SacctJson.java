package io.jslurm.cli.sacct;

import io.jslurm.cli.client.ClientIdentity;
import io.jslurm.cli.json.JsonDocument;
import io.jslurm.cli.json.JsonWriter;
import io.jslurm.protocol.proto.AcctJob;
import io.jslurm.protocol.proto.AcctStep;
import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;

/** {@code sacct --json}: each job with its steps, in the shape of Slurm's data_parser v0.0.40 jobs list. */
final class SacctJson {

    private SacctJson() {
    }

    static void write(OutputStream out, List<String> args, ClientIdentity client, String cluster, List<SacctRow> rows,
                      long now) {
        List<String> command = new ArrayList<>();
        command.add(Sacct.PROGRAM);
        command.addAll(args);
        JsonDocument.write(out, command, client, cluster, json -> {
            json.startArray("jobs");
            for (SacctRow row : rows) {
                if (!row.isStep()) {
                    job(json, row, now);
                }
            }
            json.endArray();
        });
    }

    private static void job(JsonWriter json, SacctRow row, long now) throws IOException {
        AcctJob j = row.job();
        json.startObject();
        json.string("account", j.getAccount());
        json.startObject("array");
        json.integer("job_id", Integer.toUnsignedLong(j.getArrayJobId()));
        json.number("task_id", j.hasArrayTaskId(), Integer.toUnsignedLong(j.getArrayTaskId()));
        json.string("task", j.getArrayTasksPending());
        json.endObject();
        json.string("cluster", j.getCluster());
        json.string("comment", j.getComment());
        json.startObject("derived_exit_code");
        exit(json, j.getDerivedExitCode(), j.getDerivedExitSignal());
        json.endObject();
        json.startObject("exit_code");
        exit(json, j.getExitCode(), j.getExitSignal());
        json.endObject();
        json.string("group", j.getGroupName());
        json.integer("job_id", Integer.toUnsignedLong(j.getJobId()));
        json.string("name", j.getName());
        json.string("nodes", j.getNodeList().isEmpty() ? "None assigned" : j.getNodeList());
        json.string("partition", j.getPartition());
        json.number("priority", Integer.toUnsignedLong(j.getPriority()));
        json.string("qos", j.getQos());
        json.startObject("state");
        json.strings("current", List.of(j.getState()));
        json.string("reason", j.getReason().isEmpty() ? "None" : j.getReason());
        json.endObject();
        json.startObject("time");
        json.integer("elapsed", row.elapsedSeconds(now));
        json.integer("eligible", j.getEligibleTime());
        json.integer("end", j.getEndTime());
        json.number("limit", j.hasTimeLimitMinutes(), Integer.toUnsignedLong(j.getTimeLimitMinutes()));
        json.integer("start", j.getStartTime());
        json.integer("submission", j.getSubmitTime());
        json.integer("suspended", j.getSuspendedSeconds());
        json.endObject();
        json.startObject("tres");
        json.string("allocated", UsageText.tres(j.getTresAllocated()));
        json.string("requested", UsageText.tres(j.getTresRequested()));
        json.endObject();
        json.string("user", j.getUserName());
        json.string("working_directory", j.getWorkDir());
        json.startArray("steps");
        for (AcctStep s : row.jobSteps()) {
            step(json, row.jobIdText(), s);
        }
        json.endArray();
        json.endObject();
    }

    private static void step(JsonWriter json, String jobId, AcctStep s) throws IOException {
        json.startObject();
        json.startObject("step");
        json.string("id", jobId + "." + SacctRow.stepName(s.getStepId()));
        json.string("name", s.getName());
        json.endObject();
        json.strings("state", List.of(s.getState()));
        json.startObject("exit_code");
        exit(json, s.getExitCode(), s.getExitSignal());
        json.endObject();
        json.string("nodes", s.getNodeList());
        json.integer("tasks", Integer.toUnsignedLong(s.getTasks()));
        json.startObject("time");
        json.integer("start", s.getStartTime());
        json.integer("end", s.getEndTime());
        json.integer("user_cpu_microseconds", s.getUserCpuMicros());
        json.integer("system_cpu_microseconds", s.getSystemCpuMicros());
        json.endObject();
        json.startObject("tres");
        json.string("allocated", UsageText.tres(s.getTresAllocated()));
        json.endObject();
        json.startObject("statistics");
        json.integer("max_rss_bytes", s.getMaxRssBytes());
        json.integer("ave_rss_bytes", s.getAveRssBytes());
        json.integer("max_vmsize_bytes", s.getMaxVmsizeBytes());
        json.endObject();
        json.endObject();
    }

    private static void exit(JsonWriter json, int code, int signal) throws IOException {
        json.strings("status", List.of(signal != 0 ? "SIGNALED" : code != 0 ? "ERROR" : "SUCCESS"));
        json.integer("return_code", code);
        json.startObject("signal");
        json.integer("id", signal);
        json.endObject();
    }
}
