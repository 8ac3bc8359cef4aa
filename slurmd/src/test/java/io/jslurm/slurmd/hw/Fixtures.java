package io.jslurm.slurmd.hw;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/** The fixture host trees under src/test/resources/hosts. */
public final class Fixtures {
    /** This build machine's shape: a 2-vCPU AMD EPYC VM, one socket, no SMT, 23.5 GiB. */
    public static final String EPYC_2CPU_VM = "epyc-2cpu-vm";
    /** Two sockets of 32 cores with 2 threads each (128 CPUs), sparse core ids, 2 NUMA nodes, 1 TiB. */
    public static final String DUAL_SOCKET_SMT = "dual-socket-smt";
    /** One CPU, no sysfs topology: only /proc/cpuinfo without physical or core ids. */
    public static final String SINGLE_CPU_VM = "single-cpu-vm";

    private Fixtures() {
    }

    public static Path root(String name) {
        try {
            return Path.of(Fixtures.class.getResource("/hosts/" + name).toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    public static HostFiles host(String name) {
        return new HostFiles(root(name));
    }

    /** Copies a fixture tree into {@code target} without the files under {@code skipped} (relative). */
    public static HostFiles copyWithout(String name, String skipped, Path target) {
        Path source = root(name);
        try (Stream<Path> files = Files.walk(source)) {
            for (Path file : (Iterable<Path>) files::iterator) {
                Path relative = source.relativize(file);
                if (relative.startsWith(skipped)) {
                    continue;
                }
                Path copy = target.resolve(relative.toString());
                if (Files.isDirectory(file)) {
                    Files.createDirectories(copy);
                } else {
                    Files.copy(file, copy);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new HostFiles(target);
    }
}
