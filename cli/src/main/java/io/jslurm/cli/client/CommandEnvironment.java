package io.jslurm.cli.client;

import java.io.PrintStream;
import java.time.InstantSource;
import java.time.ZoneId;
import java.util.Map;
import java.util.Objects;

/**
 * What a controller command runs with: its streams, environment, clock and time zone, user, and the
 * way to its controller.
 */
public record CommandEnvironment(PrintStream out, PrintStream err, Map<String, String> environment,
        InstantSource clock, ZoneId zone, ClientIdentity identity, Controllers controllers) {

    public CommandEnvironment {
        Objects.requireNonNull(out, "out is null");
        Objects.requireNonNull(err, "err is null");
        environment = Map.copyOf(environment);
        Objects.requireNonNull(clock, "clock is null");
        Objects.requireNonNull(zone, "zone is null");
        Objects.requireNonNull(identity, "identity is null");
        Objects.requireNonNull(controllers, "controllers is null");
    }

    /** This process: System.out/err, its environment, the system clock and zone, slurm.conf's controller. */
    public static CommandEnvironment ofProcess() {
        Map<String, String> environment = System.getenv();
        return new CommandEnvironment(new PrintStream(
                new java.io.BufferedOutputStream(new java.io.FileOutputStream(java.io.FileDescriptor.out), 1 << 16), false),
                System.err, environment, InstantSource.system(), ZoneId.systemDefault(), ClientIdentity.current(),
                Controllers.fromEnvironment(environment));
    }

    /** Runs a command's main: exit with its status once output is flushed. */
    public static void exit(CommandEnvironment environment, int status) {
        environment.out().flush();
        environment.err().flush();
        System.exit(status);
    }
}
