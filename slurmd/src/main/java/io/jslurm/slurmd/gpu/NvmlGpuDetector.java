package io.jslurm.slurmd.gpu;

import com.sun.jna.Memory;
import com.sun.jna.Native;
import com.sun.jna.Pointer;
import com.sun.jna.ptr.IntByReference;
import com.sun.jna.ptr.PointerByReference;
import io.jslurm.common.cpu.IdSet;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Finds the node's GPUs through NVML: count, then per GPU its name (and so its GRES type), UUID,
 * minor number, PCI bus id, CPU affinity and NVLinks. A missing NVML library means no GPUs, not an
 * error; a failing NVML call fails the whole detection with a message naming the call and GPU,
 * except the queries a GPU may simply not support (CPU affinity, NVLink), which leave that part
 * empty.
 */
public final class NvmlGpuDetector {
    /** The library name slurmd loads when no path is configured: the driver's runtime soname. */
    public static final String DEFAULT_LIBRARY = "libnvidia-ml.so.1";
    /** System property naming another NVML library (a path or a name) to load instead. */
    public static final String LIBRARY_PROPERTY = "jslurm.nvml.library";

    private static final Logger log = LoggerFactory.getLogger(NvmlGpuDetector.class);
    /** 64 words of 64 bits: affinity masks for up to 4096 CPUs. */
    private static final int AFFINITY_WORDS = 64;

    private final NvmlLibrary nvml;

    public NvmlGpuDetector(NvmlLibrary nvml) {
        this.nvml = Objects.requireNonNull(nvml, "nvml");
    }

    /** Loads NVML from {@code libraryNameOrPath} and detects; no loadable library gives {@link GpuDetection.NoLibrary}. */
    public static GpuDetection detect(String libraryNameOrPath) {
        NvmlLibrary nvml;
        try {
            nvml = Native.load(libraryNameOrPath, NvmlLibrary.class);
        } catch (UnsatisfiedLinkError e) {
            log.debug("no GPUs via NVML: cannot load {}: {}", libraryNameOrPath, e.getMessage());
            return new GpuDetection.NoLibrary("cannot load " + libraryNameOrPath + ": " + e.getMessage());
        }
        return new NvmlGpuDetector(nvml).detect();
    }

    /** The library this JVM is configured to use: {@value #LIBRARY_PROPERTY}, else {@value #DEFAULT_LIBRARY}. */
    public static String configuredLibrary() {
        return System.getProperty(LIBRARY_PROPERTY, DEFAULT_LIBRARY);
    }

    public GpuDetection detect() {
        try {
            List<GpuDevice> gpus = detectOrThrow();
            log.debug("NVML found {} GPU(s){}", gpus.size(), gpus.isEmpty() ? "" : ": " + GresSummary.of(gpus));
            return new GpuDetection.Found(gpus);
        } catch (NvmlException e) {
            // The caller reports it: slurmd -C on stderr, the daemon in its log.
            return new GpuDetection.Failed(e.getMessage());
        }
    }

    List<GpuDevice> detectOrThrow() throws NvmlException {
        call("nvmlInit_v2", null, nvml::nvmlInit_v2);
        NvmlException failure = null;
        List<GpuDevice> gpus = List.of();
        try {
            gpus = enumerate();
        } catch (NvmlException e) {
            failure = e;
        } finally {
            try {
                call("nvmlShutdown", null, nvml::nvmlShutdown);
            } catch (NvmlException e) {
                if (failure == null) {
                    failure = e;
                } else {
                    failure.addSuppressed(e);
                }
            }
        }
        if (failure != null) {
            throw failure;
        }
        return gpus;
    }

    private List<GpuDevice> enumerate() throws NvmlException {
        IntByReference count = new IntByReference();
        call("nvmlDeviceGetCount_v2", null, () -> nvml.nvmlDeviceGetCount_v2(count));
        List<RawGpu> raw = new ArrayList<>();
        for (int i = 0; i < count.getValue(); i++) {
            raw.add(read(i));
        }
        Map<PciBusId, Integer> indexByBus = new HashMap<>();
        raw.forEach(gpu -> indexByBus.put(gpu.pciBusId, gpu.index));
        List<GpuDevice> devices = new ArrayList<>();
        for (RawGpu gpu : raw) {
            TreeMap<Integer, Integer> peers = new TreeMap<>();
            int otherLinks = 0;
            for (PciBusId remote : gpu.linkRemotes) {
                Integer peer = indexByBus.get(remote);
                if (peer == null || peer == gpu.index) {
                    otherLinks++;
                } else {
                    peers.merge(peer, 1, Integer::sum);
                }
            }
            devices.add(new GpuDevice(gpu.index, gpu.name, GpuType.fromNvmlName(gpu.name), gpu.uuid, gpu.minor,
                    GpuDevice.deviceFileOf(gpu.minor), gpu.pciBusId, gpu.affinity, peers, otherLinks));
        }
        return List.copyOf(devices);
    }

    private record RawGpu(int index, String name, String uuid, int minor, PciBusId pciBusId, IdSet affinity,
                          List<PciBusId> linkRemotes) {
    }

    private RawGpu read(int index) throws NvmlException {
        String subject = "GPU " + index;
        PointerByReference handleRef = new PointerByReference();
        call("nvmlDeviceGetHandleByIndex_v2", subject, () -> nvml.nvmlDeviceGetHandleByIndex_v2(index, handleRef));
        Pointer device = handleRef.getValue();

        byte[] name = new byte[NvmlLibrary.STRING_BUFFER_SIZE];
        call("nvmlDeviceGetName", subject, () -> nvml.nvmlDeviceGetName(device, name, name.length));
        byte[] uuid = new byte[NvmlLibrary.STRING_BUFFER_SIZE];
        call("nvmlDeviceGetUUID", subject, () -> nvml.nvmlDeviceGetUUID(device, uuid, uuid.length));
        IntByReference minor = new IntByReference();
        call("nvmlDeviceGetMinorNumber", subject, () -> nvml.nvmlDeviceGetMinorNumber(device, minor));
        Memory pci = new Memory(NvmlLibrary.PCI_INFO_SIZE);
        pci.clear();
        call("nvmlDeviceGetPciInfo_v3", subject, () -> nvml.nvmlDeviceGetPciInfo_v3(device, pci));
        PciBusId busId = busIdOf(pci, "nvmlDeviceGetPciInfo_v3", subject);

        return new RawGpu(index, Native.toString(name), Native.toString(uuid), minor.getValue(), busId,
                affinity(device, subject), linkRemotes(device, subject));
    }

    private IdSet affinity(Pointer device, String subject) throws NvmlException {
        long[] mask = new long[AFFINITY_WORDS];
        int rc = invoke("nvmlDeviceGetCpuAffinity", () -> nvml.nvmlDeviceGetCpuAffinity(device, mask.length, mask));
        if (rc == NvmlReturn.NOT_SUPPORTED.code()) {
            log.debug("{}: NVML reports no CPU affinity", subject);
            return IdSet.empty();
        }
        check("nvmlDeviceGetCpuAffinity", subject, rc);
        return IdSet.fromMaskWords(mask);
    }

    private List<PciBusId> linkRemotes(Pointer device, String subject) throws NvmlException {
        List<PciBusId> remotes = new ArrayList<>();
        for (int link = 0; link < NvmlLibrary.MAX_NVLINKS; link++) {
            int linkNumber = link;
            String linkSubject = subject + " link " + link;
            IntByReference active = new IntByReference();
            int rc = invoke("nvmlDeviceGetNvLinkState", () -> nvml.nvmlDeviceGetNvLinkState(device, linkNumber, active));
            // GPUs without NVLink, and links past a GPU's last one, answer one of these: not a failure.
            if (rc == NvmlReturn.NOT_SUPPORTED.code() || rc == NvmlReturn.INVALID_ARGUMENT.code()) {
                continue;
            }
            check("nvmlDeviceGetNvLinkState", linkSubject, rc);
            if (active.getValue() != NvmlLibrary.FEATURE_ENABLED) {
                continue;
            }
            Memory pci = new Memory(NvmlLibrary.PCI_INFO_SIZE);
            pci.clear();
            call("nvmlDeviceGetNvLinkRemotePciInfo_v2", linkSubject,
                    () -> nvml.nvmlDeviceGetNvLinkRemotePciInfo_v2(device, linkNumber, pci));
            remotes.add(busIdOf(pci, "nvmlDeviceGetNvLinkRemotePciInfo_v2", linkSubject));
        }
        return remotes;
    }

    private static PciBusId busIdOf(Memory pci, String function, String subject) throws NvmlException {
        String text = pci.getString(NvmlLibrary.PCI_INFO_BUS_ID_OFFSET);
        try {
            return PciBusId.parse(text);
        } catch (IllegalArgumentException e) {
            throw new NvmlException(function, NvmlReturn.UNKNOWN, "returned bus id '" + text + "' for " + subject + ", not a PCI address", e);
        }
    }

    @FunctionalInterface
    private interface NvmlCall {
        int invoke();
    }

    private void call(String function, String subject, NvmlCall nvmlCall) throws NvmlException {
        check(function, subject, invoke(function, nvmlCall));
    }

    private static int invoke(String function, NvmlCall nvmlCall) throws NvmlException {
        try {
            return nvmlCall.invoke();
        } catch (UnsatisfiedLinkError e) {
            // JNA binds symbols on first call: an NVML too old to export one fails here.
            throw new NvmlException(function, NvmlReturn.FUNCTION_NOT_FOUND, "the NVML library does not export it (" + e.getMessage() + ")", e);
        }
    }

    private static void check(String function, String subject, int rc) throws NvmlException {
        if (rc != NvmlReturn.SUCCESS.code()) {
            throw new NvmlException(function, rc, subject);
        }
    }
}
