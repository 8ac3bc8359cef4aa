package io.jslurm.cli.scontrol;

import io.jslurm.common.hostlist.Hostlist;
import io.jslurm.common.hostlist.HostlistException;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * {@code show hostnames|hostlist|hostlistsorted [LIST]}: pure hostlist arithmetic, no daemon needed. The
 * list may be an absolute path of a file of names; with no list, {@code SLURM_JOB_NODELIST} is used.
 */
final class HostlistShow {

    private static final String EMPTY = "scontrol: error: host list is empty";

    private final PrintStream out;
    private final PrintStream err;
    private final Map<String, String> environment;

    HostlistShow(PrintStream out, PrintStream err, Map<String, String> environment) {
        this.out = out;
        this.err = err;
        this.environment = environment;
    }

    int hostnames(String expression) {
        if (listText(expression) == null) {
            // Slurm's scontrol reports the missing list but still exits 0 for hostnames (not for hostlist).
            err.println(EMPTY);
            return 0;
        }
        Hostlist hosts = read(expression);
        if (hosts == null) {
            return 1;
        }
        StringBuilder lines = new StringBuilder();
        for (String host : hosts.hosts()) {
            lines.append(host).append('\n');
        }
        out.print(lines);
        return 0;
    }

    int hostlist(String expression, boolean sorted) {
        Hostlist hosts = read(expression);
        if (hosts == null) {
            return 1;
        }
        out.println((sorted ? hosts.sorted() : hosts).ranged());
        return 0;
    }

    /** The list given, else the job's node list; null when neither has any text. */
    private String listText(String expression) {
        String text = expression != null ? expression : environment.get("SLURM_JOB_NODELIST");
        return text == null || text.isBlank() ? null : text;
    }

    /** The parsed list, or null after printing why there is none. */
    private Hostlist read(String expression) {
        String text = listText(expression);
        if (text == null) {
            err.println(EMPTY);
            return null;
        }
        try {
            if (text.startsWith("/")) {
                text = Files.readString(Path.of(text));
            }
            Hostlist hosts = Hostlist.parse(text);
            if (hosts.isEmpty()) {
                err.println(EMPTY);
                return null;
            }
            return hosts;
        } catch (HostlistException e) {
            err.println("scontrol: error: " + e.getMessage());
        } catch (IOException e) {
            err.println("scontrol: error: cannot read host list file " + text + ": " + e.getMessage());
        }
        return null;
    }
}
