package io.jslurm.cli.sreport;

import io.jslurm.cli.client.SystemFiles;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Users' full names (the GECOS field's first part) from the password file, for sreport's Proper Name. */
final class ProperNames {

    private final Map<String, String> names;

    private ProperNames(Map<String, String> names) {
        this.names = names;
    }

    static ProperNames of(List<String> passwdLines) {
        Map<String, String> names = new HashMap<>();
        for (String line : passwdLines) {
            String[] f = line.split(":", -1);
            if (f.length >= 5) {
                names.put(f[0], f[4].split(",", -1)[0]);
            }
        }
        return new ProperNames(names);
    }

    static ProperNames fromSystem() {
        return of(SystemFiles.passwd());
    }

    /** The user's full name; empty when the password file has none. */
    String of(String user) {
        return names.getOrDefault(user, "");
    }
}
