package io.jslurm.cli.srun;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class TaskOutputTest {

    private final ByteArrayOutputStream terminal = new ByteArrayOutputStream();

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void labelledLinesNeverMixAcrossTasks() {
        TaskOutput output = new TaskOutput(task -> terminal, Optional.of(TaskLabel.forTasks(12)));
        output.write(0, bytes("hel"));
        output.write(11, bytes("other\nsecond "));
        output.write(0, bytes("lo\nworld\n"));
        output.write(11, bytes("line\n"));
        assertThat(terminal.toString(StandardCharsets.UTF_8))
                .isEqualTo("11: other\n 0: hello\n 0: world\n11: second line\n");
    }

    @Test
    void aLastLineWithoutNewlineGoesOutWhenTheTaskEnds() {
        TaskOutput labelled = new TaskOutput(task -> terminal, Optional.of(TaskLabel.forTasks(2)));
        labelled.write(1, bytes("no newline"));
        assertThat(terminal.size()).isZero();
        labelled.close(1);
        assertThat(terminal.toString(StandardCharsets.UTF_8)).isEqualTo("1: no newline\n");
        terminal.reset();
        TaskOutput plain = new TaskOutput(task -> terminal, Optional.empty());
        plain.write(0, bytes("a\nb"));
        plain.close(0);
        assertThat(terminal.toString(StandardCharsets.UTF_8)).isEqualTo("a\nb");
    }
}
