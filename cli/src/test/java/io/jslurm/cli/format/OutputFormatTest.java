package io.jslurm.cli.format;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class OutputFormatTest {

    record Job(String id, String partition, String name, String user, String state) {
    }

    private static final List<Field<Job>> FIELDS = List.of(
            new Field<>('i', "JobID", "JOBID", Job::id),
            new Field<>('P', "Partition", "PARTITION", Job::partition),
            new Field<>('j', "Name", "NAME", Job::name),
            new Field<>('u', "UserName", "USER", Job::user),
            new Field<>('t', "StateCompact", "ST", Job::state));

    private final Job job = new Job("4242", "train", "llm-finetune", "alice", "R");

    @Test
    void percentFormatPadsCutsAndJustifies() {
        OutputFormat<Job> format = OutputFormat.parsePercent("%.18i %.9P %.8j %.8u %.2t", FIELDS);
        assertThat(format.header()).isEqualTo("             JOBID PARTITION     NAME     USER ST");
        assertThat(format.line(job)).isEqualTo("              4242     train llm-fine    alice  R");
    }

    @Test
    void percentFormatKeepsLiteralTextAndNaturalWidths() {
        OutputFormat<Job> format = OutputFormat.parsePercent("job=%i|%10j|%u", FIELDS);
        assertThat(format.line(job)).isEqualTo("job=4242|llm-finetu|alice");
    }

    @Test
    void longFormatDefaultsToTwentyAndTakesSuffixes() {
        OutputFormat<Job> format = OutputFormat.parseLong("jobid:.10,name,USERNAME:8|", FIELDS);
        assertThat(format.header()).isEqualTo("     JOBIDNAME                USER    |");
        assertThat(format.line(job)).isEqualTo("      4242llm-finetune        alice   |");
    }

    @Test
    void unknownFieldsAreRefused() {
        assertThatThrownBy(() -> OutputFormat.parsePercent("%Z", FIELDS))
                .hasMessage("Invalid job format specification: Z");
        assertThatThrownBy(() -> OutputFormat.parseLong("jobid,foo", FIELDS))
                .hasMessage("Invalid job format specification: foo");
        assertThatThrownBy(() -> OutputFormat.parsePercent("%.18", FIELDS))
                .hasMessage("Invalid job format specification: %.18");
    }
}
