package io.jslurm.slurmctld.assoc;

import static org.assertj.core.api.Assertions.assertThat;

import io.jslurm.conf.slurm.AccountingEnforce;
import io.jslurm.slurmctld.accounting.JobBilling;
import io.jslurm.slurmctld.config.ClusterConfig;
import io.jslurm.slurmctld.job.JobSpec;
import io.jslurm.slurmctld.job.MemoryRequest;
import io.jslurm.slurmctld.job.ResourceRequest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Limits on billing (MaxTRESPerJob=billing=N, GrpTRES=billing=N) see the job's billing under its partition's weights. */
class BillingLimitTresTest {

    @TempDir
    Path dir;

    private JobBilling billing() throws Exception {
        Path conf = dir.resolve("slurm.conf");
        Files.writeString(conf, """
                ClusterName=gpu
                SlurmctldHost=localhost
                NodeName=n1 CPUs=8 RealMemory=64000
                PartitionName=gpu Nodes=ALL TRESBillingWeights=CPU=2,Mem=1G
                PartitionName=plain Nodes=ALL
                """);
        var slurm = ClusterConfig.load(conf).slurm();
        return new JobBilling(() -> slurm);
    }

    private static JobSpec fourCpus8G(String partition) {
        return JobSpec.builder("alice", 1000, 1000).account("ml").partition(partition).script("#!/bin/sh\n")
                .resources(ResourceRequest.DEFAULT.withTasks(4, 0, 1).withMemory(MemoryRequest.perNode(8192)))
                .build();
    }

    @Test
    void theLimitTresOfAJobCarryItsBilling() throws Exception {
        JobBilling billing = billing();
        // 4 CPUs * 2 + 8 GB * 1
        assertThat(billing.limitTres(fourCpus8G("gpu"))).isEqualTo(Map.of("cpu", 4L, "node", 1L, "mem", 8192L,
                "billing", 16L));
        assertThat(billing.limitTres(fourCpus8G("plain")).get("billing")).as("no weights: the CPU count").isEqualTo(4);
        assertThat(billing.limitTres(fourCpus8G("gpu,plain")).get("billing")).as("the first partition's weights")
                .isEqualTo(16);
    }

    @Test
    void jobAccountsHandTheBillingToTheLimitChecks() throws Exception {
        AccountingData data = AccountingData.of(SeedAccounting.snapshot());
        JobAccounts accounts = new JobAccounts(() -> data, () -> EnumSet.of(AccountingEnforce.ASSOCIATIONS,
                AccountingEnforce.LIMITS), Map::of, billing()::limitTres);

        assertThat(accounts.limited(fourCpus8G("gpu")).orElseThrow().tres()).containsEntry("billing", 16L);
    }
}
