package io.jslurm.slurmd.daemon;

import com.google.protobuf.ByteString;
import io.jslurm.protocol.proto.LaunchBatchJob;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;

/** Launch requests as the controller sends them, for a test user's one-node batch job. */
final class TestJobs {
    private static final AtomicInteger IDS = new AtomicInteger(700_000 + (int) (ProcessHandle.current().pid() % 1000) * 100);

    private TestJobs() {
    }

    static int nextId() {
        return IDS.incrementAndGet();
    }

    static LaunchBatchJob launch(int jobId, TestAccount user, String node, Path workDir, String scriptBody) {
        return LaunchBatchJob.newBuilder()
                .setJobId(jobId)
                .setUid(user.uid)
                .setGid(user.gid)
                .setUserName(user.name)
                .setScript(ByteString.copyFrom("#!/bin/bash\n" + scriptBody + "\n", StandardCharsets.UTF_8))
                .setWorkDir(workDir.toString())
                .setNodeList(node)
                .setCpusOnNode(1)
                .setTimeLimitMinutes(10)
                .setStartTime(System.currentTimeMillis() / 1000)
                .setPartition("debug")
                .setAccount("test")
                .setQos("normal")
                .setJobName("daemon-test")
                .putEnvironment("PATH", "/usr/bin:/bin")
                .build();
    }
}
