package io.jslurm.slurmd.hw;

import com.sun.jna.Library;
import com.sun.jna.Native;

/** The kernel's memory page size, which Slurm's RealMemory arithmetic depends on. */
public final class PageSize {
    private PageSize() {
    }

    private interface LibC extends Library {
        int getpagesize();
    }

    public static long ofThisMachine() {
        return Native.load("c", LibC.class).getpagesize();
    }
}
