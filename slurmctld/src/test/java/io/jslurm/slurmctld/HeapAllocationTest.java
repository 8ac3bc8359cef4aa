package io.jslurm.slurmctld;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class HeapAllocationTest {

    @Test
    void collectionsTimesEdenPlusEdensGrowth() throws Exception {
        // Serial collector columns as JDK 17's jstat -gc prints them; 19,712 KB of eden.
        String header = "    S0C         S1C         S0U         S1U          EC           EU           OC           OU"
                + "          MC         MU       CCSC      CCSU     YGC     YGCT     FGC    FGCT     CGC    CGCT       GCT\n";
        var before = HeapAllocation.parse(header + "  2432.0      2432.0         0.0      1024.0      19712.0       100.0"
                + "      24576.0       5000.0    30000.0    29000.0    3000.0    2800.0     10     0.100     1     0.200"
                + "     -          -      0.300\n");
        var after = HeapAllocation.parse(header + "  2432.0      2432.0      1024.0         0.0      19712.0       612.0"
                + "      24576.0       6000.0    30000.0    29000.0    3000.0    2800.0     13     0.130     1     0.200"
                + "     -          -      0.330\n");
        // 3 collections of a full eden plus 512 KB more in use now.
        assertEquals((3 * 19712L + 512) * 1024, after.bytesSince(before));
        assertEquals(-1, after.bytesSince(HeapAllocation.parse("")));
    }

    @Test
    void measuresThisJvmsOwnAllocation() throws Exception {
        long pid = ProcessHandle.current().pid();
        HeapAllocation before = HeapAllocation.read(pid);
        byte[][] keep = new byte[64][];
        for (int round = 0; round < 200; round++) {
            keep[round % keep.length] = new byte[1 << 20];
        }
        long bytes = HeapAllocation.read(pid).bytesSince(before);
        // 200 MiB allocated; the estimate may be off by the eden left over and by arrays placed outside eden.
        assertTrue(bytes == -1 || bytes > 50L << 20, "allocated " + bytes + " bytes");
        assertTrue(keep[0] != null);
    }
}
