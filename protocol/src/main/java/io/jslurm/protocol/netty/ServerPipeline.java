package io.jslurm.protocol.netty;

import io.jslurm.protocol.auth.Authenticator;
import io.jslurm.protocol.rpc.Authorizer;
import io.jslurm.protocol.rpc.RpcTable;
import io.jslurm.protocol.wire.EnvelopeType;
import io.jslurm.protocol.wire.FrameHeader;
import io.jslurm.protocol.wire.FrameKind;
import io.netty.channel.ChannelPipeline;
import io.netty.handler.flush.FlushConsolidationHandler;
import io.netty.handler.timeout.IdleStateHandler;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;

/**
 * The handlers of one server, shared by all its connections where they keep no per-connection
 * state. Order: flush consolidation, idle timeout, connection limit, frame decoder, envelope decoder, envelope
 * encoder, dispatcher, guard.
 */
final class ServerPipeline {
    private final RpcServerConfig config;
    private final Map<FrameKind, EnvelopeType<?>> served = new HashMap<>();
    private final ConnectionLimiter limiter;
    private final EnvelopeDecoder envelopeDecoder;
    private final EnvelopeEncoder encoder = new EnvelopeEncoder(Integer.MAX_VALUE - FrameHeader.SIZE);
    private final RpcDispatcher dispatcher;
    private final ConnectionGuard guard;

    /**
     * @param tables the first table's envelope types connection-level errors sent before a peer
     *               has said what it speaks
     */
    ServerPipeline(RpcServerConfig config, List<RpcTable> tables, Authenticator authenticator,
                   Authorizer authorizer, Executor handlerExecutor) {
        if (tables.isEmpty()) {
            throw new IllegalArgumentException("a server needs at least one dispatch table");
        }
        this.config = config;
        Map<EnvelopeType<?>, RpcTable> byType = new HashMap<>();
        for (RpcTable table : tables) {
            if (byType.put(table.envelope(), table) != null) {
                throw new IllegalArgumentException("two tables for " + table.envelope());
            }
            served.put(table.envelope().kind(), table.envelope());
        }
        EnvelopeType<?> defaultEnvelope = tables.get(0).envelope();
        this.limiter = new ConnectionLimiter(config.maxConnectionsPerHost(), defaultEnvelope);
        this.envelopeDecoder = new EnvelopeDecoder(served);
        this.dispatcher = new RpcDispatcher(byType, authenticator, authorizer, handlerExecutor);
        this.guard = new ConnectionGuard(defaultEnvelope);
    }

    void install(ChannelPipeline pipeline) {
        // Answers finished on the event loop one after another (a journal sync completes a whole batch) leave
        // in one write per connection instead of one each, when a peer has several requests in flight.
        pipeline.addLast("flushes", new FlushConsolidationHandler(
                        FlushConsolidationHandler.DEFAULT_EXPLICIT_FLUSH_AFTER_FLUSHES, true))
                .addLast("idle", new IdleStateHandler(config.readIdleTimeout().toMillis(), 0, 0, TimeUnit.MILLISECONDS))
                .addLast("limit", limiter)
                .addLast("frames", new FrameDecoder(config.maxFramePayload()))
                .addLast("envelopes", envelopeDecoder)
                .addLast("encoder", encoder)
                .addLast("dispatch", dispatcher)
                .addLast("guard", guard);
    }

    Iterable<EnvelopeType<?>> served() {
        return served.values();
    }
}
