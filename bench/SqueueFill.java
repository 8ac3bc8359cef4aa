import com.google.protobuf.ByteString;
import io.jslurm.cli.client.CommandEnvironment;
import io.jslurm.cli.client.Controller;
import io.jslurm.cli.client.ControllerException;
import io.jslurm.protocol.proto.JobDescription;
import io.jslurm.protocol.proto.SubmitBatchJobRequest;
import io.jslurm.protocol.proto.SubmitBatchJobResponse;

/**
 * Fills a running controller's queue for bench/squeue-bench.sh: "SqueueFill N" submits N held batch jobs
 * over one connection (as root, for a few system users, with varied names and sizes), so the queue holds
 * N separate jobs, as squeue's default layout (which folds pending array tasks) shows them line by line.
 * Talks to the controller of $SLURM_CONF like any command.
 */
public final class SqueueFill {

    private static final String[] USERS = {"root", "daemon", "bin", "sys", "nobody"};
    private static final int[] UIDS = {0, 1, 2, 3, 65534};
    private static final ByteString SCRIPT = ByteString.copyFromUtf8("#!/bin/sh\ntrue\n");

    private SqueueFill() {
    }

    public static void main(String[] args) throws ControllerException {
        int count = Integer.parseInt(args[0]);
        CommandEnvironment env = CommandEnvironment.ofProcess();
        try (Controller controller = env.controllers().open()) {
            for (int i = 0; i < count; i++) {
                int who = i % USERS.length;
                JobDescription job = JobDescription.newBuilder().setScript(SCRIPT)
                        .setName("train-" + i % 50).setHold(true).setUid(UIDS[who]).setGid(UIDS[who] == 65534 ? 65534 : 0)
                        .setUserName(USERS[who]).setWorkDir("/tmp").setMinNodes(1 + i % 4)
                        .setTimeLimitMinutes(60 + i % 1380).build();
                controller.call(SubmitBatchJobRequest.newBuilder().setJob(job).build(), SubmitBatchJobResponse.class);
            }
        }
        CommandEnvironment.exit(env, 0);
    }
}
