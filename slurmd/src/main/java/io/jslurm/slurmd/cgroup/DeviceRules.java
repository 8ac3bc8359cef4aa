package io.jslurm.slurmd.cgroup;

import java.nio.file.Path;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/** Device rules for ConstrainDevices: a job keeps its own GRES devices and loses the node's others. */
public final class DeviceRules {
    private DeviceRules() {
    }

    /**
     * Rules denying every device file of the node's GRES ({@code /dev/nvidia0..N} from gres.conf)
     * that the job was not allocated. Devices outside the list ({@code /dev/nvidiactl},
     * {@code /dev/nvidia-uvm}, {@code /dev/null}, ...) stay allowed; a denied file sharing its number
     * with an allocated one is not denied.
     */
    public static List<DeviceRule> denyUnallocated(Collection<Path> nodeDevices, Collection<Path> allocated) {
        Set<DeviceRule> allowed = new LinkedHashSet<>();
        for (Path device : allocated) {
            allowed.add(DeviceRule.of(device));
        }
        Set<DeviceRule> denied = new LinkedHashSet<>();
        for (Path device : nodeDevices) {
            DeviceRule rule = DeviceRule.of(device);
            if (!allowed.contains(rule)) {
                denied.add(rule);
            }
        }
        return List.copyOf(denied);
    }
}
