package io.jslurm.slurmdbd.push;

import io.jslurm.protocol.RpcException;
import io.jslurm.protocol.auth.CredentialSource;
import io.jslurm.protocol.client.RpcClient;
import io.jslurm.protocol.proto.Ack;
import io.jslurm.protocol.proto.DbdAssocChanged;
import io.jslurm.protocol.proto.DbdMessage;
import io.jslurm.protocol.wire.EnvelopeType;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Tells every registered controller that accounting's associations changed, so that a submission right after
 * sacctmgr is checked against the change (Slurm's slurmdbd sends its updates to the registered slurmctld the
 * same way). Each controller answers once it has read the new copy. The wait is bounded: a controller that is
 * down, hung or slow costs sacctmgr at most {@link #timeout}, and the controller's own poll catches up later.
 */
public final class AssocPusher implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(AssocPusher.class);
    /** Long enough for a controller to read a large association tree, short enough not to be felt in sacctmgr. */
    public static final Duration TIMEOUT = Duration.ofSeconds(2);

    private final ControllerRegistry registry;
    private final CredentialSource credentials;
    private final Duration timeout;
    private final ThreadPoolExecutor senders;

    public AssocPusher(ControllerRegistry registry, CredentialSource credentials, Duration timeout) {
        this.registry = registry;
        this.credentials = credentials;
        this.timeout = timeout;
        // Blocking clients, one thread per push in flight; a full queue drops the push (the poll catches up).
        this.senders = new ThreadPoolExecutor(4, 4, 60, TimeUnit.SECONDS, new ArrayBlockingQueue<>(256), r -> {
            Thread t = new Thread(r, "dbd-assoc-push");
            t.setDaemon(true);
            return t;
        });
        senders.allowCoreThreadTimeOut(true);
    }

    /** Completes when every registered controller has taken the change, or after {@link #timeout} at most. */
    public CompletableFuture<Void> changed() {
        List<CompletableFuture<Void>> pushes = new ArrayList<>();
        for (ControllerAddress target : registry.reachable()) {
            try {
                pushes.add(CompletableFuture.runAsync(() -> push(target), senders));
            } catch (RejectedExecutionException busy) {
                log.warn("Too many pushes in flight; the controller of {} learns of this change at its next poll",
                        target);
            }
        }
        if (pushes.isEmpty()) {
            return CompletableFuture.completedFuture(null);
        }
        return CompletableFuture.allOf(pushes.toArray(CompletableFuture[]::new))
                .completeOnTimeout(null, timeout.toMillis(), TimeUnit.MILLISECONDS);
    }

    private void push(ControllerAddress target) {
        long started = System.nanoTime();
        try (RpcClient<DbdMessage> client = RpcClient.connect(EnvelopeType.DBD,
                new InetSocketAddress(target.host(), target.port()), timeout, credentials)) {
            client.call(DbdAssocChanged.newBuilder().setCluster(target.cluster()).build(), Ack.class);
            log.debug("Controller of {} took the change in {} ms", target, (System.nanoTime() - started) / 1_000_000);
        } catch (IOException unreachable) {
            registry.unreachable(target);
            log.warn("Cannot tell the controller of {} about the change ({}); no more pushes to it until it"
                    + " registers again", target, unreachable.toString());
        } catch (RpcException refused) {
            log.warn("The controller of {} did not take the change: {}", target, refused.getMessage());
        }
    }

    @Override
    public void close() {
        senders.shutdownNow();
    }
}
