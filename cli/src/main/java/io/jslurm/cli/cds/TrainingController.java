package io.jslurm.cli.cds;

import io.jslurm.protocol.wire.BlockingFrames;
import io.jslurm.protocol.wire.FrameKind;
import io.jslurm.protocol.wire.ProtoReader;
import io.jslurm.protocol.wire.ProtoWriter;
import java.io.BufferedInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * A stand-in controller for the training runs that make the commands' class-data archives
 * ({@code libexec/jslurm-cds}): it accepts a submission and answers it, so that the training run of sbatch
 * goes the whole way a real submission goes (signing, the socket, reading and decoding the answer) and the
 * archive holds those classes too. It answers every {@code SubmitBatchJobRequest} with job id 1 and anything
 * else with an error; it checks no credential and keeps nothing.
 *
 * <p>{@code TrainingController PORT_FILE [SECONDS]}: listens on an ephemeral loopback port, writes the port
 * number to PORT_FILE (complete when it appears), and exits after SECONDS (default 60); jslurm-cds ends it
 * sooner, when its training runs are done.
 */
public final class TrainingController {

    private static final int SUBMIT_REQUEST = 10;
    private static final int SUBMIT_RESPONSE = 11;
    private static final int ERROR = 2;
    /** SLURM_UNEXPECTED_MSG_ERROR: this stand-in serves submissions only. */
    private static final int UNEXPECTED = 1000;

    private TrainingController() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length < 1 || args.length > 2) {
            System.err.println("usage: TrainingController PORT_FILE [SECONDS]");
            System.exit(2);
        }
        Path portFile = Path.of(args[0]);
        long seconds = args.length > 1 ? Long.parseLong(args[1]) : 60;
        long deadline = System.nanoTime() + seconds * 1_000_000_000L;
        try (ServerSocket listener = new ServerSocket()) {
            listener.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 16);
            listener.setSoTimeout(200);
            Path tmp = portFile.resolveSibling(portFile.getFileName() + ".tmp");
            Files.writeString(tmp, listener.getLocalPort() + "\n", StandardCharsets.US_ASCII);
            Files.move(tmp, portFile, StandardCopyOption.ATOMIC_MOVE);
            while (System.nanoTime() < deadline) {
                try (Socket connection = listener.accept()) {
                    connection.setSoTimeout(5_000);
                    serve(connection);
                } catch (SocketTimeoutException idle) {
                    // look at the deadline again
                } catch (IOException broken) {
                    // a training run that gave up: wait for the next
                }
            }
        }
    }

    /** Answers each request on one connection until the client closes it. */
    private static void serve(Socket connection) throws IOException {
        InputStream in = new BufferedInputStream(connection.getInputStream());
        while (true) {
            BlockingFrames.Received frame;
            try {
                frame = BlockingFrames.read(in, 64 << 20);
            } catch (EOFException closed) {
                return;
            }
            byte[] payload = new byte[frame.payload().remaining()];
            frame.payload().get(payload);
            BlockingFrames.write(connection.getOutputStream(), FrameKind.CLIENT, answer(payload));
        }
    }

    /** The answering {@code ClientMessage}: the request's correlation id and a submission's response or an error. */
    static byte[] answer(byte[] request) throws IOException {
        long correlationId = 0;
        boolean submission = false;
        ProtoReader envelope = new ProtoReader(request);
        while (envelope.next()) {
            if (envelope.field() == 1) {
                ProtoReader header = new ProtoReader(envelope.bytes());
                while (header.next()) {
                    if (header.field() == 1) {
                        correlationId = header.varint();
                    } else {
                        header.skip();
                    }
                }
            } else {
                submission = envelope.field() == SUBMIT_REQUEST;
                envelope.skip();
            }
        }
        ProtoWriter answer = new ProtoWriter().message(1, new ProtoWriter().varintIfSet(1, correlationId));
        if (submission) {
            return answer.message(SUBMIT_RESPONSE, new ProtoWriter().uint32(1, 1)).toByteArray();
        }
        return answer.message(ERROR, new ProtoWriter().int32(1, UNEXPECTED)
                .string(2, "the training controller answers submissions only")).toByteArray();
    }
}
