package io.jslurm.cli.sbatch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jslurm.cli.submit.JobSubmission;
import io.jslurm.cli.submit.MemoryRequest;
import io.jslurm.common.time.TimeLimit;
import io.jslurm.common.units.MemorySize;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Directives, then SBATCH_* variables, then the command line: each overrides the one before. */
class SbatchPrecedenceTest {

    private static final String FIXTURES = "fixtures";

    @Test
    void scriptAloneSetsTheValues() {
        JobSubmission job = Submissions.parse(FIXTURES, "layers.sh");

        assertThat(job.name()).isEqualTo("from-script");
        assertThat(job.scheduling().partition()).contains("script-part");
        assertThat(job.scheduling().timeLimit()).contains(TimeLimit.ofMinutes(10));
        assertThat(job.streams().output()).isEqualTo("script.out");
        assertThat(job.export().isNone()).isTrue();
    }

    @Test
    void environmentOverridesTheScript() {
        JobSubmission job = Submissions.parse(FIXTURES,
                Map.of("SBATCH_JOB_NAME", "from-env", "SBATCH_PARTITION", "env-part", "SBATCH_TIMELIMIT", "20"),
                "layers.sh");

        assertThat(job.name()).isEqualTo("from-env");
        assertThat(job.scheduling().partition()).contains("env-part");
        assertThat(job.scheduling().timeLimit()).contains(TimeLimit.ofMinutes(20));
        assertThat(job.streams().output()).as("not set in the environment").isEqualTo("script.out");
    }

    @Test
    void commandLineOverridesTheEnvironment() {
        JobSubmission job = Submissions.parse(FIXTURES,
                Map.of("SBATCH_JOB_NAME", "from-env", "SBATCH_PARTITION", "env-part"),
                "-J", "from-cli", "layers.sh");

        assertThat(job.name()).isEqualTo("from-cli");
        assertThat(job.scheduling().partition()).contains("env-part");
    }

    @Test
    void laterOptionOnTheCommandLineWins() {
        JobSubmission job = Submissions.parse(FIXTURES, "-t", "5", "--time=1:00:00", "ok.sh");

        assertThat(job.scheduling().timeLimit()).contains(TimeLimit.ofMinutes(60));
    }

    @Test
    void exportFromTheEnvironmentOverridesTheScriptsNone() {
        JobSubmission job = Submissions.parse(FIXTURES, Map.of("SBATCH_EXPORT", "ALL", "HOME", "/home/alice"),
                "layers.sh");

        assertThat(job.export().all()).isTrue();
        assertThat(job.environment()).containsEntry("HOME", "/home/alice").containsEntry("SLURM_EXPORT_ENV", "ALL");
    }

    @Test
    void sbatchExportWinsOverSlurmExportEnv() {
        JobSubmission job = Submissions.parse(FIXTURES, Map.of("SLURM_EXPORT_ENV", "ALL", "SBATCH_EXPORT", "NONE"),
                "ok.sh");

        assertThat(job.export().isNone()).isTrue();
    }

    /** Slurm judges the memory options of the environment apart from those of the script and command line. */
    @Test
    void memoryOptionFromTheScriptOrCommandLineReplacesOneFromTheEnvironment() {
        JobSubmission fromScript = Submissions.parse(FIXTURES, Map.of("SBATCH_MEM_PER_CPU", "2G"), "mem.sh");
        JobSubmission fromCli = Submissions.parse(FIXTURES, Map.of("SBATCH_MEM_PER_CPU", "2G"), "--mem-per-gpu=3G",
                "ok.sh");
        JobSubmission fromEnv = Submissions.parse(FIXTURES, Map.of("SBATCH_MEM_PER_CPU", "2G"), "ok.sh");

        assertThat(fromScript.resources().memory()).contains(new MemoryRequest.PerNode(MemorySize.ofGibibytes(1)));
        assertThat(fromCli.resources().memory()).contains(new MemoryRequest.PerGpu(MemorySize.ofGibibytes(3)));
        assertThat(fromEnv.resources().memory()).contains(new MemoryRequest.PerCpu(MemorySize.ofGibibytes(2)));
    }

    @Test
    void twoMemoryOptionsInTheEnvironmentConflict() {
        assertThatThrownBy(() -> Submissions.parse(FIXTURES,
                Map.of("SBATCH_MEM_PER_CPU", "2G", "SBATCH_MEM_PER_NODE", "4G"), "ok.sh"))
                .hasMessage("--mem, --mem-per-cpu, and --mem-per-gpu are mutually exclusive.");
    }

    @Test
    void sameMemoryOptionTwiceIsNoConflict() {
        JobSubmission job = Submissions.parse(FIXTURES, "--mem=8G", "mem.sh");

        assertThat(job.resources().memory()).contains(new MemoryRequest.PerNode(MemorySize.ofGibibytes(8)));
    }

    @Test
    void errorInTheEnvironmentNamesTheVariable() {
        assertThatThrownBy(() -> Submissions.parse(FIXTURES, Map.of("SBATCH_TIMELIMIT", "soon"), "ok.sh"))
                .hasMessage("environment variable SBATCH_TIMELIMIT: Invalid --time specification");
    }

    @Test
    void variablesOfOtherCommandsAreIgnored() {
        JobSubmission job = Submissions.parse(FIXTURES, Map.of("SALLOC_PARTITION", "a", "SLURM_PARTITION", "b"),
                "ok.sh");

        assertThat(job.scheduling().partition()).isEmpty();
    }

    @Test
    void flagVariablesSetTheirFlag() {
        JobSubmission job = Submissions.parse(FIXTURES,
                Map.of("SBATCH_REQUEUE", "1", "SBATCH_WAIT", "1", "SBATCH_NO_KILL", "", "SBATCH_EXCLUSIVE", "user"),
                "ok.sh");

        assertThat(job.scheduling().requeue()).contains(true);
        assertThat(job.client().waitForCompletion()).isTrue();
        assertThat(job.scheduling().noKill()).isTrue();
        assertThat(job.resources().exclusive()).hasValueSatisfying(e -> assertThat(e.name()).isEqualTo("USER"));
    }
}
