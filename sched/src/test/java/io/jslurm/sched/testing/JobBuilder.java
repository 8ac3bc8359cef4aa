package io.jslurm.sched.testing;

import io.jslurm.sched.model.Constraint;
import io.jslurm.sched.model.Eligibility;
import io.jslurm.sched.model.GpuRequest;
import io.jslurm.sched.model.MemoryRequest;
import io.jslurm.sched.model.PendingJob;
import io.jslurm.sched.model.ResourceRequest;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;

/** Reads as an sbatch line: {@code job(7).partition("gpu").nodes(4).gpusPerNode(8).time(hours(2)).priority(100)}. */
public final class JobBuilder {

    public static final Instant SUBMIT = Instant.parse("2026-01-01T00:00:00Z");

    private final long id;
    private int user = 1000;
    private final List<String> partitions = new ArrayList<>();
    private long priority = 1;
    private Instant submit = SUBMIT;
    private Optional<Duration> timeLimit = Optional.of(Duration.ofHours(1));
    private int minNodes = 1;
    private int maxNodes = 1;
    private Integer ntasks;
    private OptionalInt ntasksPerNode = OptionalInt.empty();
    private int cpusPerTask = 1;
    private MemoryRequest memory = new MemoryRequest.PerNode(1024);
    private GpuRequest gpus = GpuRequest.NONE;
    private int cpusPerGpu;
    private boolean exclusive;
    private Set<String> required = Set.of();
    private Set<String> excluded = Set.of();
    private Constraint constraint = Constraint.NONE;
    private boolean contiguous;
    private boolean oversubscribe;
    private Eligibility eligibility = Eligibility.READY;

    private JobBuilder(long id) {
        this.id = id;
    }

    /** One task, one CPU, 1 GiB, one hour, partition "batch" unless told otherwise. */
    private java.util.Optional<io.jslurm.sched.limits.LimitedJob> limits = java.util.Optional.empty();

    public static JobBuilder job(long id) {
        return new JobBuilder(id);
    }

    public static Duration hours(long count) {
        return Duration.ofHours(count);
    }

    public static Duration minutes(long count) {
        return Duration.ofMinutes(count);
    }

    public JobBuilder partition(String... names) {
        partitions.addAll(List.of(names));
        return this;
    }

    public JobBuilder user(int uid) {
        user = uid;
        return this;
    }

    public JobBuilder priority(long value) {
        priority = value;
        return this;
    }

    public JobBuilder submitted(Instant at) {
        submit = at;
        return this;
    }

    public JobBuilder time(Duration limit) {
        timeLimit = Optional.of(limit);
        return this;
    }

    public JobBuilder noTimeLimit() {
        timeLimit = Optional.empty();
        return this;
    }

    public JobBuilder nodes(int count) {
        return nodes(count, count);
    }

    public JobBuilder nodes(int min, int max) {
        minNodes = min;
        maxNodes = max;
        return this;
    }

    public JobBuilder ntasks(int count) {
        ntasks = count;
        return this;
    }

    public JobBuilder ntasksPerNode(int count) {
        ntasksPerNode = OptionalInt.of(count);
        return this;
    }

    public JobBuilder cpusPerTask(int count) {
        cpusPerTask = count;
        return this;
    }

    public JobBuilder memMiB(long mib) {
        memory = new MemoryRequest.PerNode(mib);
        return this;
    }

    public JobBuilder memGiB(long gib) {
        return memMiB(gib * 1024);
    }

    public JobBuilder memPerCpuMiB(long mib) {
        memory = new MemoryRequest.PerCpu(mib);
        return this;
    }

    public JobBuilder memPerGpuMiB(long mib) {
        memory = new MemoryRequest.PerGpu(mib);
        return this;
    }

    public JobBuilder defaultMemory() {
        memory = MemoryRequest.DEFAULT;
        return this;
    }

    public JobBuilder gpus(int count) {
        gpus = new GpuRequest.Total(count, "");
        return this;
    }

    public JobBuilder gpusPerNode(int count) {
        return gpusPerNode(count, "");
    }

    public JobBuilder gpusPerNode(int count, String type) {
        gpus = new GpuRequest.PerNode(count, type);
        return this;
    }

    public JobBuilder gpusPerTask(int count) {
        gpus = new GpuRequest.PerTask(count, "");
        return this;
    }

    public JobBuilder cpusPerGpu(int count) {
        cpusPerGpu = count;
        return this;
    }

    public JobBuilder exclusive() {
        exclusive = true;
        return this;
    }

    public JobBuilder nodelist(String... names) {
        required = Set.of(names);
        return this;
    }

    public JobBuilder exclude(String... names) {
        excluded = Set.of(names);
        return this;
    }

    public JobBuilder constraint(Constraint value) {
        constraint = value;
        return this;
    }

    public JobBuilder oversubscribe() {
        oversubscribe = true;
        return this;
    }

    public JobBuilder contiguous() {
        contiguous = true;
        return this;
    }

    public JobBuilder eligibility(Eligibility value) {
        eligibility = value;
        return this;
    }

    public ResourceRequest request() {
        int tasks = ntasks != null ? ntasks
                : ntasksPerNode.isPresent() ? ntasksPerNode.getAsInt() * minNodes : minNodes;
        return new ResourceRequest(minNodes, maxNodes, tasks, ntasksPerNode, cpusPerTask, memory, gpus, cpusPerGpu,
                exclusive, required, excluded, constraint, contiguous, oversubscribe);
    }

    public JobBuilder limits(io.jslurm.sched.limits.LimitedJob value) {
        limits = java.util.Optional.of(value);
        return this;
    }

    private Optional<String> reservation = Optional.empty();

    /** --reservation. */
    public JobBuilder reservation(String name) {
        reservation = Optional.of(name);
        return this;
    }

    public PendingJob build() {
        List<String> names = partitions.isEmpty() ? List.of("batch") : partitions;
        return new PendingJob(id, user, names, priority, submit, timeLimit, request(), eligibility, limits,
                reservation);
    }
}
