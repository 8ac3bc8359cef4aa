package io.jslurm.slurmd.launch;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

/**
 * A real user and supplementary group made with useradd/groupadd for one test class, and removed
 * after it; the tests run as root.
 */
final class TestUser implements AutoCloseable {
    final String name;
    final String extraGroup;
    final int uid;
    final int gid;
    final int extraGid;

    private TestUser(String name, String extraGroup) throws IOException {
        this.name = name;
        this.extraGroup = extraGroup;
        this.uid = Integer.parseInt(run("id", "-u", name));
        this.gid = Integer.parseInt(run("id", "-g", name));
        this.extraGid = Integer.parseInt(run("getent", "group", extraGroup).split(":")[2]);
    }

    static TestUser create() throws IOException {
        String suffix = Integer.toString(ThreadLocalRandom.current().nextInt(100_000, 1_000_000));
        String group = "jslg" + suffix;
        String user = "jslu" + suffix;
        run("groupadd", group);
        run("useradd", "--no-create-home", "--shell", "/bin/bash", "--groups", group, user);
        return new TestUser(user, group);
    }

    JobUser jobUser() {
        return new JobUser(name, uid, gid);
    }

    @Override
    public void close() throws IOException {
        run("userdel", "--force", name);
        run("groupdel", extraGroup);
    }

    static String run(String... command) throws IOException {
        Process process = new ProcessBuilder(List.of(command)).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        try {
            if (process.waitFor() != 0) {
                throw new IOException(String.join(" ", command) + " failed: " + output);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException(e);
        }
        return output;
    }
}
