package io.jslurm.protocol.stepio;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Objects;

/**
 * One frame of a step's I/O connection, which each slurmd of the step opens to the port srun listens on
 * ({@code LaunchTasks.io_host/io_port}). Layout, big-endian: kind (1 byte), task id (4), payload length (4),
 * payload. The first frame from the node is {@link Kind#HELLO} with the launch's {@code io_key} and the node's
 * name, so srun talks only to the nodes it launched on.
 *
 * @param task the global task id (SLURM_PROCID) the frame is about; -1 where none
 */
public record StepIoFrame(Kind kind, int task, byte[] payload) {

    /** Longest payload a reader accepts. */
    public static final int MAX_PAYLOAD = 1 << 20;

    public enum Kind {
        /** node -> srun: io_key, then the node name in UTF-8 */
        HELLO,
        /** node -> srun: bytes a task wrote to its stdout */
        STDOUT,
        /** node -> srun: bytes a task wrote to its stderr */
        STDERR,
        /**
         * node -> srun: the task ended; payload: exit code (4 bytes), terminating signal (4 bytes), then optionally
         * 1 (4 bytes) when the kernel's OOM killer ended it in its step's cgroup
         */
        EXIT,
        /** srun -> node: bytes for the task's stdin */
        STDIN,
        /** srun -> node: the task's stdin is at its end */
        STDIN_EOF,
        /** srun -> node: send this signal to every task of the step on the node; payload: signal (4 bytes) */
        SIGNAL,
        /** node -> srun: the node could not start its tasks; payload: the reason in UTF-8 */
        LAUNCH_FAILED,
        /** node -> srun: every PMI-2 task of the node entered kvs-fence; payload: its new pairs ({@link KvsPairs}) */
        PMI_FENCE,
        /** srun -> node: every node fenced; payload: the pairs of all nodes ({@link KvsPairs}) */
        PMI_FENCE_DONE,
        /** node -> srun: a rank publishes, unpublishes or looks up a name; payload: {@link PmiNameRequest} */
        PMI_NAME,
        /** srun -> node: the answer to a {@link #PMI_NAME}; payload: {@link PmiNameReply} */
        PMI_NAME_REPLY
    }

    public StepIoFrame {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(payload, "payload");
        if (payload.length > MAX_PAYLOAD) {
            throw new IllegalArgumentException("step I/O payload too long: " + payload.length);
        }
    }

    public static StepIoFrame exit(int task, int exitCode, int signal) {
        return new StepIoFrame(Kind.EXIT, task, ByteBuffer.allocate(8).putInt(exitCode).putInt(signal).array());
    }

    /** A task the OOM killer ended (with SIGKILL) because its step's cgroup ran out of memory. */
    public static StepIoFrame exitOutOfMemory(int task) {
        return new StepIoFrame(Kind.EXIT, task, ByteBuffer.allocate(12).putInt(0).putInt(9).putInt(1).array());
    }

    /** Whether an EXIT frame says the OOM killer ended the task. */
    public boolean outOfMemory() {
        return kind == Kind.EXIT && payload.length >= 12 && number(2) == 1;
    }

    public static StepIoFrame signal(int signal) {
        return new StepIoFrame(Kind.SIGNAL, -1, ByteBuffer.allocate(4).putInt(signal).array());
    }

    public static StepIoFrame text(Kind kind, int task, String text) {
        return new StepIoFrame(kind, task, text.getBytes(StandardCharsets.UTF_8));
    }

    /** The first number of an EXIT or SIGNAL payload; the second with {@code index} 1. */
    public int number(int index) {
        return ByteBuffer.wrap(payload).getInt(index * 4);
    }

    public String text() {
        return new String(payload, StandardCharsets.UTF_8);
    }

    /** Writers share a stream between threads; the frame goes out whole. */
    public void writeTo(DataOutputStream out) throws IOException {
        synchronized (out) {
            out.writeByte(kind.ordinal());
            out.writeInt(task);
            out.writeInt(payload.length);
            out.write(payload);
            out.flush();
        }
    }

    /** @throws EOFException at the end of the stream between frames */
    public static StepIoFrame readFrom(DataInputStream in) throws IOException {
        int kind = in.read();
        if (kind < 0) {
            throw new EOFException();
        }
        if (kind >= Kind.values().length) {
            throw new IOException("unknown step I/O frame kind " + kind);
        }
        int task = in.readInt();
        int length = in.readInt();
        if (length < 0 || length > MAX_PAYLOAD) {
            throw new IOException("step I/O frame length out of range: " + length);
        }
        byte[] payload = new byte[length];
        in.readFully(payload);
        return new StepIoFrame(Kind.values()[kind], task, payload);
    }
}
