package io.jslurm.cli.sdiag;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.function.LongFunction;

/**
 * uid to user name from a passwd file, as sdiag shows callers (and sacctmgr who set a node's reason); an unknown
 * uid shows as its number.
 */
public final class UserNames implements LongFunction<String> {

    private final Map<Long, String> names = new HashMap<>();

    public UserNames(Path passwd) {
        try {
            for (String line : Files.readAllLines(passwd)) {
                String[] fields = line.split(":", -1);
                if (fields.length > 2) {
                    try {
                        names.putIfAbsent(Long.parseLong(fields[2]), fields[0]);
                    } catch (NumberFormatException notAnEntry) {
                        // a comment or a NIS "+" line: nothing to map
                    }
                }
            }
        } catch (IOException unreadable) {
            // every uid shows as a number
        }
    }

    @Override
    public String apply(long uid) {
        return names.getOrDefault(uid, Long.toString(uid));
    }

    /** The uid of a user name, or of a number given as such; empty for a name the file does not have. */
    public java.util.OptionalLong uidOf(String name) {
        for (Map.Entry<Long, String> e : names.entrySet()) {
            if (e.getValue().equals(name)) {
                return java.util.OptionalLong.of(e.getKey());
            }
        }
        try {
            return java.util.OptionalLong.of(Long.parseLong(name));
        } catch (NumberFormatException notANumber) {
            return java.util.OptionalLong.empty();
        }
    }
}
