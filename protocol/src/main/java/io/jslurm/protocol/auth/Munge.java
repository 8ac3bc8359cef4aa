package io.jslurm.protocol.auth;

import com.sun.jna.Native;
import com.sun.jna.Pointer;
import com.sun.jna.ptr.IntByReference;
import com.sun.jna.ptr.PointerByReference;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;

/**
 * Encodes and decodes credentials through a munged, by way of libmunge. Each call uses its own
 * munge context: contexts are not thread-safe, and creating one costs a malloc.
 */
public final class Munge {
    /** Where munged listens unless told otherwise (its {@code --socket} default). */
    public static final Path DEFAULT_SOCKET = Path.of("/run/munge/munge.socket.2");
    static final int LIBRARY_MISSING = -1;
    private static final String[] LIBRARY_NAMES = {"munge", "libmunge.so.2"};

    /** What munged vouched for: the payload as sealed and the encoding process's ids. */
    public record Decoded(byte[] payload, long uid, long gid) {
        public Decoded {
            payload = payload.clone();
        }

        @Override
        public byte[] payload() {
            return payload.clone();
        }
    }

    private final LibMunge lib;
    private final LibMunge.LibC libc;
    private final Path socket;

    private Munge(LibMunge lib, LibMunge.LibC libc, Path socket) {
        this.lib = lib;
        this.libc = libc;
        this.socket = socket;
    }

    /** Loads libmunge; talks to munged at {@code socket} on each call. */
    public static Munge at(Path socket) throws MungeException {
        return load(socket, LIBRARY_NAMES);
    }

    /** Debian's libmunge2 ships only libmunge.so.2; "munge" finds libmunge.so where -dev is installed. */
    static Munge load(Path socket, String... libraryNames) throws MungeException {
        Objects.requireNonNull(socket, "socket");
        LinkageError last = new UnsatisfiedLinkError("no library name given");
        for (String name : libraryNames) {
            try {
                return new Munge(Native.load(name, LibMunge.class), Native.load("c", LibMunge.LibC.class), socket);
            } catch (LinkageError e) {
                last = e;
            }
        }
        throw new MungeException(LIBRARY_MISSING, "auth/munge: cannot load libmunge (install libmunge2): "
                + last.getMessage());
    }

    public Path socket() {
        return socket;
    }

    /** A credential sealing {@code payload}; {@code ttl} zero takes munged's default lifetime. */
    public String encode(byte[] payload, Duration ttl) throws MungeException {
        requireSocket();
        Pointer ctx = context(ttl);
        PointerByReference out = new PointerByReference();
        try {
            int status = lib.munge_encode(out, ctx, payload, payload.length);
            Pointer cred = out.getValue();
            try {
                if (status != LibMunge.EMUNGE_SUCCESS) {
                    throw failure(status, ctx);
                }
                return cred.getString(0, "US-ASCII");
            } finally {
                free(cred);
            }
        } finally {
            lib.munge_ctx_destroy(ctx);
        }
    }

    /**
     * Asks munged to decode {@code credential}; a credential munged refuses (expired, replayed,
     * another key's) is a {@link MungeException} with munge's status.
     */
    public Decoded decode(String credential) throws MungeException {
        requireSocket();
        Pointer ctx = context(Duration.ZERO);
        PointerByReference payload = new PointerByReference();
        IntByReference length = new IntByReference();
        IntByReference uid = new IntByReference();
        IntByReference gid = new IntByReference();
        try {
            int status = lib.munge_decode(credential, ctx, payload, length, uid, gid);
            Pointer buffer = payload.getValue();
            try {
                if (status != LibMunge.EMUNGE_SUCCESS) {
                    throw failure(status, ctx);
                }
                byte[] bytes = buffer == null ? new byte[0] : buffer.getByteArray(0, length.getValue());
                return new Decoded(bytes, Integer.toUnsignedLong(uid.getValue()), Integer.toUnsignedLong(gid.getValue()));
            } finally {
                free(buffer);
            }
        } finally {
            lib.munge_ctx_destroy(ctx);
        }
    }

    /** Encodes and decodes one empty credential: proves the library loads and munged answers. */
    public void check() throws MungeException {
        decode(encode(new byte[0], Duration.ZERO));
    }

    private Pointer context(Duration ttl) throws MungeException {
        Pointer ctx = lib.munge_ctx_create();
        if (ctx == null) {
            throw new MungeException(5, "auth/munge: cannot allocate a munge context");
        }
        int status = lib.munge_ctx_set(ctx, LibMunge.MUNGE_OPT_SOCKET, socket.toString());
        if (status == LibMunge.EMUNGE_SUCCESS && !ttl.isZero()) {
            status = lib.munge_ctx_set(ctx, LibMunge.MUNGE_OPT_TTL, Math.toIntExact(ttl.toSeconds()));
        }
        if (status != LibMunge.EMUNGE_SUCCESS) {
            MungeException e = failure(status, ctx);
            lib.munge_ctx_destroy(ctx);
            throw e;
        }
        return ctx;
    }

    /** libmunge retries a missing socket for seconds; a socket that is not there fails at once. */
    private void requireSocket() throws MungeException {
        if (!Files.exists(socket)) {
            throw new MungeException(LibMunge.EMUNGE_SOCKET, unreachable("no such socket"));
        }
    }

    private MungeException failure(int status, Pointer ctx) {
        String detail = lib.munge_ctx_strerror(ctx);
        if (detail == null) {
            detail = lib.munge_strerror(status);
        }
        if (status == LibMunge.EMUNGE_SOCKET || status == LibMunge.EMUNGE_TIMEOUT) {
            return new MungeException(status, unreachable(detail));
        }
        return new MungeException(status, "munge: " + detail);
    }

    private String unreachable(String detail) {
        return "auth/munge: cannot reach munged at " + socket + ": " + detail + " (is munge running?)";
    }

    private void free(Pointer pointer) {
        if (pointer != null) {
            libc.free(pointer);
        }
    }
}
