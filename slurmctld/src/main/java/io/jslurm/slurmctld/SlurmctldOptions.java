package io.jslurm.slurmctld;

import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;

/**
 * slurmctld's command line: {@code [-D] [-f slurm.conf] [-c] [-i] [-v...] [-V]}.
 *
 * @param foreground -D: stay attached and log to stderr
 * @param clearState -c: start without the jobs and node states saved in StateSaveLocation
 * @param ignoreStateErrors -i: start even when saved state cannot be read
 */
record SlurmctldOptions(boolean foreground, Optional<Path> configFile, boolean clearState, boolean ignoreStateErrors,
                        int verbosity, boolean version, boolean help) {

    static final String USAGE = "Usage: slurmctld [-D] [-f slurm.conf] [-c] [-i] [-v...] [-V]";

    SlurmctldOptions {
        Objects.requireNonNull(configFile, "configFile");
    }

    static SlurmctldOptions parse(String... args) {
        boolean foreground = false;
        Path config = null;
        boolean clear = false;
        boolean ignore = false;
        int verbosity = 0;
        boolean version = false;
        boolean help = false;
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            switch (arg) {
                case "-D" -> foreground = true;
                case "-c" -> clear = true;
                case "-i" -> ignore = true;
                case "-V", "--version" -> version = true;
                case "-h", "--help" -> help = true;
                case "-f" -> {
                    if (i + 1 >= args.length) {
                        throw new IllegalArgumentException("option requires an argument -- 'f'");
                    }
                    config = Path.of(args[++i]);
                }
                default -> {
                    if (arg.matches("-v+")) {
                        verbosity += arg.length() - 1;
                    } else if (arg.startsWith("-f") && arg.length() > 2) {
                        config = Path.of(arg.substring(2));
                    } else {
                        throw new IllegalArgumentException("invalid option -- '" + arg + "'");
                    }
                }
            }
        }
        return new SlurmctldOptions(foreground, Optional.ofNullable(config), clear, ignore, verbosity, version, help);
    }

    /** -f, else SLURM_CONF, else the default location. */
    Path slurmConf(java.util.Map<String, String> environment) {
        return configFile.orElseGet(() -> Path.of(environment.getOrDefault("SLURM_CONF", "/etc/slurm/slurm.conf")));
    }
}
