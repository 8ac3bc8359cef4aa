package io.jslurm.slurmd.daemon;

import io.jslurm.conf.slurm.DaemonPaths;
import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;

/**
 * The files one slurmd writes, after {@code %n} (node name) and {@code %h} (host name) were
 * replaced, so that several slurmd on one host keep apart.
 *
 * @param spoolDir SlurmdSpoolDir: job spool, the job wrapper and undelivered completions
 * @param logFile  SlurmdLogFile, when set
 * @param pidFile  SlurmdPidFile
 */
public record DaemonFiles(Path spoolDir, Optional<Path> logFile, Path pidFile) {
    public DaemonFiles {
        Objects.requireNonNull(spoolDir, "spoolDir");
        Objects.requireNonNull(logFile, "logFile");
        Objects.requireNonNull(pidFile, "pidFile");
    }

    public static DaemonFiles of(DaemonPaths paths, String nodeName, String hostName) {
        return new DaemonFiles(expand(paths.slurmdSpoolDir(), nodeName, hostName),
                paths.slurmdLogFile().map(file -> expand(file, nodeName, hostName)),
                expand(paths.slurmdPidFile(), nodeName, hostName));
    }

    static Path expand(Path pattern, String nodeName, String hostName) {
        String text = pattern.toString();
        StringBuilder out = new StringBuilder(text.length() + 16);
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '%' && i + 1 < text.length()) {
                char spec = text.charAt(i + 1);
                if (spec == 'n' || spec == 'h' || spec == '%') {
                    out.append(spec == 'n' ? nodeName : spec == 'h' ? hostName : "%");
                    i++;
                    continue;
                }
            }
            out.append(c);
        }
        return Path.of(out.toString());
    }
}
