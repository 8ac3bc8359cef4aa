package io.jslurm.slurmd.cgroup;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Finding child cgroups among a cgroup's interface files. */
class CgroupFilesTest {

    @TempDir
    Path dir;

    @Test
    void findsEveryChildDirectoryWhateverItsName() throws Exception {
        for (String file : new String[] {"cgroup.procs", "memory.limit_in_bytes", "tasks", "notify_on_release"}) {
            Files.writeString(dir.resolve(file), "");
        }
        Files.createDirectories(dir.resolve("job_1/step_batch"));
        Files.createDirectories(dir.resolve("job_1/step_0"));
        Files.createDirectories(dir.resolve("odd.name/inner"));
        Files.writeString(dir.resolve("job_1/cgroup.procs"), "");

        assertThat(CgroupFiles.subdirectories(dir)).extracting(p -> p.getFileName().toString())
                .containsExactlyInAnyOrder("job_1", "odd.name");
        assertThat(CgroupFiles.childNames(dir, "job_")).containsExactly("job_1");
        assertThat(CgroupFiles.descendantsDeepestFirst(dir)).map(p -> dir.relativize(p).toString())
                .containsExactlyInAnyOrder("job_1", "job_1/step_batch", "job_1/step_0", "odd.name", "odd.name/inner")
                .satisfies(list -> assertThat(list.indexOf("job_1/step_0")).isLessThan(list.indexOf("job_1")));
    }

    @Test
    void aLeafHasNoChildren() throws Exception {
        Files.writeString(dir.resolve("cgroup.procs"), "");
        assertThat(CgroupFiles.subdirectories(dir)).isEmpty();
        assertThat(CgroupFiles.descendantsDeepestFirst(dir.resolve("gone"))).isEmpty();
    }
}
