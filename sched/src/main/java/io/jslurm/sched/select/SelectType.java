package io.jslurm.sched.select;

/**
 * SelectTypeParameters of select/cons_tres. The _Memory variants make memory a consumable resource; without them
 * memory is not tracked (allocations record 0 MiB). Cores are the allocation unit in the CR_Core and CR_CPU
 * variants: with CR_Core each task gets whole cores, with CR_CPU tasks are counted in CPUs (threads) and only the
 * total is rounded up to whole cores. With CR_Socket the unit is a whole socket: a node's cores are counted as
 * CR_Core counts them and then rounded up to whole sockets, which no other job shares.
 */
public enum SelectType {
    CR_CORE(false, false, false),
    CR_CORE_MEMORY(false, true, false),
    CR_CPU(true, false, false),
    CR_CPU_MEMORY(true, true, false),
    CR_SOCKET(false, false, true),
    CR_SOCKET_MEMORY(false, true, true);

    private final boolean countsCpus;
    private final boolean tracksMemory;
    private final boolean wholeSockets;

    SelectType(boolean countsCpus, boolean tracksMemory, boolean wholeSockets) {
        this.countsCpus = countsCpus;
        this.tracksMemory = tracksMemory;
        this.wholeSockets = wholeSockets;
    }

    public boolean countsCpus() {
        return countsCpus;
    }

    public boolean tracksMemory() {
        return tracksMemory;
    }

    /** Whether jobs get whole sockets (CR_Socket, CR_Socket_Memory). */
    public boolean wholeSockets() {
        return wholeSockets;
    }
}
