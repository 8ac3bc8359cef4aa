package io.jslurm.cli.scontrol;

import io.jslurm.cli.client.CommandEnvironment;
import io.jslurm.cli.client.Controller;
import io.jslurm.cli.client.ControllerException;
import io.jslurm.cli.jobs.JobDisplay;
import io.jslurm.cli.jobs.JobIds;
import io.jslurm.cli.jobs.JobJson;
import io.jslurm.cli.nodes.NodeJson;
import io.jslurm.common.jobid.JobIdSpec;
import io.jslurm.protocol.proto.CancelResult;
import io.jslurm.protocol.proto.ConfigEntry;
import io.jslurm.protocol.proto.ConfigInfoRequest;
import io.jslurm.protocol.proto.ConfigInfoResponse;
import io.jslurm.protocol.proto.JobControlRequest;
import io.jslurm.protocol.proto.JobControlResponse;
import io.jslurm.protocol.proto.JobInfoRequest;
import io.jslurm.protocol.proto.JobInfoResponse;
import io.jslurm.protocol.proto.JobRecord;
import io.jslurm.protocol.proto.NodeInfoRequest;
import io.jslurm.protocol.proto.NodeInfoResponse;
import io.jslurm.protocol.proto.NodeRecord;
import io.jslurm.protocol.proto.PartitionInfoRequest;
import io.jslurm.protocol.proto.PartitionInfoResponse;
import io.jslurm.protocol.proto.PartitionRecord;
import io.jslurm.protocol.proto.Ping;
import io.jslurm.protocol.proto.Pong;
import io.jslurm.protocol.proto.ReconfigureRequest;
import io.jslurm.protocol.proto.ReconfigureResponse;
import java.io.PrintStream;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/** scontrol's commands that read or change the controller's state. */
final class ControllerCommands {

    /** {@code -o}, {@code -d}, {@code --json}, {@code -Q} and the command line for JSON's meta. */
    record Flags(boolean oneLiner, boolean details, boolean json, boolean quiet, List<String> commandLine) {
    }

    private final CommandEnvironment env;
    private final Flags flags;

    ControllerCommands(CommandEnvironment env, Flags flags) {
        this.env = env;
        this.flags = flags;
    }

    private JobDisplay display() {
        return new JobDisplay(env.clock().instant(), env.zone(), false);
    }

    int showJob(String id) {
        JobInfoRequest.Builder request = JobInfoRequest.newBuilder().setIncludeRequest(true).setShowAll(true);
        List<JobIdSpec> ids = List.of();
        if (id != null) {
            try {
                ids = JobIds.parse(id);
            } catch (IllegalArgumentException bad) {
                env.err().println("scontrol_print_job error: Invalid job id specified");
                return 1;
            }
            ids.forEach(spec -> request.addJobIds((int) spec.jobId()));
        }
        List<JobRecord> jobs;
        try (Controller controller = env.controllers().open()) {
            jobs = controller.call(request.build(), JobInfoResponse.class).getJobsList();
        } catch (ControllerException failed) {
            env.err().println("slurm_load_jobs error: " + failed.getMessage());
            return 1;
        }
        List<JobIdSpec> wanted = ids;
        if (!wanted.isEmpty()) {
            jobs = jobs.stream().filter(j -> wanted.stream().anyMatch(spec -> JobIds.selects(spec, j))).toList();
        }
        if (flags.json()) {
            JobJson.write(env.out(), flags.commandLine(), env.identity(), "", jobs, display());
            return 0;
        }
        if (jobs.isEmpty()) {
            if (id != null) {
                env.err().println("slurm_load_jobs error: Invalid job id specified");
                return 1;
            }
            env.out().println("No jobs in the system");
            return 0;
        }
        JobDisplay display = display();
        return print(jobs, job -> JobLayout.render(job, display, flags.oneLiner(), flags.details()));
    }

    /** Each record in its layout; a blank line after each unless one line per record. */
    private <T> int print(List<T> records, java.util.function.Function<T, String> layout) {
        StringBuilder text = new StringBuilder();
        for (T record : records) {
            text.append(layout.apply(record));
            if (!flags.oneLiner()) {
                text.append('\n');
            }
        }
        env.out().print(text);
        return 0;
    }

    int showNode(String name) {
        NodeInfoRequest.Builder request = NodeInfoRequest.newBuilder().setShowAll(true);
        if (name != null) {
            request.setNodeList(name);
        }
        List<NodeRecord> nodes;
        try (Controller controller = env.controllers().open()) {
            nodes = controller.call(request.build(), NodeInfoResponse.class).getNodesList();
        } catch (ControllerException failed) {
            env.err().println("slurm_load_node error: " + failed.getMessage());
            return 1;
        }
        if (flags.json()) {
            NodeJson.writeNodes(env.out(), flags.commandLine(), env.identity(), nodes);
            return 0;
        }
        if (nodes.isEmpty()) {
            if (name != null) {
                env.err().println("Node " + name + " not found");
                return 1;
            }
            env.out().println("No nodes in the system");
            return 0;
        }
        JobDisplay display = display();
        return print(nodes, node -> NodeLayout.node(node, display, flags.oneLiner()));
    }

    int showPartition(String name) {
        PartitionInfoRequest.Builder request = PartitionInfoRequest.newBuilder().setShowAll(true);
        if (name != null) {
            request.setName(name);
        }
        List<PartitionRecord> partitions;
        try (Controller controller = env.controllers().open()) {
            partitions = controller.call(request.build(), PartitionInfoResponse.class).getPartitionsList();
        } catch (ControllerException failed) {
            env.err().println("slurm_load_partitions error: " + failed.getMessage());
            return 1;
        }
        if (name != null) {
            partitions = partitions.stream().filter(p -> p.getName().equals(name)).toList();
        }
        if (flags.json()) {
            NodeJson.writePartitions(env.out(), flags.commandLine(), env.identity(), partitions);
            return 0;
        }
        if (partitions.isEmpty()) {
            if (name != null) {
                env.err().println("Partition " + name + " not found");
                return 1;
            }
            env.out().println("No partitions in the system");
            return 0;
        }
        JobDisplay display = display();
        return print(partitions, partition -> NodeLayout.partition(partition, display, flags.oneLiner()));
    }

    int showConfig() {
        ConfigInfoResponse config;
        try (Controller controller = env.controllers().open()) {
            config = controller.call(ConfigInfoRequest.getDefaultInstance(), ConfigInfoResponse.class);
        } catch (ControllerException failed) {
            env.err().println("slurm_load_ctl_conf error: " + failed.getMessage());
            return 1;
        }
        PrintStream out = env.out();
        out.println("Configuration data as of " + display().timeOrUnknown(config.getLastUpdate()));
        for (ConfigEntry entry : config.getEntriesList()) {
            out.println(String.format("%-23s = %s", entry.getKey(), entry.getValue()));
        }
        out.println();
        ping();
        return 0;
    }

    /** {@code ping}: each controller, primary first, UP or DOWN. */
    int ping() {
        List<Map.Entry<String, io.jslurm.cli.client.Controllers>> each = env.controllers().each();
        boolean anyUp = false;
        for (int i = 0; i < each.size(); i++) {
            boolean up;
            try (Controller controller = each.get(i).getValue().open()) {
                controller.call(Ping.getDefaultInstance(), Pong.class);
                up = true;
            } catch (ControllerException down) {
                up = false;
            }
            anyUp |= up;
            String role = i == 0 ? "primary" : i == 1 ? "backup" : "backup" + i;
            env.out().println("Slurmctld(" + role + ") at " + each.get(i).getKey() + " is " + (up ? "UP" : "DOWN"));
        }
        return anyUp ? 0 : 1;
    }

    int reconfigure() {
        try (Controller controller = env.controllers().open()) {
            controller.call(ReconfigureRequest.getDefaultInstance(), ReconfigureResponse.class);
            return 0;
        } catch (ControllerException failed) {
            env.err().println("slurm_reconfigure error: " + failed.getMessage());
            return 1;
        }
    }

    /** hold, uhold, release, requeue, requeuehold, suspend, resume over a list of job ids. */
    int jobControl(JobControlRequest.Action action, List<String> args) {
        JobControlRequest.Builder request = JobControlRequest.newBuilder().setAction(action);
        for (String arg : args) {
            if (arg.toLowerCase(java.util.Locale.ROOT).startsWith("state=")) {
                request.setSpecialExit(arg.substring(6).equalsIgnoreCase("specialexit"));
                continue;
            }
            if (arg.toLowerCase(java.util.Locale.ROOT).startsWith("jobid=")) {
                arg = arg.substring(6);
            }
            for (String word : JobIds.split(arg)) {
                try {
                    request.addTargets(JobIds.target(JobIdSpec.parse(word)));
                } catch (IllegalArgumentException bad) {
                    env.err().println("Invalid job id specified for job " + word);
                    if (action == JobControlRequest.Action.HOLD || action == JobControlRequest.Action.USER_HOLD
                            || action == JobControlRequest.Action.RELEASE) {
                        // Slurm's hold, uhold and release share one code path that adds this second line.
                        env.err().println("slurm_suspend error: Invalid job id specified");
                    }
                    return 1;
                }
            }
        }
        if (request.getTargetsCount() == 0) {
            env.err().println("too few arguments for keyword:" + keyword(action));
            return 1;
        }
        JobControlResponse response;
        try (Controller controller = env.controllers().open()) {
            response = controller.call(request.build(), JobControlResponse.class);
        } catch (ControllerException failed) {
            env.err().println("slurm_" + keyword(action) + " error: " + failed.getMessage());
            return 1;
        }
        return reportResults(response.getResultsList());
    }

    /** One line per refused job, {@code <error> for job <id>}; status 1 if any was refused. */
    int reportResults(List<CancelResult> results) {
        int status = 0;
        for (CancelResult result : results) {
            if (result.getErrorCode() != 0) {
                status = 1;
                String text = io.jslurm.cli.client.SlurmErrno.text(result.getErrorCode(), result.getErrorMessage());
                String id = Integer.toUnsignedString(result.getTarget().getJobId())
                        + (result.getTarget().getArrayTasks().isEmpty() ? "" : "_" + result.getTarget().getArrayTasks());
                env.err().println(text + " for job " + id);
            }
        }
        return status;
    }

    private static String keyword(JobControlRequest.Action action) {
        return switch (action) {
            case HOLD -> "hold";
            case USER_HOLD -> "uhold";
            case RELEASE -> "release";
            case REQUEUE -> "requeue";
            case REQUEUE_HOLD -> "requeuehold";
            case SUSPEND -> "suspend";
            case RESUME -> "resume";
            default -> "job_control";
        };
    }

    Instant now() {
        return env.clock().instant();
    }
}
