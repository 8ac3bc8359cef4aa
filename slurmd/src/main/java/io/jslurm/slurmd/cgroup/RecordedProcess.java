package io.jslurm.slurmd.cgroup;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;

/**
 * A line of a no-cgroup {@code tasks} file: a process a job started, with its start time (clock ticks after boot)
 * so that a later process given the same id is not taken for it. Lines without a start time (written by an
 * older slurmd) are trusted as they are.
 */
record RecordedProcess(long pid, OptionalLong startTime) {

    String line() {
        return startTime.isPresent() ? pid + " " + startTime.getAsLong() : Long.toString(pid);
    }

    /** Whether the live process {@code entry} (same pid) is this one and not a later process given its id. */
    boolean sameAs(ProcTable.Entry entry) {
        return entry.pid() == pid && (startTime.isEmpty() || startTime.getAsLong() == entry.startTime());
    }

    static List<RecordedProcess> read(Path tasksFile) {
        List<RecordedProcess> recorded = new ArrayList<>();
        String text = CgroupFiles.read(tasksFile).orElse("");
        for (String line : text.lines().map(String::strip).filter(l -> !l.isEmpty()).toList()) {
            String[] fields = line.split("\\s+");
            try {
                recorded.add(new RecordedProcess(Long.parseLong(fields[0]),
                        fields.length > 1 ? OptionalLong.of(Long.parseLong(fields[1])) : OptionalLong.empty()));
            } catch (NumberFormatException e) {
                throw new CgroupException("unreadable line in " + tasksFile + ": " + line, e);
            }
        }
        return recorded;
    }
}
