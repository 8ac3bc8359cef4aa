package io.jslurm.cli.scontrol;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ScontrolHostlistTest {

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int run(Map<String, String> env, String... args) {
        return new Scontrol(new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), env).run(args);
    }

    private String out() {
        return out.toString(StandardCharsets.UTF_8);
    }

    private String err() {
        return err.toString(StandardCharsets.UTF_8);
    }

    @Test
    void showHostnamesPrintsOneNamePerLine() {
        assertThat(run(Map.of(), "show", "hostnames", "gpu-node[01-04,07]")).isZero();
        assertThat(out()).isEqualTo("gpu-node01\ngpu-node02\ngpu-node03\ngpu-node04\ngpu-node07\n");
    }

    @Test
    void keywordsAreCaseInsensitiveAndAbbreviable() {
        assertThat(run(Map.of(), "SHOW", "HostName", "n[1-2]")).isZero();
        assertThat(out()).isEqualTo("n1\nn2\n");
    }

    @Test
    void showHostnamesDefaultsToTheJobNodelist() {
        assertThat(run(Map.of("SLURM_JOB_NODELIST", "gpu-node[09-10]"), "show", "hostnames")).isZero();
        assertThat(out()).isEqualTo("gpu-node09\ngpu-node10\n");
    }

    @Test
    void showHostnamesWithNoListAndNoJobNodelistSaysSoAndExitsZeroAsSlurmDoes() {
        assertThat(run(Map.of(), "show", "hostnames")).isZero();
        assertThat(run(Map.of("SLURM_JOB_NODELIST", ""), "show", "hostnames", "")).isZero();
        assertThat(out()).isEmpty();
        assertThat(err()).isEqualTo("scontrol: error: host list is empty\nscontrol: error: host list is empty\n");
    }

    @Test
    void showHostlistCompressesKeepingOrderAndSortedSorts() {
        assertThat(run(Map.of(), "show", "hostlist", "n3,n1,n2")).isZero();
        assertThat(run(Map.of(), "show", "hostlistsorted", "n3,n1,n2")).isZero();
        assertThat(out()).isEqualTo("n[3,1-2]\nn[1-3]\n");
    }

    @Test
    void readsNamesFromAnAbsoluteFilePath(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("hosts");
        Files.writeString(file, "gpu-node01\ngpu-node02\ngpu-node03\n");
        assertThat(run(Map.of(), "show", "hostlist", file.toString())).isZero();
        assertThat(out()).isEqualTo("gpu-node[01-03]\n");
    }

    @Test
    void invalidHostlistIsAnErrorNamingIt() {
        assertThat(run(Map.of(), "show", "hostnames", "n[5-1]")).isEqualTo(1);
        assertThat(out()).isEmpty();
        assertThat(err()).isEqualTo("scontrol: error: Invalid hostlist: n[5-1] (range '5-1' runs backwards)\n");
    }

    @Test
    void badKeywordsGetScontrolsMessages() {
        assertThat(run(Map.of(), "foo")).isEqualTo(1);
        assertThat(run(Map.of(), "show")).isEqualTo(1);
        assertThat(run(Map.of(), "show", "foo")).isEqualTo(1);
        assertThat(run(Map.of(), "show", "hostnames", "n1", "n2")).isEqualTo(1);
        assertThat(run(Map.of(), "update")).isEqualTo(1);
        assertThat(run(Map.of(), "ping", "x")).isEqualTo(1);
        assertThat(run(Map.of(), "show", "job", "abc")).isEqualTo(1);
        assertThat(err()).isEqualTo("""
                invalid keyword: foo
                too few arguments for keyword:show
                invalid entity:foo for keyword:show\s
                too many arguments for keyword:show
                too few arguments for update keyword
                too many arguments for keyword:ping
                scontrol_print_job error: Invalid job id specified
                """);
    }

    @Test
    void commandsNotBuiltYetSaySo() {
        assertThat(run(Map.of(), "show", "topology")).isEqualTo(1);
        assertThat(out()).isEmpty();
        assertThat(err()).contains("'show topology' is not implemented yet");
    }
}
