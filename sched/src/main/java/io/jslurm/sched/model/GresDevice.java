package io.jslurm.sched.model;

import static java.util.Objects.requireNonNull;

/**
 * One generic resource device on a node, as gres.conf describes it: {@code Name=gpu Type=a100 File=/dev/nvidia3
 * Cores=0-31} is name "gpu", type "a100", index 3, affinity cores 0-31.
 *
 * @param type     the device type, or "" when gres.conf gives none
 * @param affinity the cores close to the device; empty when unknown (any core is as good as another)
 */
public record GresDevice(String name, String type, int index, CoreSet affinity) {

    public static final String GPU = "gpu";

    public GresDevice {
        requireNonNull(name, "name is null");
        requireNonNull(type, "type is null");
        requireNonNull(affinity, "affinity is null");
        if (index < 0) {
            throw new IllegalArgumentException("device index is negative: " + index);
        }
    }

    public boolean isGpu() {
        return GPU.equals(name);
    }

    /** Whether this device satisfies a request for {@code wantedType}; "" asks for any type. */
    public boolean matchesType(String wantedType) {
        return wantedType.isEmpty() || wantedType.equals(type);
    }
}
