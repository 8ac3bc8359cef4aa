package io.jslurm.slurmd.launch;

import com.sun.jna.Memory;
import com.sun.jna.Pointer;
import com.sun.jna.ptr.IntByReference;
import com.sun.jna.ptr.PointerByReference;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * The node's group database (NSS, as {@code id -G} and {@code getent group} see it), read when a
 * job starts, the way Slurm does, so that group changes since submission apply.
 */
public final class GroupDatabase {
    /** {@code struct group} on LP64: name, password and member pointers around a gid. */
    private static final int STRUCT_GROUP_SIZE = 32;
    private static final int BUFFER_SIZE = 16 * 1024;

    private GroupDatabase() {
    }

    /** The user's groups, primary group first; just the primary group when NSS does not know the user. */
    public static List<Integer> groupsOf(JobUser user) {
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

    /** The group's name, when the database has one. */
    static Optional<String> nameOf(int gid) {
        Memory group = new Memory(STRUCT_GROUP_SIZE);
        Memory buffer = new Memory(BUFFER_SIZE);
        PointerByReference result = new PointerByReference();
        int error = LibC.INSTANCE.getgrgid_r(gid, group, buffer, BUFFER_SIZE, result);
        if (error != 0 || result.getValue() == null) {
            return Optional.empty();
        }
        Pointer name = group.getPointer(0);
        return Optional.ofNullable(name).map(p -> p.getString(0));
    }
}
