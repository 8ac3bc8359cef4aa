package io.jslurm.cli.sbatch;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every row of {@code bad-inputs.tsv}: the exact standard error and exit status. The same table is run against
 * Slurm's sbatch by {@code src/test/slurm/compare-with-slurm.sh}.
 */
class SbatchBadInputTest {

    static Stream<Arguments> rows() throws IOException {
        return Files.readAllLines(TestSystem.resource("bad-inputs.tsv")).stream()
                .filter(line -> !line.startsWith("#") && !line.isBlank())
                .map(line -> line.split("\t", -1))
                .map(f -> Arguments.of(f[3], f[2], Integer.parseInt(f[1]), unescape(f[4]), f[0]));
    }

    @ParameterizedTest(name = "[{4}] {1} sbatch {0}")
    @MethodSource("rows")
    void answersAsSlurmDoes(String args, String env, int exit, String stderr, String comparison) {
        Map<String, String> environment = new LinkedHashMap<>();
        if (!env.equals("-")) {
            for (String word : env.split(" ")) {
                environment.put(word.substring(0, word.indexOf('=')), word.substring(word.indexOf('=') + 1));
            }
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Sbatch sbatch = new Sbatch(TestSystem.context("fixtures", environment), submit -> 0);
        List<String> words = Arrays.asList(args.split(" "));
        int status = sbatch.run(words, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        assertThat(err.toString(StandardCharsets.UTF_8)).isEqualTo(stderr.isEmpty() ? "" : stderr + "\n");
        assertThat(status).isEqualTo(exit);
        assertThat(out.size()).isZero();
    }

    private static String unescape(String text) {
        StringBuilder result = new StringBuilder();
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\\' && i + 1 < text.length()) {
                char next = text.charAt(++i);
                result.append(next == 'n' ? '\n' : next);
            } else {
                result.append(c);
            }
        }
        return result.toString();
    }
}
