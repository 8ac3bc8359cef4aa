package io.jslurm.slurmctld.fairshare;

import io.jslurm.slurmctld.config.ClusterConfig;
import io.jslurm.slurmctld.state.JobStoreConfig;
import io.jslurm.slurmctld.state.JournaledJobStore;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.InstantSource;

/**
 * A one-node configuration whose StateSaveLocation is under a test's directory, with the job store there: what a
 * {@link FairShareService} reads and saves its usage in.
 */
public record UsageStateDir(ClusterConfig config, JournaledJobStore store) implements AutoCloseable {

    public static UsageStateDir open(Path dir, String partition, InstantSource clock) throws IOException {
        return open(dir, partition, "", clock);
    }

    /** @param partitionOptions options appended to the partition's line; after a newline, more slurm.conf lines */
    public static UsageStateDir open(Path dir, String partition, String partitionOptions, InstantSource clock)
            throws IOException {
        Path state = Files.createDirectories(dir.resolve("state"));
        Path conf = dir.resolve("slurm.conf");
        Files.writeString(conf, """
                ClusterName=test
                SlurmctldHost=localhost
                StateSaveLocation=%s
                NodeName=n1 CPUs=4 RealMemory=1000
                PartitionName=%s Nodes=ALL Default=YES %s
                """.formatted(state, partition, partitionOptions));
        return new UsageStateDir(ClusterConfig.load(conf),
                JournaledJobStore.open(JobStoreConfig.defaults(state), clock));
    }

    @Override
    public void close() {
        store.close();
    }
}
