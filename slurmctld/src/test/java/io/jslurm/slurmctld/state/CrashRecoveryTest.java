package io.jslurm.slurmctld.state;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Kills a real controller process with SIGKILL while it submits, then checks nothing acknowledged was lost. */
class CrashRecoveryTest {

    private static final int THREADS = 4;

    @TempDir
    Path stateDir;

    @Test
    void killDashNineNeverLosesAnAcknowledgedJobNorReusesAnId() throws Exception {
        Set<Long> everAcknowledged = new HashSet<>();
        long highestBefore = 0;
        for (int round = 0; round < 3; round++) {
            List<Long> acked = runAndKill(1_500 + round * 700);
            assertThat(acked).as("round %d acknowledged something", round).isNotEmpty();
            assertThat(acked).doesNotHaveDuplicates();
            long lowestThisRound = acked.stream().mapToLong(Long::longValue).min().orElseThrow();
            assertThat(lowestThisRound).as("ids after restart %d continue above all earlier ones", round)
                    .isGreaterThan(highestBefore);
            for (long id : acked) {
                assertThat(everAcknowledged.add(id)).as("job id %d handed out twice", id).isTrue();
            }
            highestBefore = everAcknowledged.stream().mapToLong(Long::longValue).max().orElseThrow();

            try (JournaledJobStore store = JournaledJobStore.open(JobStoreConfig.defaults(stateDir),
                    InstantSource.system())) {
                List<Long> missing = everAcknowledged.stream().filter(id -> store.get(id).isEmpty()).toList();
                assertThat(missing).as("acknowledged jobs lost after kill -9 in round %d", round).isEmpty();
                assertThat(store.nextJobId()).isGreaterThan(highestBefore);
            }
        }
    }

    /** Starts a submitting controller, kills it once {@code ackTarget} jobs are acknowledged, returns them all. */
    private List<Long> runAndKill(int ackTarget) throws IOException, InterruptedException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process process = new ProcessBuilder(java, "-Xmx256m", "-cp", System.getProperty("java.class.path"),
                CrashSubmitter.class.getName(), stateDir.toString(), Integer.toString(THREADS))
                .redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
        List<Long> acked = new ArrayList<>();
        try (BufferedReader out = new BufferedReader(
                new InputStreamReader(process.getInputStream(), StandardCharsets.US_ASCII))) {
            String line;
            boolean killed = false;
            while ((line = out.readLine()) != null) {
                if (line.startsWith("ACK ")) {
                    acked.add(Long.parseLong(line.substring(4)));
                }
                if (!killed && acked.size() >= ackTarget) {
                    // SIGKILL through the handle: Process.destroyForcibly would also close our end of the pipe
                    // and lose the acknowledgements still in it.
                    process.toHandle().destroyForcibly();
                    killed = true;
                }
            }
            // Lines already in the pipe when the process died were acknowledged too, and are read above.
            assertThat(killed).as("controller died before being killed").isTrue();
        } finally {
            process.destroyForcibly();
            assertThat(process.waitFor(30, TimeUnit.SECONDS)).isTrue();
        }
        return acked;
    }
}
