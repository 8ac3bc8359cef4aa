package io.jslurm.slurmd.gpu;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.jna.Function;
import com.sun.jna.NativeLibrary;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The stand-in libnvidia-ml.so compiled from src/test/native by the test build, and the GPU
 * descriptions under src/test/resources/nvml it can be told to report.
 */
public final class FakeNvml {
    /**
     * Held for the whole test run: JNA closes a library whose last NativeLibrary is collected, and
     * reopening it would start the stand-in afresh, losing the GPUs it was told to report.
     */
    private static final NativeLibrary LIBRARY = NativeLibrary.getInstance(libraryPath());

    private FakeNvml() {
    }

    /** Absolute path of the compiled stand-in library. */
    public static String libraryPath() {
        String path = System.getProperty("fake.nvml.library");
        assertThat(path).as("system property fake.nvml.library (set by the build)").isNotNull();
        assertThat(Path.of(path)).as("the stand-in NVML library compiled by the test build").isRegularFile();
        return path;
    }

    public static Path config(String name) {
        try {
            Path file = Path.of(FakeNvml.class.getResource("/nvml/" + name).toURI());
            assertThat(Files.isRegularFile(file)).isTrue();
            return file;
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Makes the stand-in report the GPUs of {@code src/test/resources/nvml/<name>}; returns the library path. */
    public static String reporting(String name) {
        int rc = function("fake_nvml_configure").invokeInt(new Object[] {config(name).toString()});
        assertThat(rc).as("fake_nvml_configure(" + name + ")").isZero();
        return libraryPath();
    }

    /** How many nvmlInit_v2 calls are not yet matched by nvmlShutdown. */
    public static int initDepth() {
        return function("fake_nvml_init_depth").invokeInt(new Object[0]);
    }

    private static Function function(String name) {
        return LIBRARY.getFunction(name);
    }
}
