package io.jslurm.slurmd.pmi;

import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/**
 * PMI-2's framing over a task's PMI_FD: each command is its length in 6 ASCII characters (left-aligned,
 * space-padded) followed by the command text. The very first exchange is PMI-1 style, one line each way
 * ({@code cmd=init pmi_version=2 pmi_subversion=0}).
 */
public final class Pmi2Wire {

    static final int LENGTH_FIELD = 6;
    private static final int MAX_COMMAND = 1 << 20;

    private Pmi2Wire() {
    }

    /** The next PMI-2 command, or null at the end of the stream. */
    public static String read(InputStream in) throws IOException {
        byte[] header = new byte[LENGTH_FIELD];
        int got = readFully(in, header);
        if (got == 0) {
            return null;
        }
        if (got < LENGTH_FIELD) {
            throw new EOFException("PMI-2 length cut short");
        }
        int length;
        try {
            length = Integer.parseInt(new String(header, StandardCharsets.US_ASCII).trim());
        } catch (NumberFormatException e) {
            throw new IOException("bad PMI-2 length field '" + new String(header, StandardCharsets.US_ASCII) + "'");
        }
        if (length < 0 || length > MAX_COMMAND) {
            throw new IOException("PMI-2 command too long: " + length);
        }
        byte[] body = new byte[length];
        if (readFully(in, body) < length) {
            throw new EOFException("PMI-2 command cut short");
        }
        return new String(body, StandardCharsets.UTF_8);
    }

    public static void write(OutputStream out, String command) throws IOException {
        byte[] body = command.getBytes(StandardCharsets.UTF_8);
        String header = String.format("%-" + LENGTH_FIELD + "d", body.length);
        out.write(header.getBytes(StandardCharsets.US_ASCII));
        out.write(body);
        out.flush();
    }

    /** A PMI-1 line without its newline, or null at the end of the stream. */
    public static String readLine(InputStream in) throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        int c;
        while ((c = in.read()) >= 0 && c != '\n') {
            if (line.size() > MAX_COMMAND) {
                throw new IOException("PMI line too long");
            }
            line.write(c);
        }
        if (c < 0 && line.size() == 0) {
            return null;
        }
        return line.toString(StandardCharsets.UTF_8);
    }

    private static int readFully(InputStream in, byte[] buffer) throws IOException {
        int total = 0;
        while (total < buffer.length) {
            int n = in.read(buffer, total, buffer.length - total);
            if (n < 0) {
                break;
            }
            total += n;
        }
        return total;
    }
}
