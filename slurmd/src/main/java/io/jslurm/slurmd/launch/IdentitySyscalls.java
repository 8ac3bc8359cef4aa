package io.jslurm.slurmd.launch;

import java.util.Optional;

/**
 * Linux system call numbers the batch wrapper needs to start a new session and take the job's identity
 * itself (Perl's {@code syscall}), instead of exec'ing {@code setsid} and {@code setpriv}. Perl's own
 * {@code $<}/{@code $>} cannot be used: they leave the saved set-user-ID at 0, from which the job could
 * become root again; loading Perl's POSIX module instead costs more than the two programs it would save.
 * The numbers differ by architecture, so only the ones known here are used; elsewhere the wrapper
 * keeps the programs. {@code clone3} (one number on all of them, added in Linux 5.3) lets the wrapper create the
 * script's process directly in its cgroup v2 (CLONE_INTO_CGROUP, 5.7), see {@code job_wrapper.pl}.
 */
record IdentitySyscalls(int setsid, int setgroups, int setresgid, int setresuid, int clone3) {

    private static final int CLONE3 = 435;
    private static final IdentitySyscalls X86_64 = new IdentitySyscalls(112, 116, 119, 117, CLONE3);
    /** The generic table of asm-generic/unistd.h, which arm64 and riscv64 use. */
    private static final IdentitySyscalls GENERIC = new IdentitySyscalls(157, 159, 149, 147, CLONE3);

    /** For {@code os.arch} as the JVM names it; empty for an architecture whose numbers are not listed. */
    static Optional<IdentitySyscalls> forArch(String osArch) {
        return switch (osArch) {
            case "amd64", "x86_64" -> Optional.of(X86_64);
            case "aarch64", "riscv64" -> Optional.of(GENERIC);
            default -> Optional.empty();
        };
    }

    static Optional<IdentitySyscalls> ofThisMachine() {
        return forArch(System.getProperty("os.arch", ""));
    }
}
