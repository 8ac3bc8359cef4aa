package io.jslurm.it;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/** A second local user for permission scenarios: created once (root only), and commands run as them. */
final class TestUsers {

    private TestUsers() {
    }

    static String ensure(String name) throws IOException, InterruptedException {
        if (new ProcessBuilder("id", "-u", name).start().waitFor() != 0) {
            Process add = new ProcessBuilder("useradd", "--no-create-home", "--shell", "/bin/bash", name)
                    .inheritIO().start();
            if (add.waitFor() != 0) {
                throw new IllegalStateException("cannot create test user " + name + " (needs root)");
            }
        }
        return name;
    }

    /** A test user who is also a member of {@code group} (created when missing), for AllowGroups scenarios. */
    static String ensureInGroup(String name, String group) throws IOException, InterruptedException {
        if (new ProcessBuilder("getent", "group", group).start().waitFor() != 0
                && new ProcessBuilder("groupadd", group).inheritIO().start().waitFor() != 0) {
            throw new IllegalStateException("cannot create test group " + group + " (needs root)");
        }
        ensure(name);
        if (new ProcessBuilder("usermod", "-aG", group, name).inheritIO().start().waitFor() != 0) {
            throw new IllegalStateException("cannot add " + name + " to group " + group);
        }
        return name;
    }

    /** Runs any program as {@code user} from the cluster's work directory. */
    static Distribution.Result runAsProgram(Cluster cluster, String user, String program, String... args)
            throws IOException, InterruptedException {
        List<String> argv = new ArrayList<>(List.of("setpriv", "--reuid=" + user, "--regid=" + user, "--init-groups",
                program));
        argv.addAll(List.of(args));
        return Distribution.fromBuild().runArgv(cluster.workDir(), cluster.environment(), argv, 60);
    }

    /** Runs a command of the distribution as {@code user}, with the cluster's environment. */
    static Distribution.Result runAs(Cluster cluster, String user, String command, String... args)
            throws IOException, InterruptedException {
        Distribution dist = Distribution.fromBuild();
        List<String> argv = new ArrayList<>(List.of("setpriv", "--reuid=" + user, "--regid=" + user, "--init-groups",
                "env", "SLURM_CONF=" + cluster.environment().get("SLURM_CONF"), dist.bin(command).toString()));
        argv.addAll(List.of(args));
        return dist.runArgv(cluster.workDir(), cluster.environment(), argv, 60);
    }
}
