package io.jslurm.protocol.auth;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;

/**
 * Resolves names through {@code getent passwd|group NAME}, i.e. through NSS, so users from LDAP or
 * SSSD resolve exactly as they do for the rest of the system (plain /etc/passwd parsing would
 * miss them). Answers are cached briefly because every credential request needs one.
 * Names that are all digits are taken as ids: the JDK reports a user without a passwd entry by
 * its number.
 */
public final class GetentUserDirectory implements UserDirectory {
    private static final int CACHE_ENTRIES = 4096;

    private record Cached(OptionalLong id, Instant until) {
    }

    private final InstantSource clock;
    private final Duration cacheFor;
    private final Duration commandTimeout;
    private final Map<String, Cached> cache = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Cached> eldest) {
            return size() > CACHE_ENTRIES;
        }
    };

    public GetentUserDirectory(InstantSource clock, Duration cacheFor, Duration commandTimeout) {
        this.clock = Objects.requireNonNull(clock, "clock");
        this.cacheFor = Objects.requireNonNull(cacheFor, "cacheFor");
        this.commandTimeout = Objects.requireNonNull(commandTimeout, "commandTimeout");
    }

    public GetentUserDirectory(InstantSource clock) {
        this(clock, Duration.ofMinutes(1), Duration.ofSeconds(5));
    }

    @Override
    public OptionalLong uidOf(String userName) throws IOException {
        return lookup("passwd", userName);
    }

    @Override
    public OptionalLong gidOf(String groupName) throws IOException {
        return lookup("group", groupName);
    }

    /**
     * Whether NSS has a passwd entry for this user name or uid (uncached: the commands that ask are short-lived and
     * ask once).
     */
    public boolean hasUser(String nameOrUid) throws IOException {
        return !nameOrUid.isEmpty() && !runGetent("passwd", nameOrUid).isBlank();
    }

    private OptionalLong lookup(String database, String name) throws IOException {
        if (!name.isEmpty() && name.chars().allMatch(Character::isDigit)) {
            return OptionalLong.of(Long.parseLong(name));
        }
        String cacheKey = database + ':' + name;
        Instant now = clock.instant();
        synchronized (cache) {
            Cached hit = cache.get(cacheKey);
            if (hit != null && hit.until.isAfter(now)) {
                return hit.id;
            }
        }
        OptionalLong id = idFromEntry(runGetent(database, name), name);
        synchronized (cache) {
            cache.put(cacheKey, new Cached(id, now.plus(cacheFor)));
        }
        return id;
    }

    private String runGetent(String database, String name) throws IOException {
        Process process = new ProcessBuilder("getent", database, name).redirectErrorStream(true).start();
        try {
            byte[] out = process.getInputStream().readNBytes(64 * 1024);
            if (!process.waitFor(commandTimeout.toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly();
                throw new IOException("getent " + database + " " + name + " timed out");
            }
            // Exit status 2 means "not found"; anything else unexpected shows up as an unparsable line.
            return process.exitValue() == 0 ? new String(out, StandardCharsets.UTF_8) : "";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
            throw new IOException("interrupted while running getent", e);
        }
    }

    /**
     * The id (third field) of the passwd or group line for exactly this name; both formats
     * start {@code name:password:id:}.
     */
    static OptionalLong idFromEntry(String output, String name) {
        for (String line : output.split("\n")) {
            String[] fields = line.split(":", -1);
            if (fields.length >= 3 && fields[0].equals(name)) {
                try {
                    long id = Long.parseLong(fields[2].trim());
                    if (id >= 0 && id <= Identity.MAX_ID) {
                        return OptionalLong.of(id);
                    }
                } catch (NumberFormatException e) {
                    return OptionalLong.empty();
                }
            }
        }
        return OptionalLong.empty();
    }
}
