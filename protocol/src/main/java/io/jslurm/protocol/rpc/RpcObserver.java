package io.jslurm.protocol.rpc;

import com.google.protobuf.Message;
import io.jslurm.protocol.auth.Identity;

/**
 * Told about every request a table's handlers served, successful or not, with the time its handler took; what
 * sdiag's "Remote Procedure Call statistics" are made from.
 */
@FunctionalInterface
public interface RpcObserver {
    void served(Class<? extends Message> requestType, Identity caller, long handlerNanos);
}
