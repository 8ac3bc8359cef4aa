package io.jslurm.slurmdbd.rpc;

import io.jslurm.protocol.auth.SlurmCredentialSigner;
import io.jslurm.protocol.auth.SlurmKey;
import io.jslurm.protocol.proto.AcctJob;
import io.jslurm.slurmctld.accounting.AccountingStorage;
import io.jslurm.slurmctld.accounting.RemoteDbd;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.time.InstantSource;

/**
 * A controller's accounting side in a JVM of its own, so a test can kill it: queues the records of
 * jobs {@code first..last} (submitted, started, batch/extern/0 steps, completed), printing
 * {@code queued N} as each job's records are in the queue, then {@code all queued}, then waits to be
 * killed. With {@code first > last} it only sends what an earlier run left.
 *
 * <p>Arguments: stateSaveLocation dbdPort keyFile cluster first last
 */
public final class AccountingProducer {

    private AccountingProducer() {
    }

    public static void main(String[] args) throws Exception {
        Path state = Path.of(args[0]);
        int port = Integer.parseInt(args[1]);
        SlurmKey key = SlurmKey.load(Path.of(args[2]));
        String cluster = args[3];
        int first = Integer.parseInt(args[4]);
        int last = Integer.parseInt(args[5]);
        RemoteDbd dbd = new RemoteDbd(new InetSocketAddress("127.0.0.1", port), Duration.ofSeconds(10),
                new SlurmCredentialSigner(key, InstantSource.system()).sourceFor(0, 0, "localhost"));
        AccountingStorage accounting = AccountingStorage.start(state, dbd);
        for (int id = first; id <= last; id++) {
            AcctJob pending = AcctSamples.pending(cluster, id, "user" + id % 13, "acct" + id % 3);
            accounting.job(pending);
            AcctJob running = AcctSamples.running(pending, "gpu" + String.format("%02d", id % 16));
            accounting.job(running);
            AcctJob done = AcctSamples.ended(running, "COMPLETED", 0, 0);
            accounting.step(AcctSamples.step(done, -4, "extern"));
            accounting.step(AcctSamples.step(done, -5, "batch"));
            accounting.step(AcctSamples.step(done, 0, "python"));
            accounting.job(done);
            System.out.println("queued " + id);
            if (id % 50 == 0) {
                Thread.sleep(20);
            }
        }
        System.out.println("all queued");
        System.out.flush();
        Thread.sleep(Long.MAX_VALUE);
    }
}
