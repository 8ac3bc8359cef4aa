package io.jslurm.cli.testing;

import io.jslurm.cli.client.ClientIdentity;
import io.jslurm.cli.client.CommandEnvironment;
import io.jslurm.cli.client.ControllerException;
import io.jslurm.cli.client.Controllers;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.InstantSource;
import java.time.ZoneOffset;
import java.util.Map;

/**
 * A command's streams captured, at {@link Records#NOW} in UTC, as alice, with the given controller; the host knows
 * the users of {@link Records}' jobs: alice (1000), bob (1001) and carol (1002).
 */
public final class Console {

    private static final Map<String, String> USERS = Map.of("alice", "1000", "bob", "1001", "carol", "1002");

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();
    private final CommandEnvironment env;

    private Console(Map<String, String> environment, Controllers controllers) {
        env = new CommandEnvironment(new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), environment, InstantSource.fixed(Records.NOW),
                ZoneOffset.UTC, new ClientIdentity(1000, 100, "alice"), controllers,
                user -> USERS.containsKey(user) || USERS.containsValue(user));
    }

    /** No controller at all: any request fails as an unreachable one does. */
    public static Console offline() {
        return offline(Map.of());
    }

    public static Console offline(Map<String, String> environment) {
        return new Console(environment, () -> {
            throw ControllerException.unreachable();
        });
    }

    public static Console with(Map<String, String> environment, Controllers controllers) {
        return new Console(environment, controllers);
    }

    public CommandEnvironment env() {
        return env;
    }

    public String out() {
        return out.toString(StandardCharsets.UTF_8);
    }

    public String err() {
        return err.toString(StandardCharsets.UTF_8);
    }
}
