package io.jslurm.slurmd.hw;

import io.jslurm.common.cpu.IdSet;
import java.util.Objects;

/**
 * A physical core and the logical CPUs (threads) it runs.
 *
 * @param index       Slurm's abstract core index: cores numbered socket by socket, in package and
 *                    core id order, from 0 (what gres.conf {@code Cores=} and core bitmaps use)
 * @param socketIndex the socket's index in package id order, from 0
 * @param packageId   the kernel's package id
 * @param coreId      the kernel's core id within the package
 * @param cpus        the logical CPUs of this core
 */
public record Core(int index, int socketIndex, int packageId, int coreId, IdSet cpus) {
    public Core {
        Objects.requireNonNull(cpus, "cpus");
        if (index < 0 || socketIndex < 0) {
            throw new IllegalArgumentException("core and socket indexes must not be negative");
        }
        if (cpus.isEmpty()) {
            throw new IllegalArgumentException("core " + index + " has no CPUs");
        }
    }
}
