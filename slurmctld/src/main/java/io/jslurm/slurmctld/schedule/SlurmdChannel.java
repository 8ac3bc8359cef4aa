package io.jslurm.slurmctld.schedule;

import com.google.protobuf.Message;
import io.jslurm.slurmctld.node.NodeView;
import java.util.function.Consumer;

/** Delivers requests to a node's slurmd without holding up the caller. */
public interface SlurmdChannel extends AutoCloseable {

    /**
     * Sends {@code body} to the node's slurmd in the background.
     *
     * @param onFailure called (on another thread) when it could not be delivered or slurmd answered an error
     */
    void send(NodeView node, Message body, Consumer<Exception> onFailure);

    @Override
    void close();
}
