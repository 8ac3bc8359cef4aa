package io.jslurm.cli.sbatch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jslurm.cli.submit.Exclusivity;
import io.jslurm.cli.submit.JobSubmission;
import io.jslurm.cli.submit.MailType;
import io.jslurm.cli.submit.MemoryRequest;
import io.jslurm.cli.submit.OpenMode;
import io.jslurm.cli.submit.SubmitException;
import io.jslurm.common.dependency.Dependency;
import io.jslurm.common.gres.Gres;
import io.jslurm.common.gres.GresSpec;
import io.jslurm.common.hostlist.Hostlist;
import io.jslurm.common.time.TimeLimit;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The values sbatch fills in itself, and the options that change what the job is given. */
class SbatchDefaultsTest {

    private static final String FIXTURES = "fixtures";
    private static final Map<String, String> SHELL = Map.of("HOME", "/home/alice", "PATH", "/usr/bin:/bin",
            "SLURM_CONF", "/etc/slurm/slurm.conf", "EDITOR", "vi");

    @Test
    void nameDefaultsToTheScriptsFileNameWithoutItsDirectory() {
        assertThat(Submissions.parse(FIXTURES, "./ok.sh").name()).isEqualTo("ok.sh");
    }

    @Test
    void wrapBuildsAShellScriptNamedWrap() {
        JobSubmission job = Submissions.parse(FIXTURES, "--wrap=python train.py --lr 1e-4", "-J", "");

        assertThat(job.name()).isEmpty();
        JobSubmission unnamed = Submissions.parse(FIXTURES, "--wrap", "hostname");
        assertThat(unnamed.name()).isEqualTo("wrap");
        assertThat(unnamed.script().text()).startsWith("#!/bin/sh\n").endsWith("\nhostname\n");
        assertThat(unnamed.script().path()).isEmpty();
        assertThat(job.script().text()).contains("\npython train.py --lr 1e-4\n");
    }

    @Test
    void scriptOnStandardInputIsNamedSbatch() {
        SbatchOutcome outcome = new SbatchParser(TestSystem.context(FIXTURES, Map.of(),
                "#!/bin/sh\n#SBATCH -p debug\nhostname\n")).parse(List.of());
        JobSubmission job = ((SbatchOutcome.Submit) outcome).submission();

        assertThat(job.name()).isEqualTo("sbatch");
        assertThat(job.scheduling().partition()).contains("debug");
        assertThat(job.script().path()).isEmpty();
    }

    @Test
    void workDirectoryDefaultsToTheCurrentOneAndResolvesRelativePaths() {
        assertThat(Submissions.parse(FIXTURES, "ok.sh").workDir()).isEqualTo("/home/alice/work");
        assertThat(Submissions.parse(FIXTURES, "-D", "runs/1", "ok.sh").workDir()).isEqualTo("/home/alice/work/runs/1");
        assertThat(Submissions.parse(FIXTURES, "--chdir=/scratch", "ok.sh").workDir()).isEqualTo("/scratch");
    }

    @Test
    void outputDefaultsDependOnWhetherTheJobIsAnArray() {
        JobSubmission single = Submissions.parse(FIXTURES, "ok.sh");
        JobSubmission array = Submissions.parse(FIXTURES, "--array=1-3", "ok.sh");

        assertThat(single.streams().output()).isEqualTo("slurm-%j.out");
        assertThat(single.streams().input()).isEqualTo("/dev/null");
        assertThat(single.streams().error()).isEmpty();
        assertThat(array.streams().output()).isEqualTo("slurm-%A_%a.out");
    }

    @Test
    void exportAllPassesTheWholeEnvironmentPlusSubmitDirectoryAndHost() {
        JobSubmission job = Submissions.parse(FIXTURES, SHELL, "ok.sh");

        assertThat(job.environment()).containsAllEntriesOf(SHELL)
                .containsEntry("SLURM_SUBMIT_DIR", "/home/alice/work")
                .containsEntry("SLURM_SUBMIT_HOST", "login1")
                .doesNotContainKey("SLURM_EXPORT_ENV");
        assertThat(List.copyOf(job.environment().keySet())).isSorted();
    }

    @Test
    void exportNonePassesOnlySlurmVariables() {
        JobSubmission job = Submissions.parse(FIXTURES, SHELL, "--export=NONE", "ok.sh");

        assertThat(job.environment()).containsOnlyKeys("SLURM_CONF", "SLURM_SUBMIT_DIR", "SLURM_SUBMIT_HOST",
                "SLURM_EXPORT_ENV");
        assertThat(job.environment()).containsEntry("SLURM_EXPORT_ENV", "NONE");
    }

    @Test
    void exportListPassesNamedVariablesAndGivenValues() {
        JobSubmission job = Submissions.parse(FIXTURES, SHELL, "--export=EDITOR,ARG1=test,MISSING", "ok.sh");

        assertThat(job.environment()).containsEntry("EDITOR", "vi").containsEntry("ARG1", "test")
                .doesNotContainKeys("HOME", "PATH", "MISSING").containsKey("SLURM_CONF")
                .containsEntry("SLURM_EXPORT_ENV", "EDITOR,ARG1=test,MISSING");
    }

    @Test
    void withAllTheSubmittersValueWinsOverTheOptions() {
        JobSubmission job = Submissions.parse(FIXTURES, SHELL, "--export=ALL,EDITOR=/bin/emacs,NEW=1", "ok.sh");

        assertThat(job.environment()).containsEntry("EDITOR", "vi").containsEntry("NEW", "1")
                .containsEntry("HOME", "/home/alice");
    }

    @Test
    void exportFileAddsItsVariables() {
        JobSubmission job = Submissions.parse(FIXTURES, SHELL, "--export=NONE", "--export-file=job.env", "ok.sh");

        assertThat(job.environment()).containsEntry("PROJECT", "llm").containsEntry("DATA", "/data/pile")
                .doesNotContainKey("HOME");
    }

    @Test
    void getUserEnvIsPassedOn() {
        JobSubmission job = Submissions.parse(FIXTURES, "--get-user-env", "ok.sh");

        assertThat(job.getUserEnv()).isTrue();
        assertThat(job.environment()).containsEntry("SLURM_GET_USER_ENV", "1");
    }

    @Test
    void gpuBindReachesTheJobsStepsAsSlurmGpuBind() {
        JobSubmission job = Submissions.parse(FIXTURES, SHELL, "--export=NONE", "--gpu-bind=verbose,closest", "ok.sh");
        assertThat(job.environment()).containsEntry("SLURM_GPU_BIND", "verbose,closest");

        JobSubmission fromEnv = Submissions.parse(FIXTURES, Map.of("SBATCH_GPU_BIND", "map_gpu:1,0"), "ok.sh");
        assertThat(fromEnv.environment()).containsEntry("SLURM_GPU_BIND", "map_gpu:1,0");

        assertThat(Submissions.parse(FIXTURES, SHELL, "ok.sh").environment()).doesNotContainKey("SLURM_GPU_BIND");
    }

    @Test
    void beginIsResolvedAgainstTheSubmittingClock() {
        JobSubmission relative = Submissions.parse(FIXTURES, "--begin=now+1hour", "ok.sh");
        JobSubmission dated = Submissions.parse(FIXTURES, "-b", "2026-03-05T08:00:00", "ok.sh");

        assertThat(relative.scheduling().begin()).contains(TestSystem.NOW.plusSeconds(3600));
        assertThat(dated.scheduling().begin()).contains(Instant.parse("2026-03-05T00:00:00Z"));
    }

    @Test
    void submitterComesFromTheProcessUnlessUidOrGidAreGiven() {
        assertThat(Submissions.parse(FIXTURES, "ok.sh").submitter()).isEqualTo(TestSystem.ALICE);
        JobSubmission job = Submissions.parse(FIXTURES, "--uid=2001", "--gid=users", "ok.sh");
        assertThat(job.submitter().uid()).isEqualTo(2001);
        assertThat(job.submitter().gid()).isEqualTo(100);
    }

    @Test
    void schedulingOptions() {
        JobSubmission job = Submissions.parse(FIXTURES, "-H", "--nice", "-A", "ml", "-q", "high", "--comment=run 7",
                "--requeue", "--no-requeue", "-k", "--mail-type=END,FAIL", "--mail-user=a@b.c", "--reservation=r1",
                "--time-min=30", "-d", "afterok:12", "ok.sh");

        assertThat(job.scheduling().hold()).isTrue();
        assertThat(job.scheduling().nice()).hasValue(100);
        assertThat(job.scheduling().account()).contains("ml");
        assertThat(job.scheduling().qos()).contains("high");
        assertThat(job.scheduling().comment()).contains("run 7");
        assertThat(job.scheduling().requeue()).contains(false);
        assertThat(job.scheduling().noKill()).isTrue();
        assertThat(job.scheduling().reservation()).contains("r1");
        assertThat(job.scheduling().timeMin()).contains(TimeLimit.ofMinutes(30));
        assertThat(job.scheduling().dependency()).contains(Dependency.parse("afterok:12"));
        assertThat(job.mailTypes()).containsExactlyInAnyOrder(MailType.END, MailType.FAIL);
        assertThat(job.mailUser()).contains("a@b.c");
    }

    @Test
    void placementOptions() {
        JobSubmission job = Submissions.parse(FIXTURES, "-w", "gpu-node[01-02]", "-x", "gpu-node03", "-C", "a100",
                "--contiguous", "--exclusive", "-s", "-m", "block:cyclic", "--mem=0", "--open-mode=append",
                "-t", "0", "ok.sh");

        assertThat(job.resources().nodelist()).contains(Hostlist.parse("gpu-node[01-02]"));
        assertThat(job.resources().exclude()).contains(Hostlist.parse("gpu-node03"));
        assertThat(job.resources().constraint()).contains("a100");
        assertThat(job.resources().contiguous()).isTrue();
        assertThat(job.resources().exclusive()).contains(Exclusivity.EXCLUSIVE);
        assertThat(job.resources().oversubscribe()).isTrue();
        assertThat(job.resources().distribution().orElseThrow().text()).isEqualTo("block:cyclic");
        assertThat(job.resources().memory()).hasValueSatisfying(
                memory -> assertThat(((MemoryRequest.PerNode) memory).isWholeNode()).isTrue());
        assertThat(job.openMode()).contains(OpenMode.APPEND);
        assertThat(job.scheduling().timeLimit()).as("zero asks for no limit").contains(TimeLimit.UNLIMITED);
    }

    @Test
    void clientFlags() {
        JobSubmission job = Submissions.parse(FIXTURES, "--parsable", "--test-only", "-W", "-Q", "-vv", "ok.sh");

        assertThat(job.client().parsable()).isTrue();
        assertThat(job.client().testOnly()).isTrue();
        assertThat(job.client().waitForCompletion()).isTrue();
        assertThat(job.client().quiet()).isTrue();
        assertThat(job.client().verbosity()).isEqualTo(2);
    }

    @Test
    void gpuForms() {
        JobSubmission job = Submissions.parse(FIXTURES, "-G", "a100:16", "--gpus-per-node=8", "--cpus-per-gpu=16",
                "--ntasks-per-gpu=1", "--mem-per-gpu=80G", "ok.sh");

        assertThat(job.resources().gpus()).contains(new GresSpec(List.of(Gres.of("gpu", "a100", 16))));
        assertThat(job.resources().gpusPerNode()).contains(new GresSpec(List.of(Gres.of("gpu", 8))));
        assertThat(job.resources().cpusPerGpu()).hasValue(16);
        assertThat(job.resources().ntasksPerGpu()).hasValue(1);
    }

    @Test
    void nodeRangesAndSuffixes() {
        assertThat(Submissions.parse(FIXTURES, "-N", "2-4", "ok.sh").resources().nodes().orElseThrow().maximum())
                .hasValue(4);
        assertThat(Submissions.parse(FIXTURES, "-N", "1k", "ok.sh").resources().nodes().orElseThrow().min())
                .isEqualTo(1024);
    }

    @Test
    void helpUsageAndVersionPrintAndSubmitNothing() {
        SbatchParser parser = new SbatchParser(TestSystem.context(FIXTURES, Map.of()));

        String help = ((SbatchOutcome.Print) parser.parse(List.of("--help", "missing.sh"))).text();
        assertThat(help).contains("--gpus-per-task", "--export", "--wrap").contains("--container");
        assertThat(((SbatchOutcome.Print) parser.parse(List.of("--usage"))).text()).startsWith("Usage: sbatch");
        assertThat(((SbatchOutcome.Print) parser.parse(List.of("-V"))).text()).matches("jslurm \\S+\n");
    }

    @Test
    void everySupportedOptionIsInTheHelp() {
        SbatchParser parser = new SbatchParser(TestSystem.context(FIXTURES, Map.of()));
        String help = ((SbatchOutcome.Print) parser.parse(List.of("-h"))).text();
        String supported = help.substring(0, help.indexOf("Not supported yet"));
        for (String option : List.of("job-name", "partition", "nodes", "ntasks", "ntasks-per-node", "cpus-per-task",
                "mem", "mem-per-cpu", "mem-per-gpu", "gres", "gpus", "gpus-per-node", "gpus-per-task",
                "cpus-per-gpu", "time", "time-min", "output", "error", "input", "chdir", "export", "export-file",
                "get-user-env", "array", "dependency", "hold", "begin", "qos", "account", "priority", "nice",
                "comment", "signal", "requeue", "no-requeue", "exclusive", "nodelist", "exclude", "constraint",
                "contiguous", "wrap", "parsable", "test-only", "wait", "mail-type", "mail-user", "network",
                "open-mode", "no-kill", "oversubscribe", "distribution", "ntasks-per-gpu", "mincpus", "tmp",
                "reservation", "deadline", "uid", "gid", "verbose", "quiet", "help", "usage", "version")) {
            assertThat(supported).contains("--" + option);
        }
    }

    @Test
    void unsupportedOptionsAreRefusedByNameEvenInScripts() {
        assertThatThrownBy(() -> Submissions.parse(FIXTURES, "--clusters=c2", "ok.sh"))
                .isInstanceOf(SubmitException.class).hasMessage("--clusters is not supported by jslurm");
        assertThatThrownBy(() -> Submissions.parse(FIXTURES, "--bb=x", "ok.sh"))
                .hasMessage("--bb is not supported by jslurm");
    }
}
