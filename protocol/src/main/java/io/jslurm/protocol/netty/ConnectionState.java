package io.jslurm.protocol.netty;

import io.jslurm.protocol.wire.EnvelopeType;
import io.netty.channel.Channel;
import io.netty.util.AttributeKey;
import java.util.concurrent.atomic.AtomicInteger;

/** What the pipeline learns about a connection from its first frame. */
final class ConnectionState {
    /** The version the peer speaks; replies are written in it. */
    static final AttributeKey<Integer> PEER_VERSION = AttributeKey.valueOf("jslurm.peerVersion");
    /** The envelope type the peer used, for connection-level error replies. */
    static final AttributeKey<EnvelopeType<?>> ENVELOPE = AttributeKey.valueOf("jslurm.envelope");

    /** Requests accepted but not yet answered; a connection waiting for an answer is not idle. */
    static final AttributeKey<AtomicInteger> IN_FLIGHT = AttributeKey.valueOf("jslurm.inFlight");

    private ConnectionState() {
    }

    static AtomicInteger inFlight(Channel channel) {
        AtomicInteger count = channel.attr(IN_FLIGHT).get();
        if (count == null) {
            AtomicInteger fresh = new AtomicInteger();
            count = channel.attr(IN_FLIGHT).setIfAbsent(fresh);
            return count == null ? fresh : count;
        }
        return count;
    }
}
