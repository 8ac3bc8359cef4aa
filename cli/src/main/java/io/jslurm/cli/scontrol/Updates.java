package io.jslurm.cli.scontrol;

import io.jslurm.cli.client.CommandEnvironment;
import io.jslurm.cli.client.Controller;
import io.jslurm.cli.client.ControllerException;
import io.jslurm.cli.jobs.JobIds;
import io.jslurm.common.hostlist.Hostlist;
import io.jslurm.common.jobid.JobIdSpec;
import io.jslurm.common.time.TimeLimit;
import io.jslurm.common.time.Timestamps;
import io.jslurm.common.units.MemorySize;
import io.jslurm.protocol.proto.PartitionState;
import io.jslurm.protocol.proto.UpdateJobRequest;
import io.jslurm.protocol.proto.UpdateJobResponse;
import io.jslurm.protocol.proto.UpdateNodeRequest;
import io.jslurm.protocol.proto.UpdateNodeResponse;
import io.jslurm.protocol.proto.UpdatePartitionRequest;
import io.jslurm.protocol.proto.UpdatePartitionResponse;
import java.util.List;
import java.util.Locale;

/**
 * {@code scontrol update}: {@code Key=Value} words read into typed requests, keys case-insensitive. A key that
 * cannot be changed, or a value that does not parse, aborts the request before anything is sent.
 */
final class Updates {

    /** A word scontrol refuses; {@link #getMessage()} is what it prints. */
    static final class Refused extends Exception {
        private final boolean aborted;
        private final String after;

        /** Printed with "Request aborted" after it, as scontrol does for most bad words. */
        Refused(String message) {
            this(message, true, "");
        }

        private Refused(String message, boolean aborted, String after) {
            super(message);
            this.aborted = aborted;
            this.after = after;
        }

        /** Slurm's own error lines for some values, printed as they are. */
        static Refused lines(String text) {
            return new Refused(text, false, "");
        }

        /** The usual refusal, then a hint after "Request aborted". */
        static Refused abortedThen(String message, String after) {
            return new Refused(message, true, after);
        }

        String text() {
            return getMessage() + (aborted ? "\nRequest aborted" : "") + (after.isEmpty() ? "" : "\n" + after);
        }
    }

    private final CommandEnvironment env;
    private final ControllerCommands results;

    Updates(CommandEnvironment env, ControllerCommands results) {
        this.env = env;
        this.results = results;
    }

    int run(List<String> words) {
        if (words.isEmpty()) {
            // Slurm words this one differently from the other keywords' "too few arguments for keyword:X".
            env.err().println("too few arguments for update keyword");
            return 1;
        }
        String first = key(words.get(0));
        com.google.protobuf.Message request;
        try {
            request = switch (first) {
                case "jobid", "job", "jobname" -> job(words);
                case "nodename", "node" -> node(words);
                case "partitionname", "partition" -> partition(words);
                default -> throw new Refused("Invalid input: " + words.get(0));
            };
        } catch (Refused refused) {
            env.err().println(refused.text());
            return 1;
        }
        try (Controller controller = env.controllers().open()) {
            if (request instanceof UpdateJobRequest jobUpdate) {
                return results.reportResults(controller.call(jobUpdate, UpdateJobResponse.class).getResultsList());
            }
            if (request instanceof UpdateNodeRequest) {
                controller.call(request, UpdateNodeResponse.class);
            } else {
                controller.call(request, UpdatePartitionResponse.class);
            }
            return 0;
        } catch (ControllerException failed) {
            env.err().println("slurm_update error: " + failed.getMessage());
            return 1;
        }
    }

    private static String key(String word) {
        int equals = word.indexOf('=');
        return (equals < 0 ? word : word.substring(0, equals)).toLowerCase(Locale.ROOT);
    }

    private static String value(String word) throws Refused {
        int equals = word.indexOf('=');
        if (equals < 0) {
            throw new Refused("Invalid input: " + word);
        }
        return word.substring(equals + 1);
    }

    UpdateJobRequest job(List<String> words) throws Refused {
        UpdateJobRequest.Builder request = UpdateJobRequest.newBuilder();
        for (String word : words) {
            String value = value(word);
            try {
                switch (key(word)) {
                    case "jobid", "job" -> {
                        for (String id : JobIds.split(value)) {
                            request.addTargets(JobIds.target(JobIdSpec.parse(id)));
                        }
                    }
                    case "timelimit" -> request.setTimeLimitMinutes(minutes(parseOr(value,
                            "scontrol: error: Invalid TimeLimit value")));
                    case "timemin" -> request.setTimeMinMinutes(minutes(TimeLimit.parseForJob(value)));
                    case "priority" -> {
                        if (!value.matches("\\d{1,10}")) {
                            throw Refused.lines("scontrol: error: Invalid Priority value: " + value);
                        }
                        request.setPriority(Integer.parseUnsignedInt(value));
                    }
                    case "nice" -> request.setNice(Integer.parseInt(value));
                    case "partition" -> request.setPartition(value);
                    case "name", "jobname" -> request.setName(value);
                    case "qos" -> request.setQos(value);
                    case "account" -> request.setAccount(value);
                    case "comment" -> request.setComment(value);
                    case "dependency" -> request.setDependency(value);
                    case "starttime", "begintime" -> request.setBeginTime(time(value, word));
                    case "deadline" -> request.setDeadline(time(value, word));
                    case "features", "constraint" -> request.setConstraint(value);
                    case "reqnodelist", "nodelist" -> request.setNodelist(Hostlist.parse(value).ranged());
                    case "excnodelist" -> request.setExclude(Hostlist.parse(value).ranged());
                    case "numnodes", "reqnodes" -> {
                        int dash = value.indexOf('-');
                        request.setMinNodes(Integer.parseUnsignedInt(dash < 0 ? value : value.substring(0, dash)));
                        if (dash >= 0) {
                            request.setMaxNodes(Integer.parseUnsignedInt(value.substring(dash + 1)));
                        }
                    }
                    case "numtasks", "reqprocs" -> request.setNtasks(Integer.parseUnsignedInt(value));
                    case "mincpusnode" -> request.setMinCpusPerNode(Integer.parseUnsignedInt(value));
                    case "minmemorynode" -> request.setMemPerNodeMb(MemorySize.parse(value).mebibytes());
                    case "minmemorycpu" -> request.setMemPerCpuMb(MemorySize.parse(value).mebibytes());
                    case "gres", "trespernode" -> request.setGres(value);
                    case "requeue" -> request.setRequeue(!value.equals("0"));
                    case "wckey" -> request.setWckey(value);
                    case "reservation" -> request.setReservation(value);
                    case "arraytaskthrottle" -> request.setArrayMaxRunning(value);
                    case "stdout" -> request.setStdOut(value);
                    case "workdir" -> request.setWorkDir(value);
                    case "licenses" -> request.setLicenses(value);
                    case "cpuspertask" -> request.setCpusPerTask(Integer.parseUnsignedInt(value));
                    default -> throw new Refused("Update of this parameter is not supported: " + word);
                }
            } catch (IllegalArgumentException bad) {
                throw new Refused("Invalid input: " + word);
            }
        }
        if (request.getTargetsCount() == 0) {
            throw new Refused("No job id specified");
        }
        return request.build();
    }

    static UpdateNodeRequest node(List<String> words) throws Refused {
        UpdateNodeRequest.Builder request = UpdateNodeRequest.newBuilder();
        for (String word : words) {
            String value = value(word);
            try {
                switch (key(word)) {
                    case "nodename", "node" -> request.setNodeList(Hostlist.parse(value).ranged());
                    case "state" -> request.setState(nodeState(value, word));
                    case "reason" -> request.setReason(value);
                    case "features", "availablefeatures" -> request.setFeatures(value);
                    case "activefeatures" -> request.setFeaturesActive(value);
                    case "gres" -> request.setGres(value);
                    case "weight" -> request.setWeight(Integer.parseUnsignedInt(value));
                    case "comment" -> request.setComment(value);
                    case "extra" -> request.setExtra(value);
                    case "nodeaddr" -> request.setNodeAddress(value);
                    case "nodehostname" -> request.setNodeHostname(value);
                    default -> throw new Refused("Update of this parameter is not supported: " + word);
                }
            } catch (IllegalArgumentException bad) {
                throw new Refused("Invalid input: " + word);
            }
        }
        UpdateNodeRequest.StateChange state = request.getState();
        if ((state == UpdateNodeRequest.StateChange.DRAIN || state == UpdateNodeRequest.StateChange.DOWN
                || state == UpdateNodeRequest.StateChange.FAIL) && !request.hasReason()) {
            throw new Refused("You must specify a reason when DOWNING or DRAINING a node. Request denied");
        }
        return request.build();
    }

    private static UpdateNodeRequest.StateChange nodeState(String value, String word) throws Refused {
        return switch (value.toUpperCase(Locale.ROOT)) {
            case "RESUME" -> UpdateNodeRequest.StateChange.RESUME;
            case "DRAIN" -> UpdateNodeRequest.StateChange.DRAIN;
            case "UNDRAIN" -> UpdateNodeRequest.StateChange.UNDRAIN;
            case "DOWN" -> UpdateNodeRequest.StateChange.DOWN;
            case "IDLE" -> UpdateNodeRequest.StateChange.IDLE;
            case "FAIL" -> UpdateNodeRequest.StateChange.FAIL;
            case "FUTURE" -> UpdateNodeRequest.StateChange.FUTURE;
            case "NORESP", "NO_RESP" -> UpdateNodeRequest.StateChange.NO_RESP;
            case "POWER_DOWN" -> UpdateNodeRequest.StateChange.POWER_DOWN;
            case "POWER_DOWN_ASAP" -> UpdateNodeRequest.StateChange.POWER_DOWN_ASAP;
            case "POWER_DOWN_FORCE" -> UpdateNodeRequest.StateChange.POWER_DOWN_FORCE;
            case "POWER_UP" -> UpdateNodeRequest.StateChange.POWER_UP;
            case "CANCEL_REBOOT" -> UpdateNodeRequest.StateChange.CANCEL_REBOOT;
            default -> throw Refused.abortedThen("Invalid input: " + word, "Valid states are: NoResp DRAIN FAIL FUTURE"
                    + " RESUME POWER_DOWN POWER_UP UNDRAIN\nNot all states are valid given a node's prior state");
        };
    }

    static UpdatePartitionRequest partition(List<String> words) throws Refused {
        UpdatePartitionRequest.Builder request = UpdatePartitionRequest.newBuilder();
        for (String word : words) {
            String value = value(word);
            try {
                switch (key(word)) {
                    case "partitionname", "partition" -> request.setName(value);
                    case "state" -> request.setState(switch (value.toUpperCase(Locale.ROOT)) {
                        case "UP" -> PartitionState.PARTITION_UP;
                        case "DOWN" -> PartitionState.PARTITION_DOWN;
                        case "DRAIN" -> PartitionState.PARTITION_DRAIN;
                        case "INACTIVE" -> PartitionState.PARTITION_INACTIVE;
                        default -> throw Refused.lines("scontrol: error: Invalid input: " + word
                                + "\nscontrol: error: Acceptable State values are UP, DOWN, DRAIN and INACTIVE");
                    });
                    case "maxtime" -> request.setMaxTimeMinutes(minutes(TimeLimit.parse(value)));
                    case "defaulttime" -> request.setDefaultTimeMinutes(minutes(TimeLimit.parse(value)));
                    case "nodes" -> request.setNodes(value.isEmpty() ? "" : Hostlist.parse(value).ranged());
                    case "default" -> request.setIsDefault(yes(value, word));
                    case "hidden" -> request.setHidden(yes(value, word));
                    case "rootonly" -> request.setRootOnly(yes(value, word));
                    case "maxnodes" -> request.setMaxNodes(count(value));
                    case "minnodes" -> request.setMinNodes(count(value));
                    case "prioritytier" -> request.setPriorityTier(Integer.parseUnsignedInt(value));
                    case "priorityjobfactor" -> request.setPriorityJobFactor(Integer.parseUnsignedInt(value));
                    case "allowaccounts" -> request.setAllowAccounts(value);
                    case "allowgroups" -> request.setAllowGroups(value);
                    case "allowqos" -> request.setAllowQos(value);
                    case "denyaccounts" -> request.setDenyAccounts(value);
                    case "denyqos" -> request.setDenyQos(value);
                    case "oversubscribe" -> request.setOversubscribe(value.toUpperCase(Locale.ROOT));
                    case "gracetime" -> request.setGraceTimeSeconds(Integer.parseUnsignedInt(value));
                    case "qos" -> request.setQos(value);
                    default -> throw new Refused("Update of this parameter is not supported: " + word);
                }
            } catch (IllegalArgumentException bad) {
                throw new Refused("Invalid input: " + word);
            }
        }
        return request.build();
    }

    /** A job's time limit, or Slurm's own refusal of it. */
    private static TimeLimit parseOr(String value, String refusal) throws Refused {
        try {
            return TimeLimit.parseForJob(value);
        } catch (RuntimeException invalid) {
            throw Refused.lines(refusal);
        }
    }

    private static int minutes(TimeLimit limit) {
        return limit.isUnlimited() ? -1 : Math.toIntExact(limit.minutes());
    }

    private static int count(String value) {
        return value.equalsIgnoreCase("UNLIMITED") || value.equalsIgnoreCase("INFINITE") ? -1
                : Integer.parseUnsignedInt(value);
    }

    private static boolean yes(String value, String word) throws Refused {
        return switch (value.toUpperCase(Locale.ROOT)) {
            case "YES" -> true;
            case "NO" -> false;
            default -> throw new Refused("Invalid input: " + word);
        };
    }

    private long time(String value, String word) throws Refused {
        return Timestamps.parse(value, env.zone())
                .map(java.time.Instant::getEpochSecond)
                .orElseThrow(() -> new Refused("Invalid input: " + word));
    }
}
