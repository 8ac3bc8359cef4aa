package io.jslurm.protocol.auth;

import com.sun.jna.Library;
import com.sun.jna.Pointer;
import com.sun.jna.ptr.IntByReference;
import com.sun.jna.ptr.PointerByReference;

/** The part of libmunge's C API that auth/munge uses (munge.h, libmunge.so.2). */
interface LibMunge extends Library {
    int EMUNGE_SUCCESS = 0;
    int EMUNGE_SOCKET = 6;
    int EMUNGE_TIMEOUT = 7;
    int EMUNGE_CRED_EXPIRED = 15;
    int EMUNGE_CRED_REWOUND = 16;
    int EMUNGE_CRED_REPLAYED = 17;
    int MUNGE_OPT_TTL = 4;
    int MUNGE_OPT_SOCKET = 8;

    Pointer munge_ctx_create();

    void munge_ctx_destroy(Pointer ctx);

    /** Variadic in C: the option's value follows (an int for TTL, a char* for SOCKET). */
    int munge_ctx_set(Pointer ctx, int option, Object... value);

    String munge_ctx_strerror(Pointer ctx);

    int munge_encode(PointerByReference cred, Pointer ctx, byte[] payload, int length);

    int munge_decode(String cred, Pointer ctx, PointerByReference payload, IntByReference length,
                     IntByReference uid, IntByReference gid);

    String munge_strerror(int error);

    /** libc's free, for the buffers libmunge allocates. */
    interface LibC extends Library {
        void free(Pointer pointer);
    }
}
