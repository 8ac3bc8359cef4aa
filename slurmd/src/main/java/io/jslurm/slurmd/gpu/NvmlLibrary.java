package io.jslurm.slurmd.gpu;

import com.sun.jna.Library;
import com.sun.jna.Pointer;
import com.sun.jna.ptr.IntByReference;
import com.sun.jna.ptr.PointerByReference;

/**
 * The part of NVML ({@code libnvidia-ml.so.1}) node detection uses, bound by JNA. Every call
 * returns an {@code nvmlReturn_t}; {@link NvmlReturn} explains it. {@code nvmlDevice_t} is an
 * opaque pointer. CPU masks are arrays of C {@code unsigned long}, 64 bits on the Linux platforms
 * NVIDIA ships NVML for.
 */
public interface NvmlLibrary extends Library {
    /** Bytes of {@code nvmlPciInfo_t} (the v3 layout NVML's header maps nvmlDeviceGetPciInfo to). */
    int PCI_INFO_SIZE = 68;
    /** Offset of the {@code busId} string in {@code nvmlPciInfo_t}. */
    int PCI_INFO_BUS_ID_OFFSET = 36;
    /** NVML_DEVICE_NAME_V2_BUFFER_SIZE and NVML_DEVICE_UUID_V2_BUFFER_SIZE. */
    int STRING_BUFFER_SIZE = 96;
    /** NVML_NVLINK_MAX_LINKS: links 0..17 since Hopper. */
    int MAX_NVLINKS = 18;
    /** NVML_FEATURE_ENABLED, the value of an active link's state. */
    int FEATURE_ENABLED = 1;

    int nvmlInit_v2();

    int nvmlShutdown();

    int nvmlDeviceGetCount_v2(IntByReference deviceCount);

    int nvmlDeviceGetHandleByIndex_v2(int index, PointerByReference device);

    int nvmlDeviceGetName(Pointer device, byte[] name, int length);

    int nvmlDeviceGetUUID(Pointer device, byte[] uuid, int length);

    int nvmlDeviceGetMinorNumber(Pointer device, IntByReference minorNumber);

    int nvmlDeviceGetPciInfo_v3(Pointer device, Pointer pciInfo);

    int nvmlDeviceGetCpuAffinity(Pointer device, int cpuSetSize, long[] cpuSet);

    int nvmlDeviceGetNvLinkState(Pointer device, int link, IntByReference isActive);

    int nvmlDeviceGetNvLinkRemotePciInfo_v2(Pointer device, int link, Pointer pciInfo);
}
