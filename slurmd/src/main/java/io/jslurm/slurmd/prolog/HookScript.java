package io.jslurm.slurmd.prolog;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Runs one administrator program (Prolog, Epilog, TaskProlog, TaskEpilog) to its end or its time
 * limit. Its stdout goes to a temporary file rather than a pipe, so a program that writes a lot
 * never blocks on a reader and no thread is needed per run; stderr is dropped, as slurmd does.
 */
public final class HookScript {

    private HookScript() {
    }

    /**
     * @param command the program and its arguments (already wrapped in setpriv when it runs as the user)
     * @param timeout killed with its whole process tree after this long
     */
    public static ScriptResult run(List<String> command, Map<String, String> env, Path workDir, Duration timeout)
            throws IOException, InterruptedException {
        Path out = Files.createTempFile("jslurm-hook", ".out");
        try {
            ProcessBuilder builder = new ProcessBuilder(command)
                    .directory(workDir.toFile())
                    .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                    .redirectOutput(out.toFile())
                    .redirectError(ProcessBuilder.Redirect.DISCARD);
            builder.environment().clear();
            builder.environment().putAll(env);
            Process process = builder.start();
            boolean ended = process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
            if (!ended) {
                process.descendants().forEach(ProcessHandle::destroyForcibly);
                process.destroyForcibly();
                process.waitFor();
                return new ScriptResult(0, 9, true, read(out));
            }
            int status = process.exitValue();
            // The JDK reports a signal as 128 + signal; the programs here are exec'd directly,
            // so that can only be a signal (a shell's own "exit 137" reads the same and counts as failure either way).
            return status > 128 && status < 128 + 65 ? new ScriptResult(0, status - 128, false, read(out))
                    : new ScriptResult(status, 0, false, read(out));
        } finally {
            Files.deleteIfExists(out);
        }
    }

    private static String read(Path out) throws IOException {
        return Files.readString(out, StandardCharsets.UTF_8);
    }
}
