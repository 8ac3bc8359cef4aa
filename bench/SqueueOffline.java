import io.jslurm.cli.client.CommandEnvironment;
import io.jslurm.cli.squeue.Squeue;
import io.jslurm.protocol.proto.JobDescription;
import io.jslurm.protocol.proto.JobInfoResponse;
import io.jslurm.protocol.proto.JobRecord;
import io.jslurm.protocol.proto.JobState;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * squeue without a controller, for bench/cli-bench.sh: "write N FILE" stores a controller's answer
 * with N pending jobs; "show FILE ARGS..." decodes it and prints it as squeue ARGS would, so one
 * process costs what squeue does less the socket.
 */
public final class SqueueOffline {

    private SqueueOffline() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length >= 3 && args[0].equals("write")) {
            write(Integer.parseInt(args[1]), Path.of(args[2]));
        } else if (args.length >= 2 && args[0].equals("show")) {
            JobInfoResponse answer;
            try (InputStream in = Files.newInputStream(Path.of(args[1]))) {
                answer = JobInfoResponse.parseFrom(in);
            }
            CommandEnvironment env = CommandEnvironment.ofProcess();
            int status = new Squeue(env).show(Arrays.asList(args).subList(2, args.length), answer.getJobsList());
            CommandEnvironment.exit(env, status);
        } else {
            System.err.println("usage: SqueueOffline write N FILE | SqueueOffline show FILE [SQUEUE_ARGS...]");
            System.exit(2);
        }
    }

    private static void write(int count, Path file) throws IOException {
        long now = System.currentTimeMillis() / 1000;
        JobInfoResponse.Builder answer = JobInfoResponse.newBuilder().setLastUpdate(now);
        String[] users = {"alice", "bob", "carol", "dave", "erin", "frank", "grace", "heidi"};
        for (int i = 0; i < count; i++) {
            String user = users[i % users.length];
            answer.addJobs(JobRecord.newBuilder().setJobId(1000 + i).setState(JobState.JOB_PENDING)
                    .setStateReason(i % 3 == 0 ? "Priority" : "Resources").setUid(1000 + i % users.length).setGid(100)
                    .setUserName(user).setGroupName("users").setPriority(10_000 - i % 5_000)
                    .setSubmitTime(now - 3600 + i % 3600).setEligibleTime(now - 3600 + i % 3600)
                    .setNumNodes(1 + i % 4).setNumCpus(8 * (1 + i % 4)).setNumTasks(1 + i % 4)
                    .setTresRequested("cpu=" + 8 * (1 + i % 4) + ",mem=64G,node=" + (1 + i % 4) + ",billing=8,gres/gpu=8")
                    .setCommand("/home/" + user + "/train-" + i % 50 + ".sh").setClusterName("bench")
                    .setRequest(JobDescription.newBuilder().setName("train-" + i % 50).setPartition("gpu")
                            .setAccount("ml").setQos("normal").setTimeLimitMinutes(1440).setMinNodes(1 + i % 4)
                            .setCpusPerTask(8).setGres("gpu:8").setWorkDir("/home/" + user)
                            .setStdOut("/home/" + user + "/slurm-%j.out")));
        }
        try (OutputStream out = Files.newOutputStream(file)) {
            answer.build().writeTo(out);
        }
    }
}
