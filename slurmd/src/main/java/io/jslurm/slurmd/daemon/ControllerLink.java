package io.jslurm.slurmd.daemon;

import com.google.protobuf.Message;
import io.jslurm.protocol.RpcException;
import io.jslurm.protocol.auth.CredentialSource;
import io.jslurm.protocol.client.RpcClient;
import io.jslurm.protocol.proto.NodeMessage;
import io.jslurm.protocol.wire.EnvelopeType;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * slurmd's connection to the controller: one blocking client, opened on first use to the first
 * controller that answers (primary, then backups), reopened after any I/O error. Used from one
 * thread at a time.
 */
final class ControllerLink implements AutoCloseable {
    private final List<InetSocketAddress> controllers;
    private final Duration timeout;
    private final CredentialSource credentials;
    private RpcClient<NodeMessage> client;

    ControllerLink(List<InetSocketAddress> controllers, Duration timeout, CredentialSource credentials) {
        if (controllers.isEmpty()) {
            throw new IllegalArgumentException("no controller to talk to");
        }
        this.controllers = List.copyOf(controllers);
        this.timeout = Objects.requireNonNull(timeout, "timeout");
        this.credentials = Objects.requireNonNull(credentials, "credentials");
    }

    synchronized Message call(Message request) throws IOException, RpcException {
        if (client == null) {
            client = connect();
        }
        try {
            return client.call(request);
        } catch (IOException e) {
            close();
            throw e;
        }
    }

    private RpcClient<NodeMessage> connect() throws IOException {
        IOException last = null;
        for (InetSocketAddress address : controllers) {
            try {
                return RpcClient.connect(EnvelopeType.NODE, address, timeout, credentials);
            } catch (IOException e) {
                last = new IOException(address + ": " + e.getMessage(), e);
            }
        }
        throw last;
    }

    @Override
    public synchronized void close() {
        if (client != null) {
            try {
                client.close();
            } catch (IOException ignored) {
                // the connection is gone either way
            }
            client = null;
        }
    }
}
