package io.jslurm.slurmdbd.storage;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Which of job_table's long text columns a sacct listing needs. Over a busy day they are most of the bytes
 * MariaDB sends, slurmdbd decodes and re-encodes and sacct parses, yet the default fields read none of them.
 */
public final class JobColumns {

    /** Each long column and the sacct fields (lower case) that print it. */
    private static final Map<String, Set<String>> READERS = Map.ofEntries(
            Map.entry("work_dir", Set.of("workdir")),
            Map.entry("submit_line", Set.of("submitline")),
            Map.entry("job_comment", Set.of("comment")),
            Map.entry("std_in", Set.of("stdin")),
            Map.entry("std_out", Set.of("stdout")),
            Map.entry("std_err", Set.of("stderr")),
            Map.entry("tres_req", Set.of("reqtres", "reqnodes")),
            Map.entry("tres_alloc", Set.of("alloctres")),
            Map.entry("nodelist", Set.of("nodelist")),
            Map.entry("state_reason", Set.of("reason")),
            Map.entry("group_name", Set.of("group")));

    private JobColumns() {
    }

    /** The long columns none of {@code fields} prints; none when {@code fields} is empty (everything wanted). */
    public static Set<String> unneeded(Collection<String> fields) {
        if (fields.isEmpty()) {
            return Set.of();
        }
        return READERS.entrySet().stream().filter(e -> e.getValue().stream().noneMatch(fields::contains))
                .map(Map.Entry::getKey).collect(Collectors.toUnmodifiableSet());
    }

    /** The select list: every column of the table, the unneeded ones as empty strings under their names. */
    static String selectList(String alias, Set<String> unneeded) {
        if (unneeded.isEmpty()) {
            return alias + ".*";
        }
        List<String> names = Stream.concat(Stream.concat(JobTable.KEY.stream(), JobTable.DATA.stream())
                .map(Upsert.Column::name), Stream.of("rec_order")).toList();
        return names.stream().map(n -> unneeded.contains(n) ? "'' AS " + n : alias + "." + n)
                .collect(Collectors.joining(", "));
    }
}
