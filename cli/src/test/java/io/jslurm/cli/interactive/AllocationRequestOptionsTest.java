package io.jslurm.cli.interactive;

import static org.assertj.core.api.Assertions.assertThat;

import io.jslurm.cli.client.ClientIdentity;
import io.jslurm.cli.srun.StepRun;
import io.jslurm.cli.submit.Resources;
import io.jslurm.cli.submit.SubmitException;
import io.jslurm.protocol.proto.Exclusive;
import io.jslurm.protocol.proto.JobDescription;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** sbatch's resource options given to salloc and srun: the request they send, and a step's answer to them. */
class AllocationRequestOptionsTest {

    private static final ClientIdentity ALICE = new ClientIdentity(1000, 1000, "alice");

    @TempDir
    Path dir;

    private final StringBuilder err = new StringBuilder();
    private int status;

    /** The request salloc or srun sends, or the status it exits with after printing sbatch's refusal. */
    private Optional<JobDescription> request(String prefix, Map<String, String> env, String... args) {
        InteractiveOptions options = InteractiveOptions.parse(List.of(args), env, prefix);
        try {
            Resources resources = RequestedResources.forAllocation(options, env, dir.toString(), ALICE, "login1");
            return Optional.of(InteractiveAllocation.request(options, resources, "true", Map.of(), dir.toString(),
                    1000, 1000, "alice", "login1"));
        } catch (SubmitException refused) {
            err.append(refused.render(prefix.equals("SRUN_") ? "srun" : "salloc"));
            status = refused.exitCode();
            return Optional.empty();
        }
    }

    private String errors() {
        return err.toString();
    }

    @Test
    void sallocSendsEachOptionInTheFieldSbatchUses() {
        JobDescription job = request("SALLOC_", Map.of(), "-x", "node[1-2]", "-C", "big&fast", "--exclusive",
                "--gpus-per-node=a100:2", "--cpus-per-gpu=4", "--contiguous", "--mincpus=3", "--tmp=2G", "-N1",
                "-s", "true").orElseThrow();
        assertThat(job.getExclude()).isEqualTo("node[1-2]");
        assertThat(job.getConstraint()).isEqualTo("big&fast");
        assertThat(job.getExclusive()).isEqualTo(Exclusive.EXCLUSIVE_NODE);
        assertThat(job.getGpusPerNode()).isEqualTo("gpu:a100:2");
        assertThat(job.getCpusPerGpu()).isEqualTo(4);
        assertThat(job.getContiguous()).isTrue();
        assertThat(job.getMinCpusPerNode()).isEqualTo(3);
        assertThat(job.getTmpDiskPerNodeMb()).isEqualTo(2048);
        // The options salloc read before keep their fields.
        assertThat(job.getMinNodes()).isEqualTo(1);
        assertThat(job.getOversubscribe()).isTrue();
        assertThat(job.getName()).isEqualTo("true");
    }

    @Test
    void srunOutsideAnAllocationTakesTheSameOptions() {
        JobDescription job = request("SRUN_", Map.of(), "--exclude=node1", "--constraint=gpu", "--exclusive=user",
                "--gpus-per-node=1", "hostname").orElseThrow();
        assertThat(job.getExclude()).isEqualTo("node1");
        assertThat(job.getConstraint()).isEqualTo("gpu");
        assertThat(job.getExclusive()).isEqualTo(Exclusive.EXCLUSIVE_USER);
        assertThat(job.getGpusPerNode()).isEqualTo("gpu:1");
    }

    @Test
    void withoutTheOptionsNothingIsAsked() {
        JobDescription job = request("SALLOC_", Map.of(), "true").orElseThrow();
        assertThat(job.getExclude()).isEmpty();
        assertThat(job.getConstraint()).isEmpty();
        assertThat(job.getExclusive()).isEqualTo(Exclusive.EXCLUSIVE_UNSPECIFIED);
        assertThat(job.getGpusPerNode()).isEmpty();
        assertThat(job.hasCpusPerGpu()).isFalse();
        assertThat(job.getContiguous()).isFalse();
    }

    @Test
    void eachCommandReadsItsOwnInputVariablesAndTheCommandLineWins() {
        Map<String, String> env = Map.of("SALLOC_CONSTRAINT", "big", "SALLOC_EXCLUSIVE", "",
                "SALLOC_GPUS_PER_NODE", "2", "SALLOC_CPUS_PER_GPU", "3", "SLURM_CONSTRAINT", "srun-only");
        JobDescription fromEnv = request("SALLOC_", env, "true").orElseThrow();
        assertThat(fromEnv.getConstraint()).isEqualTo("big");
        assertThat(fromEnv.getExclusive()).isEqualTo(Exclusive.EXCLUSIVE_NODE);
        assertThat(fromEnv.getGpusPerNode()).isEqualTo("gpu:2");
        assertThat(fromEnv.getCpusPerGpu()).isEqualTo(3);
        assertThat(request("SALLOC_", env, "-C", "small", "true").orElseThrow().getConstraint()).isEqualTo("small");

        Map<String, String> srunEnv = Map.of("SLURM_CONSTRAINT", "fast", "SLURM_EXCLUSIVE", "user",
                "SALLOC_CONSTRAINT", "salloc-only");
        JobDescription srun = request("SRUN_", srunEnv, "true").orElseThrow();
        assertThat(srun.getConstraint()).isEqualTo("fast");
        assertThat(srun.getExclusive()).isEqualTo(Exclusive.EXCLUSIVE_USER);
    }

    @Test
    void anExcludeListWithASlashIsAFileRelativeToTheDirectory() throws Exception {
        Files.writeString(dir.resolve("bad-nodes"), "node3\nnode4\n");
        JobDescription job = request("SALLOC_", Map.of(), "-x", "./bad-nodes", "true").orElseThrow();
        assertThat(job.getExclude()).isEqualTo("node[3-4]");
    }

    @Test
    void badValuesAreRefusedWithSbatchsMessageNamingTheirSource() {
        // Slurm 22.05's messages and statuses.
        assertThat(request("SALLOC_", Map.of(), "--cpus-per-gpu=0", "true")).isEmpty();
        assertThat(errors()).isEqualTo("salloc: error: Invalid numeric value \"0\" for --cpus-per-gpu.\n");
        assertThat(status).isEqualTo(1);
        err.setLength(0);
        assertThat(request("SRUN_", Map.of(), "--exclusive=nobody", "true")).isEmpty();
        assertThat(errors()).isEqualTo("srun: error: Invalid --exclusive specification\n");
        assertThat(status).isEqualTo(255);
        err.setLength(0);
        assertThat(request("SALLOC_", Map.of("SALLOC_GPUS_PER_NODE", "two"), "true")).isEmpty();
        assertThat(errors()).isEqualTo("salloc: error: environment variable SALLOC_GPUS_PER_NODE: "
                + "Invalid generic resource (gres) specification\n");
        assertThat(status).isEqualTo(1);
    }

    @Test
    void aStepTakesExclusiveAsDedicatedCpusAndRefusesTheNodeSelectors() {
        Map<String, String> job = Map.of("SLURM_JOB_ID", "7");
        InteractiveOptions exclusive = InteractiveOptions.parse(List.of("--exclusive", "-n2", "true"), job, "SRUN_");
        assertThat(RequestedResources.refusedInStep(exclusive)).isEmpty();
        assertThat(StepRun.request(7, exclusive).getExact()).isTrue();
        assertThat(StepRun.request(7, InteractiveOptions.parse(List.of("true"), job, "SRUN_")).getExact()).isFalse();

        assertThat(RequestedResources.refusedInStep(InteractiveOptions.parse(List.of("-x", "node1", "true"), job,
                "SRUN_"))).hasValueSatisfying(m -> assertThat(m).startsWith("--exclude is not supported for a step"));
        assertThat(RequestedResources.refusedInStep(InteractiveOptions.parse(List.of("-C", "gpu", "true"), job,
                "SRUN_"))).hasValueSatisfying(m -> assertThat(m).startsWith("--constraint is not supported"));
        assertThat(RequestedResources.refusedInStep(InteractiveOptions.parse(List.of("--gpus-per-node=1", "true"),
                job, "SRUN_"))).hasValueSatisfying(m -> assertThat(m).startsWith("--gpus-per-node is not supported"));
        // A job asked for --gpus-per-node gets SLURM_GPUS_PER_NODE in its environment: its steps inherit it, and
        // it names the allocation they already run in, so it is no reason to refuse them.
        Map<String, String> inherited = Map.of("SLURM_JOB_ID", "7", "SLURM_GPUS_PER_NODE", "1",
                "SLURM_CPUS_PER_GPU", "4");
        assertThat(RequestedResources.refusedInStep(InteractiveOptions.parse(List.of("true"), inherited, "SRUN_")))
                .isEmpty();
    }
}
