package io.jslurm.slurmd.gpu;

/**
 * NVML's return codes ({@code nvmlReturn_t}) with a plain explanation of each, worded for a node
 * administrator reading slurmd's log.
 */
public enum NvmlReturn {
    SUCCESS(0, "success"),
    UNINITIALIZED(1, "NVML was not initialized first"),
    INVALID_ARGUMENT(2, "an argument was invalid (for example a GPU index or link number out of range)"),
    NOT_SUPPORTED(3, "the GPU does not support this query"),
    NO_PERMISSION(4, "permission denied"),
    ALREADY_INITIALIZED(5, "NVML was already initialized"),
    NOT_FOUND(6, "the object asked for was not found"),
    INSUFFICIENT_SIZE(7, "the buffer given was too small"),
    INSUFFICIENT_POWER(8, "a GPU's external power cables are not properly attached"),
    DRIVER_NOT_LOADED(9, "the NVIDIA kernel driver is not loaded"),
    TIMEOUT(10, "the query timed out"),
    IRQ_ISSUE(11, "the NVIDIA kernel driver detected an interrupt problem with a GPU"),
    LIBRARY_NOT_FOUND(12, "NVML could not find or load one of its own libraries"),
    FUNCTION_NOT_FOUND(13, "the installed NVML does not provide this function (driver too old?)"),
    CORRUPTED_INFOROM(14, "a GPU's infoROM is corrupted"),
    GPU_IS_LOST(15, "a GPU has fallen off the bus or is otherwise inaccessible"),
    RESET_REQUIRED(16, "a GPU needs a reset before it can be used again"),
    OPERATING_SYSTEM(17, "the operating system blocked the request"),
    LIB_RM_VERSION_MISMATCH(18, "the NVML library does not match the loaded NVIDIA kernel driver version"),
    IN_USE(19, "the operation cannot run because the GPU is in use"),
    MEMORY(20, "NVML ran out of memory"),
    NO_DATA(21, "no data is available"),
    VGPU_ECC_NOT_SUPPORTED(22, "ECC is not supported on this vGPU"),
    INSUFFICIENT_RESOURCES(23, "not enough resources to complete the request"),
    FREQ_NOT_SUPPORTED(24, "the frequency is not supported"),
    ARGUMENT_VERSION_MISMATCH(25, "the structure version passed is not supported by this NVML"),
    DEPRECATED(26, "the function is deprecated"),
    NOT_READY(27, "the system is not ready for the request"),
    GPU_NOT_FOUND(28, "no GPU was found"),
    INVALID_STATE(29, "the resource is in an invalid state for this request"),
    UNKNOWN(999, "an unknown NVML error occurred");

    private final int code;
    private final String explanation;

    NvmlReturn(int code, String explanation) {
        this.code = code;
        this.explanation = explanation;
    }

    public int code() {
        return code;
    }

    public String explanation() {
        return explanation;
    }

    /** The constant for a code; codes this table does not know map to {@link #UNKNOWN}. */
    public static NvmlReturn of(int code) {
        for (NvmlReturn value : values()) {
            if (value.code == code) {
                return value;
            }
        }
        return UNKNOWN;
    }

    /** {@code NVML_ERROR_GPU_IS_LOST}, the name the C header gives. */
    public String headerName() {
        return this == SUCCESS ? "NVML_SUCCESS" : "NVML_ERROR_" + name();
    }
}
