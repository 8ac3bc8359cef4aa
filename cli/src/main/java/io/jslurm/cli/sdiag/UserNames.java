package io.jslurm.cli.sdiag;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.function.LongFunction;

/** uid to user name from a passwd file, as sdiag shows callers; an unknown uid shows as its number. */
final class UserNames implements LongFunction<String> {

    private final Map<Long, String> names = new HashMap<>();

    UserNames(Path passwd) {
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
}
