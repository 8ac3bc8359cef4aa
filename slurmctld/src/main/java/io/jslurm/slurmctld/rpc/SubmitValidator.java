package io.jslurm.slurmctld.rpc;

import io.jslurm.common.hostlist.Hostlist;
import io.jslurm.common.jobid.ArraySpec;
import io.jslurm.common.time.TimeLimit;
import io.jslurm.conf.slurm.PartitionConfig;
import io.jslurm.conf.slurm.PartitionState;
import io.jslurm.protocol.RpcException;
import io.jslurm.protocol.auth.Identity;
import io.jslurm.protocol.proto.JobDescription;
import io.jslurm.slurmctld.assoc.AccountingData;
import io.jslurm.slurmctld.assoc.JobAccounts;
import io.jslurm.slurmctld.config.ClusterConfig;
import io.jslurm.slurmctld.job.GresRequest;
import io.jslurm.slurmctld.job.JobSpec;
import io.jslurm.slurmctld.job.MemoryRequest;
import io.jslurm.slurmctld.job.ResourceRequest;
import io.jslurm.slurmctld.node.NodeTable;
import io.jslurm.common.dependency.Dependency;
import io.jslurm.common.dependency.DependencyCondition;
import io.jslurm.common.gres.Gres;
import io.jslurm.common.gres.GresSpec;
import io.jslurm.common.signal.SignalSpec;
import io.jslurm.slurmctld.schedule.SchedModel;
import io.jslurm.slurmctld.state.JobStore;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;

/**
 * Turns a submitted {@link JobDescription} into a {@link JobSpec}, refusing with Slurm's error what can never
 * run here: unknown or closed partitions, groups and accounts a partition does not allow, limits beyond the
 * partition's (when EnforcePartLimits says so), shapes no node of the partition could hold even when empty.
 */
public final class SubmitValidator {

    /** Slurm's {@code INFINITE} for 32-bit minute fields. */
    static final int UNLIMITED_MINUTES = -1;

    private final Supplier<ClusterConfig> config;
    private final NodeTable nodes;
    private final JobStore store;
    private final UserGroups groups;
    private final Callers callers;
    private final JobAccounts accounts;
    private final SubmitFits fits;
    private final io.jslurm.slurmctld.resv.ReservationLookup reservations;

    public SubmitValidator(Supplier<ClusterConfig> config, NodeTable nodes, JobStore store, UserGroups groups,
                           Callers callers) {
        this(config, nodes, store, groups, callers, new JobAccounts(() -> AccountingData.EMPTY, Set::of));
    }

    /** With accounting: the default account and QOS filled in and checked, submit limits applied. */
    public SubmitValidator(Supplier<ClusterConfig> config, NodeTable nodes, JobStore store, UserGroups groups,
                           Callers callers, JobAccounts accounts) {
        this(config, nodes, store, groups, callers, accounts, name -> Optional.empty());
    }

    /** With advance reservations: --reservation must name one that admits the job's user and account. */
    public SubmitValidator(Supplier<ClusterConfig> config, NodeTable nodes, JobStore store, UserGroups groups,
                           Callers callers, JobAccounts accounts,
                           io.jslurm.slurmctld.resv.ReservationLookup reservations) {
        this.reservations = reservations;
        this.config = config;
        this.nodes = nodes;
        this.store = store;
        this.groups = groups;
        this.callers = callers;
        this.accounts = accounts;
        this.fits = new SubmitFits(config, nodes);
    }

    public ClusterConfig config() {
        return config.get();
    }

    /** A pending job's new account or QOS, checked against accounting as at submit. */
    public JobSpec recheckAccounts(JobSpec updated) throws RpcException {
        return accounts.recheck(updated);
    }

    /** A job ready for the store, with its array when it is one. */
    public record Accepted(JobSpec spec, Optional<ArraySpec> array) {
    }

    public Accepted validate(JobDescription d, Identity caller) throws RpcException {
        ClusterConfig cfg = config.get();
        long uid = d.getUserName().isEmpty() && d.getUid() == 0 ? caller.uid() : Integer.toUnsignedLong(d.getUid());
        long gid = d.getUserName().isEmpty() && d.getUid() == 0 ? caller.gid() : Integer.toUnsignedLong(d.getGid());
        if (uid != caller.uid() && !callers.privileged(caller)) {
            throw SlurmError.ACCESS_DENIED.exception("cannot submit as uid " + uid);
        }
        if (d.getScript().isEmpty()) {
            throw SlurmError.SCRIPT_MISSING.exception();
        }
        String user = d.getUserName().isEmpty() ? Long.toString(uid) : d.getUserName();
        List<PartitionConfig> partitions = partitions(cfg, d.getPartition());
        ResourceRequest resources = resources(d);
        Optional<ArraySpec> array = array(d.getArray(), cfg);
        // Each task of an array counts as a job against the submit limits.
        int jobs = array.map(a -> a.taskIds().size()).orElse(1);
        JobSpec spec = accounts.resolve(spec(d, user, uid, gid, partitions, resources),
                () -> store.query(job -> !job.state().isFinished()).stream().map(job -> job.spec()).toList(),
                jobs, partitions.get(0).maxTime());
        boolean enforce = enforcePartLimits(cfg);
        List<RpcException> problems = new ArrayList<>();
        List<PartitionConfig> usable = new ArrayList<>();
        for (PartitionConfig p : partitions) {
            try {
                checkPartition(p, spec, caller, enforce);
                usable.add(p);
            } catch (RpcException e) {
                problems.add(e);
            }
        }
        if (usable.isEmpty()) {
            throw problems.get(0);
        }
        checkReservation(spec, caller);
        checkNodes(spec);
        checkFits(spec, usable);
        checkDependency(spec.dependency());
        return new Accepted(spec, array);
    }

    /**
     * Whether validating this submission may wait on something outside the controller: a partition restricted by
     * AllowGroups asks NSS for the user's groups (a process), which must not happen on an event loop.
     */
    public boolean mayWait(JobDescription d) {
        ClusterConfig cfg = config.get();
        String requested = d.getPartition();
        if (requested.isBlank()) {
            return cfg.slurm().defaultPartition().map(p -> !allowsAll(p.allowGroups())).orElse(false);
        }
        // Once per submission on the event loop: a loop, not a stream; unknown names are refused by validate.
        for (String name : requested.split(",")) {
            Optional<PartitionConfig> partition = cfg.partition(name.strip());
            if (partition.isPresent() && !allowsAll(partition.get().allowGroups())) {
                return true;
            }
        }
        return false;
    }

    private static List<PartitionConfig> partitions(ClusterConfig cfg, String requested) throws RpcException {
        if (requested.isBlank()) {
            return List.of(cfg.slurm().defaultPartition().orElseThrow(SlurmError.DEFAULT_PARTITION_NOT_SET::exception));
        }
        List<PartitionConfig> found = new ArrayList<>();
        for (String name : requested.split(",")) {
            found.add(cfg.partition(name.strip()).orElseThrow(() ->
                    SlurmError.INVALID_PARTITION_NAME.exception(name.strip())));
        }
        return found;
    }

    /** Slurm refuses a job naming a reservation that does not exist or does not admit it; root and SlurmUser may use any. */
    private void checkReservation(JobSpec spec, Identity caller) throws RpcException {
        if (spec.reservation().isEmpty()) {
            return;
        }
        var found = reservations.find(spec.reservation())
                .orElseThrow(SlurmError.RESERVATION_INVALID::exception);
        if (!callers.privileged(caller) && !found.admits(spec.user(), spec.account())) {
            throw SlurmError.RESERVATION_ACCESS.exception();
        }
    }

    private static boolean enforcePartLimits(ClusterConfig cfg) {
        String value = cfg.setting("EnforcePartLimits", "NO").toUpperCase(Locale.ROOT);
        return !value.equals("NO");
    }

    private void checkPartition(PartitionConfig p, JobSpec spec, Identity caller, boolean enforce)
            throws RpcException {
        if (p.state() == PartitionState.INACTIVE || p.state() == PartitionState.DRAIN) {
            throw SlurmError.PARTITION_NOT_AVAILABLE.exception(p.name());
        }
        boolean privileged = callers.privileged(caller);
        if (!privileged && !allowsAll(p.allowGroups())
                && groups.groupsOf(spec.user()).stream().noneMatch(p.allowGroups()::contains)) {
            // sbatch prints Slurm's text alone; the partition and user go to the controller's log.
            org.slf4j.LoggerFactory.getLogger(SubmitValidator.class).info(
                    "Rejected job of user {}: not in AllowGroups of partition {}", spec.user(), p.name());
            throw SlurmError.PARTITION_GROUP.exception();
        }
        if (!allowsAll(p.allowAccounts()) && !p.allowAccounts().contains(spec.account())) {
            throw SlurmError.INVALID_ACCOUNT.exception("account '" + spec.account() + "' in partition " + p.name());
        }
        if (p.denyAccounts().contains(spec.account())) {
            throw SlurmError.INVALID_ACCOUNT.exception("account '" + spec.account() + "' in partition " + p.name());
        }
        ResourceRequest r = spec.resources();
        Optional<TimeLimit> time = r.timeLimit();
        if (time.isPresent() && r.timeMin().isPresent() && r.timeMin().get().compareTo(time.get()) > 0) {
            throw SlurmError.INVALID_TIME_LIMIT.exception("--time-min exceeds --time");
        }
        if (enforce && !privileged) {
            if (time.isPresent() && time.get().compareTo(p.maxTime()) > 0) {
                throw SlurmError.INVALID_TIME_LIMIT.exception("partition " + p.name() + " MaxTime is "
                        + p.maxTime());
            }
            if (p.maxNodes().isPresent() && r.minNodes() > p.maxNodes().getAsInt()) {
                throw SlurmError.INVALID_NODE_COUNT.exception("partition " + p.name() + " MaxNodes is "
                        + p.maxNodes().getAsInt());
            }
            if (r.minNodes() > p.nodes().size()) {
                throw SlurmError.INVALID_NODE_COUNT.exception("partition " + p.name() + " has "
                        + p.nodes().size() + " nodes");
            }
        }
    }

    private static boolean allowsAll(List<String> allowed) {
        // Twice per submission on the event loop: a loop, not a stream (a stream was five objects each time).
        for (String name : allowed) {
            if (name.equalsIgnoreCase("ALL")) {
                return true;
            }
        }
        return allowed.isEmpty();
    }

    private void checkNodes(JobSpec spec) throws RpcException {
        for (String hostlist : List.of(spec.nodeList(), spec.exclude())) {
            if (hostlist.isBlank()) {
                continue;
            }
            List<String> names;
            try {
                names = Hostlist.parse(hostlist).hosts();
            } catch (RuntimeException e) {
                throw SlurmError.INVALID_NODE_NAME.exception(hostlist);
            }
            for (String name : names) {
                if (nodes.get(name).isEmpty()) {
                    throw SlurmError.INVALID_NODE_NAME.exception(name);
                }
            }
        }
    }

    /** Whether the job could run in at least one partition if every node there were up and empty. */
    private void checkFits(JobSpec spec, List<PartitionConfig> partitions) throws RpcException {
        SubmitFits.Outcome outcome = fits.check(SchedModel.request(spec), partitions);
        if (outcome.fits()) {
            return;
        }
        if (outcome.notInPartition()) {
            throw SlurmError.NODES_NOT_IN_PARTITION.exception(outcome.detail());
        }
        throw SlurmError.NODE_CONFIG_UNAVAILABLE.exception();
    }

    private void checkDependency(String text) throws RpcException {
        if (text.isBlank()) {
            return;
        }
        Dependency dependency;
        try {
            dependency = Dependency.parse(text);
        } catch (IllegalArgumentException e) {
            throw SlurmError.DEPENDENCY.exception(e.getMessage());
        }
        for (DependencyCondition condition : dependency.conditions()) {
            if (condition.job().isPresent() && store.find(condition.job().get()).isEmpty()
                    && store.get(condition.job().get().jobId()).isEmpty()) {
                throw SlurmError.DEPENDENCY.exception("job " + condition.job().get() + " is unknown");
            }
        }
    }

    private static Optional<ArraySpec> array(String text, ClusterConfig cfg) throws RpcException {
        if (text.isBlank()) {
            return Optional.empty();
        }
        try {
            ArraySpec array = ArraySpec.parse(text);
            if (array.maxTaskId() >= cfg.slurm().limits().maxArraySize()) {
                throw SlurmError.INVALID_ARRAY.exception("task ids must be below MaxArraySize="
                        + cfg.slurm().limits().maxArraySize());
            }
            return Optional.of(array);
        } catch (IllegalArgumentException e) {
            throw SlurmError.INVALID_ARRAY.exception(e.getMessage());
        }
    }

    private static ResourceRequest resources(JobDescription d) throws RpcException {
        List<GresRequest> gres = new ArrayList<>();
        try {
            if (!d.getGres().isBlank()) {
                add(gres, GresSpec.parseRequest(d.getGres()), GresRequest.Per.NODE);
            }
            if (!d.getGpus().isBlank()) {
                add(gres, GresSpec.parseGpus(d.getGpus()), GresRequest.Per.JOB);
            }
            if (!d.getGpusPerNode().isBlank()) {
                add(gres, GresSpec.parseGpus(d.getGpusPerNode()), GresRequest.Per.NODE);
            }
            if (!d.getGpusPerTask().isBlank()) {
                add(gres, GresSpec.parseGpus(d.getGpusPerTask()), GresRequest.Per.TASK);
            }
        } catch (IllegalArgumentException e) {
            throw SlurmError.NODE_CONFIG_UNAVAILABLE.exception(e.getMessage());
        }
        MemoryRequest memory = switch (d.getMemoryCase()) {
            case MEM_PER_NODE_MB -> MemoryRequest.perNode(d.getMemPerNodeMb());
            case MEM_PER_CPU_MB -> MemoryRequest.perCpu(d.getMemPerCpuMb());
            case MEM_PER_GPU_MB -> MemoryRequest.perGpu(d.getMemPerGpuMb());
            case MEMORY_NOT_SET -> MemoryRequest.NONE;
        };
        int minNodes = d.hasMinNodes() ? d.getMinNodes() : 0;
        int maxNodes = d.hasMaxNodes() ? d.getMaxNodes() : minNodes;
        if (minNodes < 0 || maxNodes < 0 || (maxNodes != 0 && maxNodes < minNodes)) {
            throw SlurmError.INVALID_NODE_COUNT.exception();
        }
        try {
            return new ResourceRequest(minNodes, maxNodes, d.hasNtasks() ? d.getNtasks() : 0,
                    d.hasNtasksPerNode() ? d.getNtasksPerNode() : 0, d.hasCpusPerTask() ? d.getCpusPerTask() : 0,
                    memory, gres, minutes(d.hasTimeLimitMinutes(), d.getTimeLimitMinutes()),
                    minutes(d.hasTimeMinMinutes(), d.getTimeMinMinutes()),
                    d.hasCpusPerGpu() ? d.getCpusPerGpu() : 0, d.getContiguous());
        } catch (IllegalArgumentException e) {
            throw SlurmError.NODE_CONFIG_UNAVAILABLE.exception(e.getMessage());
        }
    }

    private static void add(List<GresRequest> to, GresSpec spec, GresRequest.Per per) {
        for (Gres g : spec.entries()) {
            to.add(new GresRequest(g.name(), g.type().orElse(""), g.count(), per));
        }
    }

    /** A job's --signal as sbatch sent it, in Slurm's text form for the job record. */
    static String signalText(io.jslurm.protocol.proto.WarningSignal signal) {
        if (signal.getSignal() == 0) {
            return "";
        }
        int delay = signal.getSecondsBeforeEnd() == 0 ? SignalSpec.DEFAULT_DELAY : signal.getSecondsBeforeEnd();
        return new SignalSpec(new io.jslurm.common.signal.Signal(signal.getSignal()), delay,
                signal.getBatchShellOnly(), signal.getOnReservationEnd()).toString();
    }

    /** A job's minutes field: absent is "partition default", 0 and INFINITE are UNLIMITED, as in Slurm. */
    static Optional<TimeLimit> minutes(boolean present, int minutes) {
        if (!present) {
            return Optional.empty();
        }
        return Optional.of(minutes == 0 || minutes == UNLIMITED_MINUTES ? TimeLimit.UNLIMITED
                : TimeLimit.ofMinutes(Integer.toUnsignedLong(minutes)));
    }

    private static io.jslurm.slurmctld.job.OpenMode openMode(io.jslurm.protocol.proto.OpenMode mode) {
        return switch (mode) {
            case OPEN_MODE_APPEND -> io.jslurm.slurmctld.job.OpenMode.APPEND;
            case OPEN_MODE_TRUNCATE -> io.jslurm.slurmctld.job.OpenMode.TRUNCATE;
            default -> io.jslurm.slurmctld.job.OpenMode.UNSPECIFIED;
        };
    }

    private JobSpec spec(JobDescription d, String user, long uid, long gid, List<PartitionConfig> partitions,
                         ResourceRequest resources) {
        List<String> environment = new ArrayList<>();
        io.jslurm.protocol.EnvironmentVariables.toMap(d.getEnvironmentList()).forEach((key, value) -> environment.add(key + "=" + value));
        environment.sort(null);
        // Most submissions name one partition (or take the default): its name needs no stream and no join.
        String partition = partitions.size() == 1 ? partitions.get(0).name()
                : String.join(",", partitions.stream().map(PartitionConfig::name).toList());
        boolean requeue = d.hasRequeue() ? d.getRequeue() : config.get().jobRequeueDefault();
        return JobSpec.builder(user, (int) uid, (int) gid)
                .name(d.getName().isEmpty() ? "sbatch" : d.getName())
                .account(d.getAccount())
                .partition(partition)
                .qos(d.getQos())
                .resources(resources)
                // One char per byte: scripts need not be UTF-8 and must reach slurmd unchanged.
                .script(d.getScript().toString(StandardCharsets.ISO_8859_1))
                .environment(environment)
                .workDir(d.getWorkDir())
                .stdIn(d.getStdIn())
                .stdOut(d.getStdOut())
                .stdErr(d.getStdErr())
                .dependency(d.getDependency())
                .beginTime(Math.max(0, d.getBeginTime()))
                .nice(d.hasNice() ? d.getNice() : 0)
                .comment(d.getComment())
                .signal(signalText(d.getSignal()))
                .requeue(requeue)
                .exclusive(d.getExclusiveValue() != 0).oversubscribe(d.getOversubscribe())
                .nodeList(d.getNodelist())
                .exclude(d.getExclude())
                .constraint(d.getConstraint())
                .openMode(openMode(d.getOpenMode()))
                .hold(d.getHold())
                .allocNode(d.getSubmitHost()).allocSid(d.getAllocSid())
                .argv(d.getArgvList())
                .scriptPath(d.getScriptPath())
                .reservation(d.getReservation())
                .build();
    }
}
