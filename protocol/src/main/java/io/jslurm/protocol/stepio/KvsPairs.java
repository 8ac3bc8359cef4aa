package io.jslurm.protocol.stepio;

import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The PMI key-value pairs carried by {@link StepIoFrame.Kind#PMI_FENCE} frames: a count, then each key
 * and value as a length (4 bytes, big-endian) and UTF-8 bytes.
 */
public final class KvsPairs {

    private KvsPairs() {
    }

    public static byte[] encode(Map<String, String> pairs) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeInt(pairs.size());
            for (Map.Entry<String, String> pair : pairs.entrySet()) {
                writeText(out, pair.getKey());
                writeText(out, pair.getValue());
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }

    public static Map<String, String> decode(byte[] payload) throws IOException {
        DataInputStream in = new DataInputStream(new java.io.ByteArrayInputStream(payload));
        int count = in.readInt();
        if (count < 0 || count > payload.length / 8) {
            throw new IOException("bad PMI pair count " + count);
        }
        Map<String, String> pairs = new LinkedHashMap<>();
        for (int i = 0; i < count; i++) {
            pairs.put(readText(in), readText(in));
        }
        return pairs;
    }

    private static void writeText(DataOutputStream out, String text) throws IOException {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        out.writeInt(bytes.length);
        out.write(bytes);
    }

    private static String readText(DataInputStream in) throws IOException {
        int length = in.readInt();
        if (length < 0 || length > in.available()) {
            throw new IOException("bad PMI text length " + length);
        }
        byte[] bytes = new byte[length];
        in.readFully(bytes);
        return new String(bytes, StandardCharsets.UTF_8);
    }
}
