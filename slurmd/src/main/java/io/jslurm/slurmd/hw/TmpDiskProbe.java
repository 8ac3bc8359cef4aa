package io.jslurm.slurmd.hw;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * TmpDisk: the total size, in MiB truncated, of the file system holding TmpFS (default
 * {@code /tmp}), i.e. statvfs's {@code f_blocks * f_frsize}, which is what Java's
 * {@code FileStore.getTotalSpace()} reports on Linux. A missing TmpFS counts as 0, as in Slurm.
 */
public final class TmpDiskProbe {
    public static final Path DEFAULT_TMP_FS = Path.of("/tmp");
    private static final long MIB = 1024L * 1024L;

    private TmpDiskProbe() {
    }

    public static long totalMiB(Path tmpFs) {
        try {
            return Files.getFileStore(tmpFs).getTotalSpace() / MIB;
        } catch (NoSuchFileException e) {
            return 0;
        } catch (IOException e) {
            throw new HardwareException("cannot stat the file system of TmpFS " + tmpFs + ": " + e.getMessage(), e);
        }
    }
}
