package io.jslurm.cli.sbatch;

import io.jslurm.cli.client.CommandEnvironment;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.InstantSource;
import java.util.List;

/**
 * One client submitting many jobs (bench/jobs-bench.sh, part "rpc"): runs sbatch's own code, parser, request
 * builder and client, N times in one JVM, so each job costs one submission over the RPC and no JVM start.
 * It lives in sbatch's package because the process context sbatch reads is package-private.
 *
 * Usage: java -cp CLI_CLASSPATH:CLASSES io.jslurm.cli.sbatch.SbatchLoop N SBATCH_ARGS...
 * Prints the id of the first and the last job; exits 1 at the first refused submission.
 */
public final class SbatchLoop {

    private SbatchLoop() {
    }

    public static void main(String[] args) {
        int count = Integer.parseInt(args[0]);
        List<String> sbatchArgs = List.of(args).subList(1, args.length);
        CommandEnvironment env = CommandEnvironment.ofProcess();
        Sbatch sbatch = new Sbatch(ProcessContext.current(InstantSource.system(), Path.of("").toAbsolutePath()),
                new SbatchSender(env));
        PrintStream quiet = new PrintStream(OutputStream.nullOutputStream());
        for (int i = 0; i < count; i++) {
            int status = sbatch.run(sbatchArgs, quiet, System.err);
            if (status != 0) {
                System.err.println("SbatchLoop: submission " + (i + 1) + " failed with status " + status);
                System.exit(1);
            }
        }
    }
}
