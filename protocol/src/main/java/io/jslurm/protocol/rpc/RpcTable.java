package io.jslurm.protocol.rpc;

import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Internal;
import com.google.protobuf.Message;
import io.jslurm.protocol.RpcException;
import io.jslurm.protocol.wire.EnvelopeType;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletionStage;

/**
 * The dispatch table of one envelope type: request type -> handler, permission, execution. The
 * single place where a server declares what it answers and who may ask.
 */
public final class RpcTable {
    private final EnvelopeType<?> envelope;
    private final Map<Descriptor, Route<?>> routes;

    private RpcTable(EnvelopeType<?> envelope, Map<Descriptor, Route<?>> routes) {
        this.envelope = envelope;
        this.routes = Map.copyOf(routes);
    }

    public static Builder builder(EnvelopeType<?> envelope) {
        return new Builder(envelope);
    }

    public EnvelopeType<?> envelope() {
        return envelope;
    }

    /** @return the route for this body's type, or null when this server does not serve it */
    public Route<?> routeFor(Message body) {
        return routes.get(body.getDescriptorForType());
    }

    /** The same table with every handler timed and reported to {@code observer}. */
    public RpcTable observed(RpcObserver observer) {
        Objects.requireNonNull(observer, "observer");
        Map<Descriptor, Route<?>> timed = new HashMap<>();
        routes.forEach((descriptor, route) -> timed.put(descriptor, timed(route, observer)));
        return new RpcTable(envelope, timed);
    }

    /** Timed until the answer is ready: for an asynchronous handler that includes what it waits on (the fsync). */
    private static <R extends Message> Route<R> timed(Route<R> route, RpcObserver observer) {
        AsyncRpcHandler<R> handler = route.handler();
        return new Route<>(route.requestType(), route.permission(), route.execution(), call -> {
            long started = System.nanoTime();
            CompletionStage<? extends Message> answer;
            try {
                answer = handler.handle(call);
            } catch (RpcException | RuntimeException | Error e) {
                observer.served(route.requestType(), call.caller(), System.nanoTime() - started);
                throw e;
            }
            return answer.whenComplete((response, failure) ->
                    observer.served(route.requestType(), call.caller(), System.nanoTime() - started));
        });
    }

    public static final class Builder {
        private final EnvelopeType<?> envelope;
        private final Map<Descriptor, Route<?>> routes = new HashMap<>();

        private Builder(EnvelopeType<?> envelope) {
            this.envelope = Objects.requireNonNull(envelope, "envelope");
        }

        public <R extends Message> Builder route(Class<R> requestType, Permission permission, Execution execution,
                                                 RpcHandler<R> handler) {
            Objects.requireNonNull(handler, "handler");
            return routeAsync(requestType, permission, execution, AsyncRpcHandler.of(handler));
        }

        /**
         * A handler that answers later: it starts where {@code execution} says and the answer is sent when its stage
         * completes, so nothing waits in between.
         */
        public <R extends Message> Builder routeAsync(Class<R> requestType, Permission permission,
                                                      Execution execution, AsyncRpcHandler<R> handler) {
            Descriptor descriptor = Internal.getDefaultInstance(requestType).getDescriptorForType();
            if (!envelope.carries(descriptor)) {
                throw new IllegalArgumentException(envelope + " does not carry " + descriptor.getName());
            }
            if (routes.putIfAbsent(descriptor, new Route<>(requestType, permission, execution, handler)) != null) {
                throw new IllegalArgumentException(descriptor.getName() + " is routed twice");
            }
            return this;
        }

        public RpcTable build() {
            return new RpcTable(envelope, routes);
        }
    }
}
