package io.jslurm.sched.select;

/**
 * SelectTypeParameters of select/cons_tres. The _Memory variants make memory a consumable resource; without them
 * memory is not tracked (allocations record 0 MiB). Cores are the allocation unit in every variant: with CR_Core
 * each task gets whole cores, with CR_CPU tasks are counted in CPUs (threads) and only the total is rounded up to
 * whole cores.
 */
public enum SelectType {
    CR_CORE(false, false),
    CR_CORE_MEMORY(false, true),
    CR_CPU(true, false),
    CR_CPU_MEMORY(true, true);

    private final boolean countsCpus;
    private final boolean tracksMemory;

    SelectType(boolean countsCpus, boolean tracksMemory) {
        this.countsCpus = countsCpus;
        this.tracksMemory = tracksMemory;
    }

    public boolean countsCpus() {
        return countsCpus;
    }

    public boolean tracksMemory() {
        return tracksMemory;
    }
}
