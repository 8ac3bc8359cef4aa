package io.jslurm.slurmd.gpu;

import java.util.Objects;

/** An NVML call failed. The message names the call, the GPU where there is one, and what the code means. */
public class NvmlException extends Exception {
    private final String function;
    private final int code;

    public NvmlException(String function, int code, String subject) {
        super(message(function, code, subject));
        this.function = Objects.requireNonNull(function, "function");
        this.code = code;
    }

    /** A failure NVML did not report as a code of its own; {@code result} classifies it. */
    public NvmlException(String function, NvmlReturn result, String problem, Throwable cause) {
        super(function + " failed: " + problem, cause);
        this.function = Objects.requireNonNull(function, "function");
        this.code = result.code();
    }

    private static String message(String function, int code, String subject) {
        NvmlReturn value = NvmlReturn.of(code);
        String known = value == NvmlReturn.UNKNOWN && code != NvmlReturn.UNKNOWN.code() ? " (code " + code + ")" : "";
        return function + (subject == null ? "" : " for " + subject) + " failed: " + value.explanation() + " ["
                + value.headerName() + known + "]";
    }

    public String function() {
        return function;
    }

    public NvmlReturn result() {
        return NvmlReturn.of(code);
    }

    public int code() {
        return code;
    }
}
