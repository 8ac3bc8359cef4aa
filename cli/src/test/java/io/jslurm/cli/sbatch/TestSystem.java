package io.jslurm.cli.sbatch;

import io.jslurm.cli.submit.SubmitContext;
import io.jslurm.cli.submit.Submitter;
import io.jslurm.cli.submit.SystemAccess;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.InstantSource;
import java.time.ZoneId;
import java.util.Map;
import java.util.OptionalInt;

/** A submitting process for tests: files from a test resource folder, a fixed user, host, clock and directory. */
final class TestSystem implements SystemAccess {

    static final String WORK_DIR = "/home/alice/work";
    static final Submitter ALICE = new Submitter(1000, 100, "alice", "login1", 4242);
    static final Instant NOW = Instant.parse("2026-03-02T10:15:30Z");
    static final ZoneId ZONE = ZoneId.of("Asia/Shanghai");

    private final Path files;
    private final String standardInput;

    private TestSystem(Path files, String standardInput) {
        this.files = files;
        this.standardInput = standardInput;
    }

    /** Files come from {@code src/test/resources/sbatch/<folder>}. */
    static SubmitContext context(String folder, Map<String, String> environment) {
        return context(folder, environment, "");
    }

    static SubmitContext context(String folder, Map<String, String> environment, String standardInput) {
        return new SubmitContext(environment, WORK_DIR, ALICE, InstantSource.fixed(NOW),
                new TestSystem(resource(folder), standardInput));
    }

    static Path resource(String folder) {
        try {
            return Path.of(TestSystem.class.getResource(folder.isEmpty() ? "/sbatch" : "/sbatch/" + folder).toURI());
        } catch (URISyntaxException impossible) {
            throw new IllegalStateException(impossible);
        }
    }

    static String read(String folder, String name) {
        try {
            return Files.readString(resource(folder).resolve(name));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public String readFile(String path) throws IOException {
        return new String(Files.readAllBytes(files.resolve(path)), StandardCharsets.UTF_8);
    }

    @Override
    public ZoneId zone() {
        return ZONE;
    }

    @Override
    public String readStandardInput() {
        return standardInput;
    }

    @Override
    public OptionalInt uidOf(String user) {
        return user.equals("alice") ? OptionalInt.of(1000) : OptionalInt.empty();
    }

    @Override
    public OptionalInt gidOf(String group) {
        return group.equals("users") ? OptionalInt.of(100) : OptionalInt.empty();
    }
}
