package io.jslurm.slurmd.launch;

import com.sun.jna.Library;
import com.sun.jna.Native;
import com.sun.jna.ptr.IntByReference;

/** The few C library calls job launch needs that Java lacks: arbitrary signals and group lists. */
interface LibC extends Library {
    LibC INSTANCE = Native.load("c", LibC.class);

    int kill(int pid, int signal);

    int getgrouplist(String user, int group, int[] groups, IntByReference ngroups);
}
