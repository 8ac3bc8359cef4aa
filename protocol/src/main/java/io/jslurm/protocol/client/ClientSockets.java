package io.jslurm.protocol.client;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.time.Duration;

/** The socket of a blocking client: connected within the timeout, which then bounds every read too. */
final class ClientSockets {

    private ClientSockets() {
    }

    static Socket connect(InetSocketAddress address, Duration timeout) throws IOException {
        Socket socket = new Socket();
        try {
            socket.setTcpNoDelay(true);
            socket.setSoTimeout(Math.toIntExact(timeout.toMillis()));
            socket.connect(address, Math.toIntExact(timeout.toMillis()));
            return socket;
        } catch (IOException | RuntimeException e) {
            socket.close();
            throw e;
        }
    }
}
