package io.jslurm.protocol.stepio;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Objects;

/**
 * A rank's use of the step's PMI name service, which srun holds so that every node of the step sees one set of
 * names. Payload of {@link StepIoFrame.Kind#PMI_NAME}: the id (4 bytes), the operation (1), then the service and
 * the port as UTF-8 strings ({@link DataOutputStream#writeUTF}).
 *
 * @param id   chosen by the node, repeated in the {@link PmiNameReply}
 * @param port what {@link Op#PUBLISH} publishes; empty for the others
 */
public record PmiNameRequest(int id, Op op, String service, String port) {

    public enum Op {
        PUBLISH, UNPUBLISH, LOOKUP
    }

    public PmiNameRequest {
        Objects.requireNonNull(op, "op");
        Objects.requireNonNull(service, "service");
        Objects.requireNonNull(port, "port");
    }

    public byte[] encode() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeInt(id);
            out.writeByte(op.ordinal());
            out.writeUTF(service);
            out.writeUTF(port);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }

    public static PmiNameRequest decode(byte[] payload) throws IOException {
        DataInputStream in = new DataInputStream(new ByteArrayInputStream(payload));
        int id = in.readInt();
        int op = in.readUnsignedByte();
        if (op >= Op.values().length) {
            throw new IOException("unknown PMI name operation " + op);
        }
        return new PmiNameRequest(id, Op.values()[op], in.readUTF(), in.readUTF());
    }
}
