package io.jslurm.slurmd.launch;

import com.sun.jna.ptr.IntByReference;
import java.util.Arrays;
import java.util.List;

/**
 * Resolves a user's supplementary groups on this node (NSS, as {@code id -G} would), at launch
 * time, the way Slurm does, so that group changes since submission apply.
 */
final class SupplementaryGroups {
    private SupplementaryGroups() {
    }

    /** The user's groups, primary group first; just the primary group when NSS does not know the user. */
    static List<Integer> of(JobUser user) {
        int[] groups = new int[64];
        IntByReference count = new IntByReference(groups.length);
        if (LibC.INSTANCE.getgrouplist(user.name(), user.gid(), groups, count) < 0) {
            groups = new int[count.getValue()];
            count.setValue(groups.length);
            if (LibC.INSTANCE.getgrouplist(user.name(), user.gid(), groups, count) < 0) {
                throw new IllegalStateException("cannot list the groups of " + user.name());
            }
        }
        return Arrays.stream(groups, 0, count.getValue()).boxed().toList();
    }
}
