package io.jslurm.cli.submit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The small value forms that belong to the submitting commands rather than to the shared formats. */
class SubmitValuesTest {

    @ParameterizedTest
    @ValueSource(strings = {"block", "cyclic", "arbitrary", "plane=4", "block:cyclic", "cyclic:*:fcyclic",
            "block:block,Pack", "*:cyclic,NoPack", "CYCLIC"})
    void distributionsSlurmAccepts(String text) {
        assertThat(TaskDistribution.parse(text).text()).isEqualTo(text);
    }

    @ParameterizedTest
    @ValueSource(strings = {"x", "plane", "plane=", "plane=x", "block:plane=2", "block:cyclic:cyclic:cyclic",
            "block,pack2", ",Pack", ""})
    void distributionsSlurmRefuses(String text) {
        assertThatThrownBy(() -> TaskDistribution.parse(text)).hasMessage("Invalid --distribution specification");
    }

    @Test
    void mailTypeAllIsTheUsualEventsAndNoneClears() {
        assertThat(MailType.parseList("ALL")).containsExactlyInAnyOrder(MailType.BEGIN, MailType.END, MailType.FAIL,
                MailType.REQUEUE, MailType.INVALID_DEPEND, MailType.STAGE_OUT);
        assertThat(MailType.parseList("end,time_limit_80")).containsExactlyInAnyOrder(MailType.END,
                MailType.TIME_LIMIT_80);
        assertThat(MailType.parseList("BEGIN,NONE")).isEmpty();
    }

    @Test
    void nodeCounts() {
        assertThat(NodeCount.parse("4")).isEqualTo(NodeCount.exactly(4));
        assertThat(NodeCount.parse("2-8")).isEqualTo(new NodeCount(2, 8));
        assertThat(NodeCount.parse("2k")).isEqualTo(NodeCount.exactly(2048));
        assertThat(NodeCount.parse("1-0").maximum()).isEmpty();
        assertThatThrownBy(() -> NodeCount.parse("two")).hasMessage("\"two\" is not a valid node count");
        assertThatThrownBy(() -> NodeCount.parse("9999999999")).hasMessage("\"9999999999\" is not a valid node count");
    }

    @Test
    void priorityAndOpenMode() {
        assertThat(Priority.parse("top")).isEqualTo(Priority.TOP);
        assertThat(Priority.parse("1500")).isEqualTo(new Priority(1500, false));
        assertThat(OpenMode.parse("append")).isEqualTo(OpenMode.APPEND);
        assertThat(OpenMode.parse("t")).isEqualTo(OpenMode.TRUNCATE);
    }

    @Test
    void exportNoneWithValuesKeepsOnlyThoseAndSlurmVariables() {
        ExportPolicy policy = ExportPolicy.parse("NONE,FOO=1");

        assertThat(policy.apply(Map.of("HOME", "/h", "SLURM_CONF", "/c"))).containsOnly(Map.entry("FOO", "1"),
                Map.entry("SLURM_CONF", "/c"));
        assertThat(ExportPolicy.parse("NONE").isNone()).isTrue();
        assertThatThrownBy(() -> ExportPolicy.parse("=x")).hasMessage("Invalid --export specification");
    }

    @Test
    void messagesNameTheirSourceAndKeepSlurmsLines() {
        SubmitException refused = SubmitException.invalidSpecification("time")
                .from(new OptionSource.Directive("train.sh", 7));

        assertThat(refused.render("sbatch")).isEqualTo("sbatch: error: line 7 of train.sh: Invalid --time specification\n");
        assertThat(refused.exitCode()).isEqualTo(255);
        assertThat(SubmitException.getopt("invalid option -- 'Z'").render("sbatch"))
                .isEqualTo("sbatch: invalid option -- 'Z'\nTry \"sbatch --help\" for more information\n");
    }

    @Test
    void everyTableRowHasADistinctNameAndLetter() {
        assertThat(SubmitOptions.sbatch()).extracting(SubmitOption::longName).doesNotHaveDuplicates();
        assertThat(SubmitOptions.sbatch()).map(row -> row.option().shortName()).filteredOn(c -> c != 0)
                .doesNotHaveDuplicates();
        assertThat(SubmitOptions.sbatch()).filteredOn(row -> row.target() == OptionTarget.UNSUPPORTED)
                .extracting(SubmitOption::longName).contains("container", "clusters", "bb", "wckey");
    }
}
