package io.jslurm.slurmctld;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * Hands a test method (or its {@code @BeforeEach}) a fresh {@link ControllerFixture} in a directory of its own, and
 * closes it and removes the directory when the test ends: the set-up many RPC tests share.
 */
public final class ControllerFixtureExtension implements ParameterResolver {

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
        return parameter.getParameter().getType() == ControllerFixture.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
        // One fixture per test: @BeforeEach and the test method of one test share the method's store.
        return context.getStore(ExtensionContext.Namespace.create(ControllerFixtureExtension.class))
                .getOrComputeIfAbsent(OpenFixture.class, key -> OpenFixture.start(), OpenFixture.class)
                .fixture();
    }

    /** Closed by JUnit with the test's store. */
    private record OpenFixture(Path dir, ControllerFixture fixture) implements AutoCloseable {
        static OpenFixture start() {
            try {
                Path dir = Files.createTempDirectory("controller-fixture");
                return new OpenFixture(dir, new ControllerFixture(dir));
            } catch (Exception e) {
                throw new IllegalStateException("cannot start the controller fixture", e);
            }
        }

        @Override
        public void close() throws Exception {
            try {
                fixture.close();
            } finally {
                List<Path> paths;
                try (Stream<Path> walk = Files.walk(dir)) {
                    paths = walk.sorted(Comparator.reverseOrder()).toList();
                }
                for (Path path : paths) {
                    try {
                        Files.deleteIfExists(path);
                    } catch (IOException e) {
                        // A socket or file still held by a closing thread: the temporary directory is left behind.
                    }
                }
            }
        }
    }
}
