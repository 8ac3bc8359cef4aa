package io.jslurm.slurmd.cgroup;

import com.sun.jna.Memory;
import com.sun.jna.Native;
import com.sun.jna.Pointer;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.List;

/**
 * Confines devices on cgroup v2, which has no devices interface file: an eBPF program of type
 * {@code BPF_PROG_TYPE_CGROUP_DEVICE}, loaded and attached with the bpf(2) system call, answers every
 * open or mknod of a device node by processes in the cgroup (and below it). The program denies the
 * listed devices and allows the rest, like the v1 rules jslurm writes.
 *
 * <p>Programs are attached with {@code BPF_F_ALLOW_MULTI}, so every program on the cgroup and on
 * the cgroups above it must allow a device: a step's denials add to its job's, and denying more
 * later adds a program, as writing {@code devices.deny} again does on v1. The kernel keeps an
 * attached program for as long as the cgroup exists, descriptor closed or not, so the rules
 * outlive a slurmd restart.
 */
final class BpfDeviceFilter {
    private static final int BPF_PROG_LOAD = 5;
    private static final int BPF_PROG_ATTACH = 8;
    private static final int BPF_PROG_TYPE_CGROUP_DEVICE = 15;
    private static final int BPF_CGROUP_DEVICE = 6;
    private static final int BPF_F_ALLOW_MULTI = 2;
    /** Any size up to the kernel's union bpf_attr works; bytes the kernel does not know must be zero. */
    private static final int ATTR_SIZE = 128;
    private static final int LOG_SIZE = 64 * 1024;
    /** bpf_cgroup_dev_ctx: access_type (access << 16 | type), major, minor; all u32. */
    private static final int CTX_ACCESS_TYPE = 0;
    private static final int CTX_MAJOR = 4;
    private static final int CTX_MINOR = 8;
    private static final int DEVCG_DEV_BLOCK = 1;
    private static final int DEVCG_DEV_CHAR = 2;

    /** Attaches a program denying {@code denied} to the cgroup at {@code cgroupDir}. */
    void deny(Path cgroupDir, List<DeviceRule> denied) {
        LibC libc = LibC.load();
        int cgroupFd = libc.open(cgroupDir.toString(), LibC.O_RDONLY | LibC.O_DIRECTORY | LibC.O_CLOEXEC);
        if (cgroupFd < 0) {
            throw new CgroupException("cannot open cgroup " + cgroupDir + ": " + LibC.errorText(Native.getLastError()));
        }
        try {
            int programFd = load(libc, program(denied), cgroupDir);
            try {
                Memory attr = attr();
                attr.setInt(0, cgroupFd);
                attr.setInt(4, programFd);
                attr.setInt(8, BPF_CGROUP_DEVICE);
                attr.setInt(12, BPF_F_ALLOW_MULTI);
                bpf(libc, BPF_PROG_ATTACH, attr, "attach the device program to " + cgroupDir);
            } finally {
                libc.close(programFd);
            }
        } finally {
            libc.close(cgroupFd);
        }
    }

    private static int load(LibC libc, byte[] instructions, Path cgroupDir) {
        Memory code = new Memory(instructions.length);
        code.write(0, instructions, 0, instructions.length);
        Memory license = new Memory(4);
        license.setString(0, "GPL");
        Memory log = new Memory(LOG_SIZE);
        log.clear();
        Memory attr = attr();
        attr.setInt(0, BPF_PROG_TYPE_CGROUP_DEVICE);
        attr.setInt(4, instructions.length / 8);
        attr.setLong(8, Pointer.nativeValue(code));
        attr.setLong(16, Pointer.nativeValue(license));
        attr.setInt(24, 1);
        attr.setInt(28, LOG_SIZE);
        attr.setLong(32, Pointer.nativeValue(log));
        long fd = libc.syscall(syscallNumber(), BPF_PROG_LOAD, attr, ATTR_SIZE);
        if (fd < 0) {
            int errno = Native.getLastError();
            throw new CgroupException("cannot load the device program for " + cgroupDir + ": "
                    + LibC.errorText(errno) + "; verifier: " + log.getString(0).strip());
        }
        return (int) fd;
    }

    private static int bpf(LibC libc, int command, Memory attr, String what) {
        long result = libc.syscall(syscallNumber(), command, attr, ATTR_SIZE);
        if (result < 0) {
            throw new CgroupException("cannot " + what + ": " + LibC.errorText(Native.getLastError()));
        }
        return (int) result;
    }

    private static Memory attr() {
        Memory attr = new Memory(ATTR_SIZE);
        attr.clear();
        return attr;
    }

    private static long syscallNumber() {
        return switch (System.getProperty("os.arch")) {
            case "amd64", "x86_64" -> 321;
            case "aarch64" -> 280;
            default -> throw new CgroupException("bpf(2) system call number unknown on " + System.getProperty("os.arch"));
        };
    }

    /**
     * The program, in eBPF machine code: load type, major and minor from the context, then for each
     * rule compare and return 0 (deny) on a match; return 1 (allow) after the last rule.
     */
    static byte[] program(List<DeviceRule> denied) {
        ByteBuffer code = ByteBuffer.allocate(8 * (6 + 5 * denied.size())).order(ByteOrder.LITTLE_ENDIAN);
        loadWord(code, 2, CTX_ACCESS_TYPE);
        instruction(code, 0x57, 2, 0, 0, 0xffff); // r2 &= 0xffff: the device type
        loadWord(code, 3, CTX_MAJOR);
        loadWord(code, 4, CTX_MINOR);
        for (DeviceRule rule : denied) {
            int compares = rule.minor().isPresent() ? 3 : 2;
            int type = rule.type() == DeviceType.CHAR ? DEVCG_DEV_CHAR : DEVCG_DEV_BLOCK;
            // Each "jump if not equal" skips the rest of this rule's block: compares left plus mov and exit.
            instruction(code, 0x55, 2, 0, compares + 1, type);
            instruction(code, 0x55, 3, 0, compares, rule.major());
            if (rule.minor().isPresent()) {
                instruction(code, 0x55, 4, 0, compares - 1, rule.minor().getAsInt());
            }
            instruction(code, 0xb7, 0, 0, 0, 0); // r0 = 0: deny
            instruction(code, 0x95, 0, 0, 0, 0); // exit
        }
        instruction(code, 0xb7, 0, 0, 0, 1); // r0 = 1: allow
        instruction(code, 0x95, 0, 0, 0, 0);
        byte[] bytes = new byte[code.position()];
        code.flip().get(bytes);
        return bytes;
    }

    /** dst = *(u32 *)(r1 + offset); r1 holds the context. */
    private static void loadWord(ByteBuffer code, int dst, int offset) {
        instruction(code, 0x61, dst, 1, offset, 0);
    }

    private static void instruction(ByteBuffer code, int opcode, int dst, int src, int offset, int immediate) {
        code.put((byte) opcode);
        code.put((byte) ((src << 4) | dst));
        code.putShort((short) offset);
        code.putInt(immediate);
    }
}
