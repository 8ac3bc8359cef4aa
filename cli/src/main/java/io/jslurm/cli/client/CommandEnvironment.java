package io.jslurm.cli.client;

import java.io.BufferedOutputStream;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.InstantSource;
import java.time.ZoneId;
import java.util.Map;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * What a controller command runs with: its streams, environment, clock and time zone, user, and the way to its
 * controller. The zone is looked up on first use: reading the zone rules costs a command that prints no time
 * (sbatch) several milliseconds of start-up.
 */
public final class CommandEnvironment {

    /**
     * A class, not {@code ZoneId::systemDefault}: linking a method reference spins method-handle classes at run
     * time on JDK 17, about 8 ms of every command's start-up even with a class-data archive.
     */
    private static final Supplier<ZoneId> SYSTEM_ZONE = new Supplier<>() {
        @Override
        public ZoneId get() {
            return ZoneId.systemDefault();
        }
    };

    private static final UserDirectory SYSTEM_USERS = new HostUsers(new PasswdUsers(Path.of("/etc/passwd")));

    private final PrintStream out;
    private final PrintStream err;
    private final Map<String, String> environment;
    private final InstantSource clock;
    private final Supplier<ZoneId> zoneSource;
    private final ClientIdentity identity;
    private final Controllers controllers;
    private final UserDirectory users;
    private ZoneId zone;

    /** As the full constructor, with the users of /etc/passwd. */
    public CommandEnvironment(PrintStream out, PrintStream err, Map<String, String> environment, InstantSource clock,
            ZoneId zone, ClientIdentity identity, Controllers controllers) {
        this(out, err, environment, clock, zone, identity, controllers, SYSTEM_USERS);
    }

    public CommandEnvironment(PrintStream out, PrintStream err, Map<String, String> environment, InstantSource clock,
            ZoneId zone, ClientIdentity identity, Controllers controllers, UserDirectory users) {
        this(out, err, environment, clock, () -> zone, identity, controllers, users);
        Objects.requireNonNull(zone, "zone is null");
    }

    private CommandEnvironment(PrintStream out, PrintStream err, Map<String, String> environment,
            InstantSource clock, Supplier<ZoneId> zoneSource, ClientIdentity identity, Controllers controllers,
            UserDirectory users) {
        this.out = Objects.requireNonNull(out, "out is null");
        this.err = Objects.requireNonNull(err, "err is null");
        this.environment = Map.copyOf(environment);
        this.clock = Objects.requireNonNull(clock, "clock is null");
        this.zoneSource = zoneSource;
        this.identity = Objects.requireNonNull(identity, "identity is null");
        this.controllers = Objects.requireNonNull(controllers, "controllers is null");
        this.users = Objects.requireNonNull(users, "users is null");
    }

    /** This process: System.out/err, its environment, the system clock and zone, slurm.conf's controller. */
    public static CommandEnvironment ofProcess() {
        return ofProcess(Controllers.fromEnvironment(System.getenv()));
    }

    /** As {@link #ofProcess()}, reaching the controller through {@code controllers}. */
    public static CommandEnvironment ofProcess(Controllers controllers) {
        Map<String, String> environment = System.getenv();
        PrintStream out = new PrintStream(new BufferedOutputStream(new FileOutputStream(FileDescriptor.out), 1 << 16),
                false);
        return new CommandEnvironment(out, System.err, environment, InstantSource.system(), SYSTEM_ZONE,
                ClientIdentity.current(), controllers, SYSTEM_USERS);
    }

    /** Ends the process with {@code status} once output is flushed. */
    public static void exit(CommandEnvironment environment, int status) {
        environment.out().flush();
        environment.err().flush();
        System.exit(status);
    }

    /**
     * Ends the process with {@code status} once output is flushed, without shutdown hooks: only for commands that
     * register none (salloc and srun do, to give their allocation back, and use {@link #exit}). From JDK 21 on
     * {@code System.exit} first asks for the {@code java.lang.Runtime} System.Logger, and finding the logging
     * back end reads every jar on the class path for a service entry: about 11 ms CPU of each command on JDK 25
     * (a JVM that returns from main or halts does not look).
     */
    public static void exitWithoutHooks(CommandEnvironment environment, int status) {
        environment.out().flush();
        environment.err().flush();
        System.out.flush();
        System.err.flush();
        Runtime.getRuntime().halt(status);
    }

    public PrintStream out() {
        return out;
    }

    public PrintStream err() {
        return err;
    }

    public Map<String, String> environment() {
        return environment;
    }

    public InstantSource clock() {
        return clock;
    }

    public ZoneId zone() {
        if (zone == null) {
            zone = zoneSource.get();
        }
        return zone;
    }

    public ClientIdentity identity() {
        return identity;
    }

    public Controllers controllers() {
        return controllers;
    }

    /** Who {@code -u} may name. */
    public UserDirectory users() {
        return users;
    }
}
