package io.jslurm.it;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** The assembled distribution under test, and a way to run its commands as a user would. */
public final class Distribution {

    private final Path home;

    private Distribution(Path home) {
        this.home = home;
    }

    public static Distribution fromBuild() {
        Path home = Path.of(System.getProperty("jslurm.home", "../dist/target/jslurm")).toAbsolutePath().normalize();
        if (!Files.isExecutable(home.resolve("bin/scontrol"))) {
            throw new IllegalStateException("no distribution at " + home + ": run ./mvnw package first");
        }
        return new Distribution(home);
    }

    public Path home() {
        return home;
    }

    public Path bin(String command) {
        return home.resolve("bin").resolve(command);
    }

    /** What a finished command printed and returned. */
    public record Result(int exitCode, String stdout, String stderr) {
    }

    public Result run(Map<String, String> environment, String command, String... args)
            throws IOException, InterruptedException {
        return run(Path.of("").toAbsolutePath(), environment, command, args);
    }

    /** Runs a command from {@code workDir}, as a user would from their shell there. */
    public Result run(Path workDir, Map<String, String> environment, String command, String... args)
            throws IOException, InterruptedException {
        List<String> argv = new ArrayList<>();
        argv.add(bin(command).toString());
        argv.addAll(List.of(args));
        return runArgv(workDir, environment, argv, 60);
    }

    /** Runs any program (a shell, a test user's command) with a time limit in seconds. */
    public Result runArgv(Path workDir, Map<String, String> environment, List<String> argv, int timeoutSeconds)
            throws IOException, InterruptedException {
        Path stdout = Files.createTempFile("jslurm-it", ".out");
        Path stderr = Files.createTempFile("jslurm-it", ".err");
        try {
            ProcessBuilder builder = new ProcessBuilder(argv).directory(workDir.toFile()).redirectOutput(stdout.toFile())
                    .redirectError(stderr.toFile()).redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
            builder.environment().putAll(environment);
            Process process = builder.start();
            if (!process.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new IllegalStateException(String.join(" ", argv) + " did not finish within " + timeoutSeconds + " s");
            }
            return new Result(process.exitValue(), Files.readString(stdout, StandardCharsets.UTF_8),
                    Files.readString(stderr, StandardCharsets.UTF_8));
        } finally {
            Files.deleteIfExists(stdout);
            Files.deleteIfExists(stderr);
        }
    }

    public Result run(String command, String... args) throws IOException, InterruptedException {
        return run(Map.of(), command, args);
    }
}
