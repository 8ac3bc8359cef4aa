package io.jslurm.cli.squeue;

import io.jslurm.cli.client.CommandEnvironment;
import io.jslurm.cli.client.CommandLine;
import io.jslurm.cli.format.LayoutSpec;
import io.jslurm.cli.jobs.JobIds;
import io.jslurm.cli.jobs.JobStates;
import io.jslurm.cli.opt.ParsedOptions;
import io.jslurm.common.hostlist.Hostlist;
import io.jslurm.common.jobid.JobIdSpec;
import io.jslurm.protocol.proto.JobRecord;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * squeue's settings from its command line, with the {@code SQUEUE_*} variables as defaults.
 *
 * @param users      empty for every user; else the users asked for that this host knows (maybe none)
 * @param states     empty for squeue's default (jobs still in the queue)
 * @param layout     {@code -o} or {@code -O}, else SQUEUE_FORMAT or SQUEUE_FORMAT2, else the default for the options
 * @param sortNeedsRequest whether a sort key reads the job's request (see {@link JobSort#needsRequest})
 */
record SqueueOptions(boolean help, boolean version, boolean all, boolean header, boolean longListing,
        boolean expandArrays, boolean noConvert, boolean start, boolean json, Optional<List<String>> users,
        List<String> accounts, List<String> partitions, List<String> qos, List<String> names,
        Optional<Hostlist> nodes, List<JobIdSpec> jobs, Optional<JobStates.Filter> states,
        LayoutSpec layout, Comparator<JobRecord> sort, boolean sortNeedsRequest, Optional<List<String>> steps) {

    /** The job state names Slurm's squeue lists after an unknown one, in its order. */
    static final String VALID_JOB_STATES = "PENDING,RUNNING,SUSPENDED,COMPLETED,CANCELLED,FAILED,TIMEOUT,NODE_FAIL,"
            + "PREEMPTED,BOOT_FAIL,DEADLINE,OUT_OF_MEMORY,COMPLETING,CONFIGURING,RESIZING,RESV_DEL_HOLD,REQUEUED,"
            + "REQUEUE_FED,REQUEUE_HOLD,REVOKED,SIGNALING,SPECIAL_EXIT,STAGE_OUT,STOPPED";

    /** A value squeue refuses; the message follows {@code squeue: error: }. */
    static final class Refused extends Exception {
        Refused(String message) {
            super(message);
        }
    }

    /**
     * The users the host knows. As Slurm's squeue, each unknown one is reported (with Slurm's empty line after)
     * and left out, and the listing goes on: when none is left it shows no job.
     */
    private static List<String> known(List<String> users, CommandEnvironment env) {
        List<String> known = new ArrayList<>();
        for (String user : users) {
            if (env.users().knows(user)) {
                known.add(user);
            } else {
                env.err().println(Squeue.PROGRAM + ": error: Invalid user: " + user + "\n");
            }
        }
        return List.copyOf(known);
    }

    static SqueueOptions from(ParsedOptions parsed, CommandEnvironment env) throws Refused {
        Map<String, String> vars = env.environment();
        boolean help = false;
        boolean version = false;
        boolean all = vars.containsKey("SQUEUE_ALL");
        boolean header = true;
        boolean longListing = false;
        boolean expand = vars.containsKey("SQUEUE_ARRAY");
        boolean noConvert = false;
        boolean start = false;
        boolean json = false;
        List<String> users = listVar(vars, "SQUEUE_USERS");
        boolean me = false;
        List<String> accounts = listVar(vars, "SQUEUE_ACCOUNT");
        List<String> partitions = listVar(vars, "SQUEUE_PARTITION");
        List<String> qos = listVar(vars, "SQUEUE_QOS");
        List<String> names = listVar(vars, "SQUEUE_NAMES");
        Optional<Hostlist> nodes = Optional.empty();
        List<JobIdSpec> jobs = new ArrayList<>();
        String statesText = vars.get("SQUEUE_STATES");
        Optional<LayoutSpec> layout = Optional.ofNullable(vars.get("SQUEUE_FORMAT")).map(LayoutSpec::percent)
                .or(() -> Optional.ofNullable(vars.get("SQUEUE_FORMAT2")).map(LayoutSpec::names));
        String sort = vars.get("SQUEUE_SORT");
        Optional<List<String>> steps = Optional.empty();
        for (ParsedOptions.Given given : parsed.options()) {
            String value = given.value();
            switch (given.option().longName()) {
                case "help", "usage" -> help = true;
                case "version" -> version = true;
                case "all" -> all = true;
                case "hide" -> all = false;
                case "noheader" -> header = false;
                case "long" -> longListing = true;
                case "array" -> expand = true;
                case "noconvert" -> noConvert = true;
                case "start" -> start = true;
                case "json" -> json = true;
                case "yaml" -> throw new Refused("--yaml is not supported; use --json");
                case "user" -> {
                    users = CommandLine.list(value);
                    me = false;
                }
                case "me" -> {
                    users = List.of(env.identity().user());
                    me = true;
                }
                case "account" -> accounts = CommandLine.list(value);
                case "partition" -> partitions = CommandLine.list(value);
                case "qos" -> qos = CommandLine.list(value);
                case "name" -> names = CommandLine.list(value);
                case "nodelist" -> nodes = Optional.of(hostlist(value));
                case "jobs" -> jobs.addAll(jobIds(value));
                case "states" -> statesText = value;
                case "format" -> layout = Optional.of(LayoutSpec.percent(value));
                case "Format" -> layout = Optional.of(LayoutSpec.names(value));
                case "sort" -> sort = value;
                case "steps" -> steps = Optional.of(value == null ? List.of() : CommandLine.list(value));
                case "iterate" -> throw new Refused("--iterate is not supported yet");
                default -> {
                    // Federation, cluster and verbosity options change nothing on a single cluster.
                }
            }
        }
        if (!parsed.operands().isEmpty()) {
            throw new Refused("Unrecognized option: " + parsed.operands().get(0));
        }
        // --me is the caller, known whether or not the passwd file lists it (Slurm passes its uid).
        Optional<List<String>> knownUsers = users.isEmpty() ? Optional.empty()
                : Optional.of(me ? users : known(users, env));
        Optional<JobStates.Filter> states = Optional.empty();
        if (statesText != null) {
            try {
                states = Optional.of(JobStates.parseFilter(statesText));
            } catch (IllegalArgumentException bad) {
                // Slurm's second line lists the names it knows and ends with an empty line.
                throw new Refused("Invalid job state specified: " + bad.getMessage() + "\n" + Squeue.PROGRAM
                        + ": error: Valid job states include: " + VALID_JOB_STATES + "\n");
            }
        }
        if (sort == null) {
            sort = start ? "S" : "P,t,-p";
        }
        if (!jobs.isEmpty() && steps.map(list -> !list.isEmpty()).orElse(false)) {
            throw new Refused("Incompatible options --jobs and --steps");
        }
        String defaultLayout = steps.isPresent() ? Squeue.STEP_FORMAT : start ? Squeue.START_FORMAT
                : longListing ? Squeue.LONG_FORMAT : Squeue.DEFAULT_FORMAT;
        LayoutSpec shown = layout.orElse(LayoutSpec.percent(defaultLayout));
        return new SqueueOptions(help, version, all, header, longListing, expand, noConvert, start, json, knownUsers,
                accounts, partitions, qos, names, nodes, List.copyOf(jobs), states, shown, JobSort.parse(sort),
                JobSort.needsRequest(sort), steps);
    }

    private static List<String> listVar(Map<String, String> vars, String name) {
        String value = vars.get(name);
        return value == null ? List.of() : CommandLine.list(value);
    }

    private static Hostlist hostlist(String value) throws Refused {
        try {
            return Hostlist.parse(value);
        } catch (IllegalArgumentException bad) {
            throw new Refused("Invalid node name specified: " + value);
        }
    }

    private static List<JobIdSpec> jobIds(String value) throws Refused {
        try {
            return JobIds.parse(value);
        } catch (IllegalArgumentException bad) {
            throw new Refused("Invalid job id: " + value);
        }
    }
}
