package io.jslurm.slurmd.pmi;

import io.jslurm.protocol.stepio.PmiNameReply;
import io.jslurm.protocol.stepio.PmiNameRequest;
import io.jslurm.protocol.stepio.PmiNameRequest.Op;
import io.jslurm.protocol.stepio.StepIoFrame;
import java.io.IOException;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * The step's name service as a node sees it: each call goes to srun over the step's I/O connection and waits for
 * its answer, so names published on one node are found on every other.
 */
public final class SrunNames implements PmiNames {

    /** srun answers at once; a longer wait means it is gone. */
    private static final Duration PATIENCE = Duration.ofSeconds(60);

    private final Consumer<StepIoFrame> toSrun;
    private final AtomicInteger ids = new AtomicInteger();
    private final Map<Integer, CompletableFuture<PmiNameReply>> waiting = new ConcurrentHashMap<>();

    /** @param toSrun sends a frame on the step's connection to srun */
    public SrunNames(Consumer<StepIoFrame> toSrun) {
        this.toSrun = Objects.requireNonNull(toSrun, "toSrun");
    }

    @Override
    public boolean publish(String service, String port) throws IOException {
        return ask(Op.PUBLISH, service, port).ok();
    }

    @Override
    public boolean unpublish(String service) throws IOException {
        return ask(Op.UNPUBLISH, service, "").ok();
    }

    @Override
    public Optional<String> lookup(String service) throws IOException {
        PmiNameReply reply = ask(Op.LOOKUP, service, "");
        return reply.ok() ? Optional.of(reply.port()) : Optional.empty();
    }

    /** srun's {@link StepIoFrame.Kind#PMI_NAME_REPLY}. */
    public void replied(PmiNameReply reply) {
        CompletableFuture<PmiNameReply> waiter = waiting.remove(reply.id());
        if (waiter != null) {
            waiter.complete(reply);
        }
    }

    /** The connection to srun closed: nobody will answer. */
    public void close() {
        waiting.values().forEach(waiter -> waiter.completeExceptionally(new IOException("srun is gone")));
        waiting.clear();
    }

    private PmiNameReply ask(Op op, String service, String port) throws IOException {
        int id = ids.incrementAndGet();
        CompletableFuture<PmiNameReply> reply = new CompletableFuture<>();
        waiting.put(id, reply);
        toSrun.accept(new StepIoFrame(StepIoFrame.Kind.PMI_NAME, -1, new PmiNameRequest(id, op, service, port)
                .encode()));
        try {
            return reply.get(PATIENCE.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted waiting for srun", e);
        } catch (ExecutionException | TimeoutException e) {
            throw new IOException("no answer from srun to a PMI name " + op.name().toLowerCase(), e);
        } finally {
            waiting.remove(id);
        }
    }
}
