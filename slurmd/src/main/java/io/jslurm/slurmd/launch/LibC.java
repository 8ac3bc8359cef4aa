package io.jslurm.slurmd.launch;

import com.sun.jna.Library;
import com.sun.jna.Native;
import com.sun.jna.Pointer;
import com.sun.jna.ptr.IntByReference;
import com.sun.jna.ptr.PointerByReference;

/** The few C library calls job launch needs that Java lacks: arbitrary signals and the group database. */
interface LibC extends Library {
    LibC INSTANCE = Native.load("c", LibC.class);

    int kill(int pid, int signal);

    int getgrouplist(String user, int group, int[] groups, IntByReference ngroups);

    int getgrgid_r(int gid, Pointer group, Pointer buffer, long bufferSize, PointerByReference result);
}
