package io.jslurm.slurmd.launch;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class FilenamePatternTest {
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "out-%j.log        | out-4242.log",
            "%J.out            | 4242.out",
            "%x-%u.out         | train-alice.out",
            "%N/%n/%t/%s       | gpu-node01/0/0/batch",
            "100%%.out         | 100%.out",
            "job%8j.out        | job00004242.out",
            "%2j.out           | 4242.out",
            "%A_%a.out         | 4242_4294967294.out",
            "plain.out         | plain.out",
            "%q-unknown.out    | %q-unknown.out",
            "trailing%         | trailing%",
            "literal\\%j.out   | literal%j.out",
    })
    void symbolsOfAPlainJob(String pattern, String expected) {
        assertThat(FilenamePattern.expand(pattern.trim(), Jobs.plain())).isEqualTo(expected);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "%A_%a.out  | 4200_7.out",
            "%A_%4a.out | 4200_0007.out",
            "%j.out     | 4242.out",
    })
    void arrayTaskSymbols(String pattern, String expected) {
        assertThat(FilenamePattern.expand(pattern.trim(), new Jobs().arrayTask7().build())).isEqualTo(expected);
    }

    @Test
    void defaultsFollowSlurm() {
        assertThat(FilenamePattern.defaultOutput(Jobs.plain())).isEqualTo("slurm-%j.out");
        assertThat(FilenamePattern.defaultOutput(new Jobs().arrayTask7().build())).isEqualTo("slurm-%A_%a.out");
    }

    @Test
    void stdioDefaultsToDevNullInAndOneOutputFile() {
        StdioFiles files = StdioFiles.of(Jobs.plain());
        assertThat(files.input()).isEqualTo(Path.of("/dev/null"));
        assertThat(files.output()).isEqualTo(Path.of("slurm-4242.out"));
        assertThat(files.error()).isEqualTo(files.output());
    }

    @Test
    void stdioPatternsAreExpandedEach() {
        BatchLaunch job = new Jobs().stdio("in-%j", "/scratch/o-%j", "logs/e-%j", OpenMode.APPEND).build();
        StdioFiles files = StdioFiles.of(job);
        assertThat(files.input()).isEqualTo(Path.of("in-4242"));
        assertThat(files.output()).isEqualTo(Path.of("/scratch/o-4242"));
        assertThat(files.error()).isEqualTo(Path.of("logs/e-4242"));
    }
}
