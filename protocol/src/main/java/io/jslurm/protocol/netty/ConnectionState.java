package io.jslurm.protocol.netty;

import io.jslurm.protocol.wire.EnvelopeType;
import io.netty.util.AttributeKey;

/** What the pipeline learns about a connection from its first frame. */
final class ConnectionState {
    /** The version the peer speaks; replies are written in it. */
    static final AttributeKey<Integer> PEER_VERSION = AttributeKey.valueOf("jslurm.peerVersion");
    /** The envelope type the peer used, for connection-level error replies. */
    static final AttributeKey<EnvelopeType<?>> ENVELOPE = AttributeKey.valueOf("jslurm.envelope");

    private ConnectionState() {
    }
}
