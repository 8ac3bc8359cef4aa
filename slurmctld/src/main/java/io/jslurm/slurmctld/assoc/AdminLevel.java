package io.jslurm.slurmctld.assoc;

import java.util.Locale;

/** sacctmgr's AdminLevel of a user: operators and administrators may act on other users' jobs. */
public enum AdminLevel {
    NONE, OPERATOR, ADMINISTRATOR;

    public static AdminLevel parse(String text) {
        return switch (text.strip().toLowerCase(Locale.ROOT)) {
            case "operator" -> OPERATOR;
            case "administrator", "admin" -> ADMINISTRATOR;
            default -> NONE;
        };
    }

    public boolean atLeast(AdminLevel other) {
        return compareTo(other) >= 0;
    }
}
