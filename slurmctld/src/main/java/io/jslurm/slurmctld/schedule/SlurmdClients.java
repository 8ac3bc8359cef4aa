package io.jslurm.slurmctld.schedule;

import com.google.protobuf.Message;
import io.jslurm.protocol.auth.CredentialSource;
import io.jslurm.protocol.client.RpcClient;
import io.jslurm.protocol.proto.NodeMessage;
import io.jslurm.protocol.wire.EnvelopeType;
import io.jslurm.slurmctld.node.NodeView;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.function.IntSupplier;

/**
 * Talks to slurmd over the node envelope, one short connection per request, from a small pool of threads so a
 * slow or dead node never stalls the controller (MessageTimeout bounds each attempt). Messages for one job on one
 * node go one after the other, in the order they were sent ({@link OrderedSends}).
 */
public final class SlurmdClients implements SlurmdChannel {

    private final CredentialSource credentials;
    private final IntSupplier clusterSlurmdPort;
    private final Duration timeout;
    private final java.util.concurrent.ThreadPoolExecutor senders;
    private final OrderedSends ordered;

    public SlurmdClients(CredentialSource credentials, IntSupplier clusterSlurmdPort, Duration timeout, int threads) {
        this.credentials = credentials;
        this.clusterSlurmdPort = clusterSlurmdPort;
        this.timeout = timeout;
        AtomicInteger count = new AtomicInteger();
        this.senders = (java.util.concurrent.ThreadPoolExecutor) Executors.newFixedThreadPool(threads, runnable -> {
            Thread thread = new Thread(runnable, "slurmd-sender-" + count.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        });
        this.ordered = new OrderedSends(senders);
    }

    @Override
    public void send(NodeView node, Message body, Consumer<Exception> onFailure) {
        InetSocketAddress address = new InetSocketAddress(node.config().address(),
                node.slurmdPort(clusterSlurmdPort.getAsInt()));
        ordered.run(orderKey(node.name(), body), () -> {
            try (RpcClient<NodeMessage> client = RpcClient.connect(EnvelopeType.NODE, address, timeout, credentials)) {
                client.call(body);
            } catch (Exception e) {
                onFailure.accept(e);
            }
        });
    }

    /** One job's messages to one node: the same key, so they arrive in order (launch before suspend, ...). */
    private record JobOnNode(String node, long jobId) {
    }

    /**
     * Messages naming a job keep their order per job and node; others (registration answers, pings) need none and
     * get a key of their own, so a slow node never holds back another job's messages.
     */
    static Object orderKey(String node, Message body) {
        var field = body.getDescriptorForType().findFieldByName("job_id");
        if (field == null || field.isRepeated() || field.getJavaType()
                != com.google.protobuf.Descriptors.FieldDescriptor.JavaType.INT) {
            return new Object();
        }
        return new JobOnNode(node, Integer.toUnsignedLong((Integer) body.getField(field)));
    }

    /**
     * Asks the node's slurmd and waits for its answer, on the caller's thread (an RPC worker answering a command
     * that needs the node's answer, as sstat does); MessageTimeout bounds it.
     */
    public <R extends Message> R ask(NodeView node, Message body, Class<R> answer)
            throws java.io.IOException, io.jslurm.protocol.RpcException {
        InetSocketAddress address = new InetSocketAddress(node.config().address(),
                node.slurmdPort(clusterSlurmdPort.getAsInt()));
        try (RpcClient<NodeMessage> client = RpcClient.connect(EnvelopeType.NODE, address, timeout, credentials)) {
            return client.call(body, answer);
        }
    }

    /** Messages waiting for a sender (sdiag's agent queue size). */
    public int queued() {
        return senders.getQueue().size();
    }

    /** Senders talking to a slurmd now (sdiag's agent count). */
    public int active() {
        return senders.getActiveCount();
    }

    @Override
    public void close() {
        senders.shutdown();
        try {
            senders.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
