package io.jslurm.cli.srun;

import io.jslurm.cli.client.ClusterAccess;
import io.jslurm.protocol.RpcException;
import io.jslurm.protocol.auth.CredentialSource;
import io.jslurm.protocol.client.RpcClient;
import io.jslurm.protocol.proto.Ack;
import io.jslurm.protocol.proto.LaunchTasks;
import io.jslurm.protocol.proto.NodeMessage;
import io.jslurm.protocol.proto.StepNode;
import io.jslurm.protocol.wire.EnvelopeType;
import java.io.IOException;
import java.net.InetSocketAddress;

/** Hands a step's launch to one node's slurmd. */
@FunctionalInterface
public interface NodeLauncher {

    /** @throws IOException when the node cannot be reached or refuses, with its reason */
    void launch(StepNode node, LaunchTasks request) throws IOException;

    /** Over the wire, signed as the user running srun. */
    static NodeLauncher remote(ClusterAccess access) throws IOException {
        CredentialSource credentials = access.credentials();
        return (node, request) -> {
            InetSocketAddress address = new InetSocketAddress(node.getAddress(), node.getPort());
            try (RpcClient<NodeMessage> client = RpcClient.connect(EnvelopeType.NODE, address, access.timeout(),
                    credentials)) {
                client.call(request, Ack.class);
            } catch (RpcException refused) {
                throw new IOException(refused.getMessage(), refused);
            }
        };
    }
}
