package io.jslurm.slurmd.daemon;

import io.jslurm.protocol.RpcException;
import io.jslurm.protocol.auth.CredentialSource;
import io.jslurm.protocol.client.RpcClient;
import io.jslurm.protocol.proto.ClientMessage;
import io.jslurm.protocol.proto.JobControlRequest;
import io.jslurm.protocol.proto.JobTarget;
import io.jslurm.protocol.proto.UpdateNodeRequest;
import io.jslurm.protocol.wire.EnvelopeType;
import io.jslurm.slurmd.prolog.HookFailures;
import io.jslurm.slurmd.prolog.JobHookContext;
import io.jslurm.slurmd.prolog.ScriptResult;
import com.google.protobuf.Message;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Tells the controller what a failed Prolog or Epilog means, with the requests an administrator
 * would send (slurmd signs as root): the node is drained with Slurm's reason, and a job whose
 * prolog failed is requeued and held, so it starts again elsewhere only once released.
 */
final class NodeHookFailures implements HookFailures {
    private static final Logger LOG = LoggerFactory.getLogger(NodeHookFailures.class);
    static final String PROLOG_REASON = "Prolog error";
    static final String EPILOG_REASON = "Epilog error";
    private static final int ATTEMPTS = 5;
    private static final Duration RETRY = Duration.ofSeconds(1);

    private final String nodeName;
    private final List<InetSocketAddress> controllers;
    private final Duration timeout;
    private final CredentialSource credentials;

    NodeHookFailures(String nodeName, List<InetSocketAddress> controllers, Duration timeout,
                     CredentialSource credentials) {
        this.nodeName = Objects.requireNonNull(nodeName, "nodeName");
        this.controllers = List.copyOf(controllers);
        this.timeout = Objects.requireNonNull(timeout, "timeout");
        this.credentials = Objects.requireNonNull(credentials, "credentials");
    }

    @Override
    public void prologFailed(JobHookContext job, ScriptResult result) {
        // Drained first, so the scheduler does not pick this node again for the requeued job.
        drain(PROLOG_REASON);
        send(JobControlRequest.newBuilder().setAction(JobControlRequest.Action.REQUEUE_HOLD)
                .addTargets(JobTarget.newBuilder().setJobId((int) job.jobId())).build(),
                "requeue held job " + job.jobId());
    }

    @Override
    public void epilogFailed(JobHookContext job, ScriptResult result) {
        drain(EPILOG_REASON);
    }

    private void drain(String reason) {
        send(UpdateNodeRequest.newBuilder().setNodeList(nodeName).setState(UpdateNodeRequest.StateChange.DRAIN)
                .setReason(reason).build(), "drain " + nodeName + " (" + reason + ")");
    }

    private void send(Message request, String what) {
        for (int attempt = 1; attempt <= ATTEMPTS; attempt++) {
            for (InetSocketAddress controller : controllers) {
                try (RpcClient<ClientMessage> client = RpcClient.connect(EnvelopeType.CLIENT, controller, timeout,
                        credentials)) {
                    client.call(request);
                    LOG.info("asked the controller to {}", what);
                    return;
                } catch (RpcException e) {
                    LOG.error("the controller refused to {}: {}", what, e.getMessage());
                    return;
                } catch (IOException e) {
                    LOG.warn("cannot ask {} to {}: {}", controller, what, e.getMessage());
                }
            }
            try {
                Thread.sleep(RETRY.toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
        LOG.error("gave up asking the controller to {}", what);
    }
}
