package io.jslurm.slurmd.daemon;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.ThreadLocalRandom;

/** A real user made with useradd for one test class and deleted after it; tests run as root. */
final class TestAccount implements AutoCloseable {
    final String name;
    final int uid;
    final int gid;

    private TestAccount(String name) throws IOException {
        this.name = name;
        this.uid = Integer.parseInt(exec("id", "-u", name));
        this.gid = Integer.parseInt(exec("id", "-g", name));
    }

    static TestAccount create() throws IOException {
        String name = "jsld" + ThreadLocalRandom.current().nextInt(100_000, 1_000_000);
        exec("useradd", "--no-create-home", "--shell", "/bin/bash", name);
        return new TestAccount(name);
    }

    /** A directory the user owns, for the job's work directory and output. */
    Path ownDirectory(Path parent, String name) throws IOException {
        Path dir = Files.createDirectories(parent.resolve(name));
        Files.setAttribute(dir, "unix:uid", uid);
        Files.setAttribute(dir, "unix:gid", gid);
        return dir;
    }

    @Override
    public void close() throws IOException {
        exec("userdel", name);
    }

    private static String exec(String... command) throws IOException {
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
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
