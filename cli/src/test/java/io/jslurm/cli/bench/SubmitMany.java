package io.jslurm.cli.bench;

import com.google.protobuf.ByteString;
import io.jslurm.cli.client.ClientIdentity;
import io.jslurm.cli.client.ClusterAccess;
import io.jslurm.cli.client.Controller;
import io.jslurm.cli.client.RemoteController;
import io.jslurm.protocol.proto.JobDescription;
import io.jslurm.protocol.proto.SubmitBatchJobRequest;
import io.jslurm.protocol.proto.SubmitBatchJobResponse;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * Fills a controller's queue for command measurements: {@code SubmitMany COUNT} submits COUNT small batch jobs
 * over one connection to the cluster named by SLURM_CONF.
 */
public final class SubmitMany {

    private SubmitMany() {
    }

    public static void main(String[] args) throws Exception {
        int count = Integer.parseInt(args[0]);
        ClientIdentity self = ClientIdentity.current();
        JobDescription.Builder job = JobDescription.newBuilder().setPartition("batch").setTimeLimitMinutes(30)
                .setScript(ByteString.copyFrom("#!/bin/sh\ntrue\n", StandardCharsets.UTF_8)).setWorkDir("/tmp")
                .setUid((int) self.uid()).setGid((int) self.gid()).setUserName(self.user()).setStdOut("/dev/null");
        long start = System.nanoTime();
        try (Controller controller = new RemoteController(ClusterAccess.fromEnvironment(Map.copyOf(System.getenv())))) {
            for (int i = 0; i < count; i++) {
                controller.call(SubmitBatchJobRequest.newBuilder().setJob(job.setName("job" + i)).build(),
                        SubmitBatchJobResponse.class);
            }
        }
        System.out.printf("submitted %d jobs in %.1f s%n", count, (System.nanoTime() - start) / 1e9);
    }
}
