package io.jslurm.protocol.stepio;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Objects;

/**
 * srun's answer to a {@link PmiNameRequest}. Payload of {@link StepIoFrame.Kind#PMI_NAME_REPLY}: the request's id
 * (4 bytes), whether it succeeded (1), and the port a lookup found (UTF-8, empty otherwise).
 */
public record PmiNameReply(int id, boolean ok, String port) {

    public PmiNameReply {
        Objects.requireNonNull(port, "port");
    }

    public byte[] encode() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeInt(id);
            out.writeBoolean(ok);
            out.writeUTF(port);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }

    public static PmiNameReply decode(byte[] payload) throws IOException {
        DataInputStream in = new DataInputStream(new ByteArrayInputStream(payload));
        return new PmiNameReply(in.readInt(), in.readBoolean(), in.readUTF());
    }
}
