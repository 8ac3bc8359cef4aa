package io.jslurm.cli.client;

import io.jslurm.conf.ConfException;
import io.jslurm.conf.ConfLoader;
import io.jslurm.conf.FileSystemConfFiles;
import io.jslurm.conf.slurm.ControllerHost;
import io.jslurm.conf.slurm.SlurmConfig;
import java.io.File;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The {@link ControllerRoute} of a slurm.conf, remembered in the user's cache folder
 * ({@code ${XDG_CACHE_HOME:-~/.cache}/jslurm/conf}) together with the modification time and size of every
 * file the load read or looked for (includes, gres.conf, cgroup.conf). Loading and validating slurm.conf in a
 * fresh JVM was the largest part of one sbatch (14 ms CPU of about 90 on JDK 25, 36 of 110 on JDK 17); the
 * entry is read and checked in well under a millisecond.
 *
 * <p>The behaviour is the full load's: while any of those files differs from its stamp the configuration is
 * loaded in full (same errors, same messages) and the entry rewritten; a configuration with errors is never
 * remembered, nor one whose includes use a glob (new matches would not show in any stamp), nor one named by a
 * relative path. A file modified less than {@link #SETTLE_MILLIS} before the load is not remembered either:
 * a second change within the same millisecond and to the same size would not show in its stamp.
 */
public final class RouteCache {

    static final String HEADER = "jslurm-route 1";
    static final long SETTLE_MILLIS = 2_000;

    private final Optional<Path> folder;
    private final InstantSource clock;
    private final RouteCachePruner pruner;

    public RouteCache(Optional<Path> folder, InstantSource clock) {
        this(folder, clock, RouteCachePruner.standard());
    }

    RouteCache(Optional<Path> folder, InstantSource clock, RouteCachePruner pruner) {
        this.folder = Objects.requireNonNull(folder, "folder is null");
        this.clock = Objects.requireNonNull(clock, "clock is null");
        this.pruner = Objects.requireNonNull(pruner, "pruner is null");
    }

    /** The cache of the user whose environment this is; none without {@code XDG_CACHE_HOME} or {@code HOME}. */
    public static RouteCache forUser(Map<String, String> environment) {
        String base = environment.get("XDG_CACHE_HOME");
        if (base == null || base.isEmpty()) {
            String home = environment.get("HOME");
            base = home == null || home.isEmpty() ? null : home + "/.cache";
        }
        return new RouteCache(base == null ? Optional.empty() : Optional.of(Path.of(base, "jslurm", "conf")),
                InstantSource.system());
    }

    Optional<Path> folder() {
        return folder;
    }

    /** @throws ConfException when slurm.conf cannot be loaded, exactly as {@link ConfLoader#load} says */
    public ControllerRoute route(Path conf) {
        Optional<File> entry = entryFile(conf);
        if (entry.isPresent()) {
            Optional<ControllerRoute> remembered = read(entry.get(), conf.toString());
            if (remembered.isPresent()) {
                return remembered.get();
            }
        }
        ConfFileStamps stamped = new ConfFileStamps(new FileSystemConfFiles());
        SlurmConfig config = new ConfLoader(stamped).load(conf).slurm();
        ClusterAccess access = ClusterAccess.of(config, conf);
        Optional<List<ConfFileStamps.Stamp>> stamps = stamped.stamps();
        if (entry.isPresent() && stamps.isPresent()) {
            Optional<String> text = text(conf, stamps.get(), config, access);
            // Only a new entry can grow the folder, so only then is it pruned (never on a hit).
            if (text.isPresent() && write(entry.get(), text.get())) {
                pruner.prune(entry.get().getParentFile(), entry.get(), clock.millis());
            }
        }
        return access.route();
    }

    private Optional<File> entryFile(Path conf) {
        if (!conf.isAbsolute()) {
            return Optional.empty();
        }
        if (folder.isEmpty()) {
            return Optional.empty();
        }
        // The name only spreads entries; the entry itself names its slurm.conf, so a collision is a miss.
        return Optional.of(new File(folder.get().toFile(), Integer.toHexString(conf.toString().hashCode()) + ".route"));
    }

    /** The entry's lines, or empty when it must not be remembered. */
    private Optional<String> text(Path conf, List<ConfFileStamps.Stamp> stamps, SlurmConfig config,
            ClusterAccess access) {
        long settled = clock.millis() - SETTLE_MILLIS;
        StringBuilder out = new StringBuilder(HEADER).append('\n');
        line(out, "conf", conf.toString());
        for (ConfFileStamps.Stamp stamp : stamps) {
            if (stamp.size() >= 0 && stamp.modified() > settled) {
                return Optional.empty();
            }
            line(out, "file", stamp.modified() + " " + stamp.size() + " " + stamp.path());
        }
        for (ControllerHost host : config.controllers()) {
            line(out, "host", host.connectTo());
        }
        line(out, "ports", config.slurmctldPort().first() + " " + config.slurmctldPort().last());
        line(out, "timeout", Long.toString(access.timeout().toNanos()));
        line(out, "auth", access.route().authType());
        line(out, "keyfile", access.keyFile().toString());
        line(out, "socket", access.credentialSocket().toString());
        String text = out.toString();
        // A value with a line break of its own would read back as another line.
        int breaks = 0;
        for (int i = 0; i < text.length(); i++) {
            breaks += text.charAt(i) == '\n' ? 1 : 0;
        }
        return breaks == stamps.size() + config.controllers().size() + 7 ? Optional.of(text) : Optional.empty();
    }

    private static void line(StringBuilder out, String tag, String value) {
        out.append(tag).append(' ').append(value).append('\n');
    }

    /** The remembered route when the entry is for {@code conf} and every stamp is current; else empty. */
    private static Optional<ControllerRoute> read(File entry, String conf) {
        String text;
        try (InputStream in = new FileInputStream(entry)) {
            text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException none) {
            return Optional.empty();
        }
        String[] lines = text.split("\n");
        if (lines.length < 2 || !lines[0].equals(HEADER) || !lines[1].equals("conf " + conf)) {
            return Optional.empty();
        }
        List<String> hosts = new ArrayList<>();
        int first = -1;
        int last = -1;
        Duration timeout = null;
        String auth = null;
        Path keyFile = null;
        Path socket = null;
        try {
            for (int i = 2; i < lines.length; i++) {
                String line = lines[i];
                int space = line.indexOf(' ');
                String value = line.substring(space + 1);
                switch (line.substring(0, Math.max(space, 0))) {
                    case "file" -> {
                        if (!stampCurrent(value)) {
                            return Optional.empty();
                        }
                    }
                    case "host" -> hosts.add(value);
                    case "ports" -> {
                        int gap = value.indexOf(' ');
                        first = Integer.parseInt(value.substring(0, gap));
                        last = Integer.parseInt(value.substring(gap + 1));
                    }
                    case "timeout" -> timeout = Duration.ofNanos(Long.parseLong(value));
                    case "auth" -> auth = value;
                    case "keyfile" -> keyFile = Path.of(value);
                    case "socket" -> socket = Path.of(value);
                    default -> {
                        return Optional.empty();
                    }
                }
            }
        } catch (RuntimeException damaged) {
            return Optional.empty();
        }
        if (first < 1 || last < first || timeout == null || auth == null || keyFile == null || socket == null) {
            return Optional.empty();
        }
        List<InetSocketAddress> controllers = new ArrayList<>(hosts.size());
        for (String host : hosts) {
            controllers.add(InetSocketAddress.createUnresolved(host, ControllerRoute.pickPort(first, last)));
        }
        return Optional.of(new ControllerRoute(controllers, timeout, auth, keyFile, socket));
    }

    /** "MODIFIED SIZE PATH" still describes the file at PATH. */
    private static boolean stampCurrent(String value) {
        int gap = value.indexOf(' ');
        int next = value.indexOf(' ', gap + 1);
        ConfFileStamps.Stamp stamp = new ConfFileStamps.Stamp(value.substring(next + 1),
                Long.parseLong(value.substring(0, gap)), Long.parseLong(value.substring(gap + 1, next)));
        return stamp.current();
    }

    /**
     * Written under a name of its own and renamed, so a reader never sees half an entry; failures only cost speed.
     * Returns whether the entry was written.
     */
    private static boolean write(File entry, String text) {
        File dir = entry.getParentFile();
        File tmp = new File(dir, entry.getName() + "." + Long.toHexString(ThreadLocalRandom.current().nextLong()));
        try {
            if (!dir.isDirectory() && !dir.mkdirs()) {
                return false;
            }
            try (OutputStream out = new FileOutputStream(tmp)) {
                out.write(text.getBytes(StandardCharsets.UTF_8));
            }
            if (tmp.renameTo(entry)) {
                return true;
            }
            tmp.delete();
        } catch (IOException unwritable) {
            tmp.delete();
        }
        return false;
    }
}
