package io.jslurm.protocol.rpc;

/** Where a handler runs. */
public enum Execution {
    /** On the connection's event loop: only for handlers that never block (ping, cached reads). */
    EVENT_LOOP,
    /** On the server's worker executor: anything that may block or take a lock for long. */
    WORKER
}
