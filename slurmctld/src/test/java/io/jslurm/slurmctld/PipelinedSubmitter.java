package io.jslurm.slurmctld;

import io.jslurm.protocol.auth.CredentialSource;
import io.jslurm.protocol.proto.ClientMessage;
import io.jslurm.protocol.proto.Header;
import io.jslurm.protocol.proto.SubmitBatchJobRequest;
import io.jslurm.protocol.wire.BlockingFrames;
import io.jslurm.protocol.wire.EnvelopeType;
import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.util.HashSet;
import java.util.Set;

/**
 * A benchmark client that keeps several submissions in flight on one connection: it writes {@code depth}
 * requests with one write, then reads their {@code depth} answers. Slurm's commands never do this (one request,
 * one answer, often one connection per request); it measures what the controller costs per submission when
 * requests arrive together, apart from the cost of waking one blocked client per answer.
 */
final class PipelinedSubmitter implements Closeable {

    private final Socket socket;
    private final InputStream in;
    private final OutputStream out;
    private final CredentialSource credentials;
    private long nextCorrelationId = 1;

    PipelinedSubmitter(InetSocketAddress address, CredentialSource credentials) throws IOException {
        this.socket = new Socket();
        socket.setTcpNoDelay(true);
        socket.connect(address, 30_000);
        socket.setSoTimeout(30_000);
        this.in = new BufferedInputStream(socket.getInputStream(), 64 * 1024);
        this.out = socket.getOutputStream();
        this.credentials = credentials;
    }

    /** Sends {@code depth} copies of {@code request} at once; returns when every one was answered with a job. */
    void submit(SubmitBatchJobRequest request, int depth) throws IOException {
        ByteArrayOutputStream frames = new ByteArrayOutputStream(depth * 512);
        Set<Long> waiting = new HashSet<>();
        for (int i = 0; i < depth; i++) {
            long correlationId = nextCorrelationId++;
            waiting.add(correlationId);
            Header header = Header.newBuilder().setCorrelationId(correlationId).setCredential(credentials.next())
                    .build();
            BlockingFrames.write(frames, EnvelopeType.CLIENT.kind(), EnvelopeType.CLIENT.wrap(header, request));
        }
        out.write(frames.toByteArray());
        out.flush();
        for (int i = 0; i < depth; i++) {
            BlockingFrames.Received frame = BlockingFrames.read(in, 1 << 20);
            ClientMessage answer = EnvelopeType.CLIENT.parse(frame.payload());
            if (!answer.hasSubmitBatchJobResponse() || !waiting.remove(answer.getHeader().getCorrelationId())) {
                throw new IOException("unexpected answer: " + answer);
            }
        }
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
