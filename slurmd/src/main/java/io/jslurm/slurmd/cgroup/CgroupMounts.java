package io.jslurm.slurmd.cgroup;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The cgroup file systems mounted on the host, read from {@code /proc/self/mountinfo}.
 *
 * @param v1 mount point of each v1 controller by name ({@code memory}, {@code cpuset}, ...);
 *     controllers mounted together share a path
 * @param unified mount points of cgroup2 file systems, in mount order
 */
public record CgroupMounts(Map<String, Path> v1, List<Path> unified) {
    public CgroupMounts {
        v1 = Map.copyOf(v1);
        unified = List.copyOf(unified);
    }

    /**
     * Parses mountinfo lines; mount points are taken relative to {@code root} so a fixture tree
     * can stand for {@code /}.
     */
    public static CgroupMounts parse(List<String> mountinfoLines, Path root) {
        Objects.requireNonNull(root, "root");
        Map<String, Path> v1 = new LinkedHashMap<>();
        List<Path> unified = new ArrayList<>();
        for (String line : mountinfoLines) {
            if (line.isBlank()) {
                continue;
            }
            String[] fields = line.strip().split(" ");
            int separator = List.of(fields).indexOf("-");
            if (separator < 6 || fields.length < separator + 4) {
                throw new CgroupException("malformed mountinfo line: '" + line + "'");
            }
            String fsType = fields[separator + 1];
            Path mountPoint = underRoot(root, unescape(fields[4]));
            if (fsType.equals("cgroup2")) {
                unified.add(mountPoint);
            } else if (fsType.equals("cgroup")) {
                for (String option : fields[separator + 3].split(",")) {
                    if (V1Controller.byName(option).isPresent()) {
                        v1.putIfAbsent(option, mountPoint);
                    }
                }
            }
        }
        return new CgroupMounts(v1, unified);
    }

    /** The v1 controllers mounted at or below {@code directory}. */
    Map<String, Path> v1Below(Path directory) {
        Map<String, Path> below = new LinkedHashMap<>();
        v1.forEach((name, path) -> {
            if (path.startsWith(directory)) {
                below.put(name, path);
            }
        });
        return below;
    }

    Optional<Path> unifiedAt(Path directory) {
        return unified.stream().filter(directory::equals).findFirst();
    }

    Optional<Path> unifiedBelow(Path directory) {
        return unified.stream().filter(path -> path.startsWith(directory)).findFirst();
    }

    private static Path underRoot(Path root, String absolute) {
        return root.resolve(absolute.substring(1));
    }

    /** mountinfo writes space, tab, newline and backslash as three-digit octal escapes. */
    private static String unescape(String field) {
        StringBuilder out = new StringBuilder(field.length());
        for (int i = 0; i < field.length(); i++) {
            char c = field.charAt(i);
            if (c == '\\' && i + 3 < field.length()
                    && field.substring(i + 1, i + 4).chars().allMatch(d -> d >= '0' && d <= '7')) {
                out.append((char) Integer.parseInt(field.substring(i + 1, i + 4), 8));
                i += 3;
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }
}
