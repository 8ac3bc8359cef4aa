package io.jslurm.slurmd.daemon;

import io.jslurm.protocol.ErrorCode;
import io.jslurm.protocol.RpcException;
import io.jslurm.protocol.proto.Ack;
import io.jslurm.protocol.proto.JobComplete;
import io.jslurm.protocol.proto.NodeHeartbeat;
import io.jslurm.protocol.proto.NodeRegistration;
import java.io.IOException;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Everything slurmd tells the controller, from one thread: registration at start (and again after
 * the controller was unreachable, since it may have restarted), heartbeats, and the completions of
 * the durable queue, each removed only once acknowledged. While the controller cannot be reached
 * attempts are spaced by the back-off; nothing is dropped.
 */
final class ControllerReporter implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(ControllerReporter.class);

    private final ControllerLink link;
    private final CompletionQueue queue;
    private final Supplier<NodeRegistration> registration;
    private final Supplier<NodeHeartbeat> heartbeat;
    private final Backoff backoff;
    private final Duration heartbeatInterval;
    private final ScheduledExecutorService thread;
    private boolean registered;
    private int failures;
    private ScheduledFuture<?> retry;
    private long lastHeartbeatNanos;

    ControllerReporter(ControllerLink link, CompletionQueue queue, Supplier<NodeRegistration> registration,
                       Supplier<NodeHeartbeat> heartbeat, Backoff backoff, Duration heartbeatInterval) {
        this.link = Objects.requireNonNull(link, "link");
        this.queue = Objects.requireNonNull(queue, "queue");
        this.registration = Objects.requireNonNull(registration, "registration");
        this.heartbeat = Objects.requireNonNull(heartbeat, "heartbeat");
        this.backoff = Objects.requireNonNull(backoff, "backoff");
        this.heartbeatInterval = Objects.requireNonNull(heartbeatInterval, "heartbeatInterval");
        this.thread = Executors.newSingleThreadScheduledExecutor(runnable -> {
            Thread t = new Thread(runnable, "slurmd-controller");
            t.setDaemon(true);
            return t;
        });
    }

    void start() {
        started = true;
        thread.execute(this::work);
        thread.scheduleWithFixedDelay(this::heartbeatIfDue, heartbeatInterval.toMillis(),
                heartbeatInterval.toMillis(), TimeUnit.MILLISECONDS);
    }

    /**
     * Set once slurmd serves: a job taken back at start may end before that, and registering then would have the
     * controller answer the completion with an end request nobody listens for yet.
     */
    private volatile boolean started;

    /** A completion was queued: deliver it now unless the controller is known to be away (or not started). */
    void nudge() {
        if (!started) {
            return; // start() delivers what was queued
        }
        thread.execute(() -> {
            if (retry == null || retry.isDone()) {
                work();
            }
        });
    }

    /** Registers if needed, then delivers every queued completion; on failure, tries again later. */
    private void work() {
        try {
            if (!registered) {
                register();
            }
            deliverCompletions();
            failures = 0;
        } catch (IOException | RpcException e) {
            registered = false;
            failures++;
            Duration wait = backoff.after(failures);
            LOG.warn("controller unreachable ({}); attempt {} again in {} ms", e.getMessage(), failures, wait.toMillis());
            if (retry != null) {
                retry.cancel(false);
            }
            retry = thread.schedule(this::work, wait.toMillis(), TimeUnit.MILLISECONDS);
        } catch (RuntimeException e) {
            LOG.error("reporting to the controller failed", e);
        }
    }

    private void register() throws IOException, RpcException {
        NodeRegistration message = registration.get();
        link.call(message);
        registered = true;
        lastHeartbeatNanos = System.nanoTime();
        LOG.info("registered with the controller: CPUs={} RealMemory={} GPUs={} running jobs={}",
                message.getHardware().getCpus(), message.getHardware().getRealMemoryMb(), message.getGpusCount(),
                message.getRunningJobsCount());
    }

    private void deliverCompletions() throws IOException, RpcException {
        List<JobComplete> pending = queue.pending();
        for (JobComplete completion : pending) {
            long jobId = Integer.toUnsignedLong(completion.getJobId());
            boolean accepted;
            try {
                if (!(link.call(completion) instanceof Ack)) {
                    LOG.warn("job {}: the controller answered its completion with something else than Ack", jobId);
                }
                accepted = true;
            } catch (RpcException e) {
                if (notDecided(e)) {
                    throw e;
                }
                // The controller read it and decided (e.g. an unknown or already finished job):
                // sending it again would get the same answer.
                LOG.warn("job {}: the controller refused its completion: {}", jobId, e.getMessage());
                accepted = false;
            }
            queue.acknowledge(completion);
            // Logged once it is recorded as acknowledged: a slurmd killed after this line does not send it again.
            if (accepted) {
                LOG.info("job {}{}: completion delivered ({} ExitCode={}:{})", jobId,
                        completion.hasStepId() ? "." + Integer.toUnsignedString(completion.getStepId()) : "",
                        completion.getState(), completion.getExitCode(), completion.getTermSignal());
            }
        }
    }

    /**
     * An error of the protocol layer (authentication, access, version, a busy or failing server)
     * says nothing about the completion: it is kept and sent again.
     */
    private static boolean notDecided(RpcException e) {
        return Arrays.stream(ErrorCode.values()).anyMatch(code -> code.code() == e.errorCode());
    }

    private void heartbeatIfDue() {
        if (!registered || (retry != null && !retry.isDone())) {
            return;
        }
        if (System.nanoTime() - lastHeartbeatNanos < heartbeatInterval.toNanos() / 2) {
            return;
        }
        try {
            link.call(heartbeat.get());
            lastHeartbeatNanos = System.nanoTime();
        } catch (IOException | RpcException e) {
            // A controller that restarted without its node table, or another controller taking over,
            // answers with an error: registering again tells it everything a heartbeat would.
            LOG.warn("heartbeat failed: {}; registering again", e.getMessage());
            registered = false;
            work();
        }
    }

    @Override
    public void close() {
        thread.shutdownNow();
        try {
            thread.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        link.close();
    }
}
