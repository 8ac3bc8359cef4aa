package io.jslurm.cli.seff;

import io.jslurm.cli.client.SystemFiles;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Group names by gid from the group file: accounting keeps the gid, and the command names it, as Slurm's do. */
final class GroupNames {

    private final Map<Long, String> names;

    private GroupNames(Map<Long, String> names) {
        this.names = names;
    }

    static GroupNames of(List<String> groupLines) {
        Map<Long, String> names = new HashMap<>();
        for (String line : groupLines) {
            String[] f = line.split(":", -1);
            if (f.length >= 3) {
                try {
                    names.putIfAbsent(Long.parseLong(f[2]), f[0]);
                } catch (NumberFormatException notAGid) {
                    // a malformed line names no group
                }
            }
        }
        return new GroupNames(names);
    }

    static GroupNames fromSystem() {
        return of(SystemFiles.group());
    }

    /** The group's name, or the gid itself when the group file does not name it. */
    String of(long gid) {
        return names.getOrDefault(gid, Long.toString(gid));
    }
}
