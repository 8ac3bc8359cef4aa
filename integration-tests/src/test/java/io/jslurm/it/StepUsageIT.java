package io.jslurm.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * srun steps carry what their cgroup measured to accounting (sacct's TotalCPU, MaxRSS, ... of N.0), and sstat
 * reads a running step's cgroup live through the controller and the step's slurmd.
 */
class StepUsageIT {

    @RegisterExtension
    static final ClusterExtension CLUSTER = new ClusterExtension(new Cluster.Shape(1, 0, true));

    /** 1.5 s of user CPU time (whatever else the machine runs) while holding a 100 MiB string. */
    private static final String BURN = "perl -e '$x = \"x\" x (100 * 1024 * 1024);"
            + " do { $n++ for 1 .. 100000 } while (times)[0] < 1.5; print length($x), \"\\n\"'";
    /** Holds 100 MiB, then waits to be cancelled. */
    private static final String HOLD = "perl -e '$x = \"x\" x (100 * 1024 * 1024); sleep 120'";

    private static Cluster cluster() {
        return CLUSTER.get();
    }

    @Test
    void srunStepUsageReachesSacctAndSstatReadsARunningStep() throws Exception {
        long job = cluster().submit("--job-name=usage", "--wrap", "srun " + BURN + "; srun " + HOLD);
        cluster().awaitState(job, Cluster.patience(), "RUNNING");

        // Step 1 runs once step 0 ended: sstat shows its memory while it holds it.
        String live = awaitOutput(() -> cluster().run("sstat", "-j", job + ".1", "-P", "-n", "-o", "JobID,MaxRSS")
                .stdout().strip(), out -> out.startsWith(job + ".1|") && bytes(out.split("\\|")[1]) >= 50L << 20);
        assertThat(live).startsWith(job + ".1|");
        assertThat(bytes(live.split("\\|")[1])).as(live).isGreaterThanOrEqualTo(50L << 20);
        String table = cluster().ok("sstat", "-a", "-j", Long.toString(job));
        assertThat(table.lines().toList()).as(table).hasSize(3);
        assertThat(table.lines().toList().get(0)).startsWith("JobID         MaxVMSize  MaxVMSizeNode");
        assertThat(table.lines().toList().get(2)).startsWith(job + ".1 ");
        System.out.println("sstat -a -j " + job + ":\n" + table);
        assertThat(cluster().ok("sstat", "-j", job + ".batch", "-P", "-n", "-o", "JobID,NTasks,MaxRSSNode"))
                .as("the batch script's own step").startsWith(job + ".batch|1|");

        String row = awaitOutput(() -> cluster().ok("sacct", "-j", Long.toString(job), "-n", "-P", "-o",
                        "JobID,TotalCPU,UserCPU,SystemCPU,MaxRSS,AveRSS,MaxDiskRead,MaxDiskWrite").lines()
                        .filter(line -> line.startsWith(job + ".0|")).findFirst().orElse(""),
                line -> !line.isEmpty() && !line.split("\\|", -1)[4].isEmpty() && bytes(line.split("\\|", -1)[4]) > 0);
        String[] f = row.split("\\|", -1);
        System.out.println("sacct " + job + ".0: " + row);
        assertThat(seconds(f[1])).as("TotalCPU of %s", row).isGreaterThanOrEqualTo(1.0);
        assertThat(seconds(f[2])).as("UserCPU of %s", row).isGreaterThanOrEqualTo(1.0);
        assertThat(f[3]).as("SystemCPU of %s", row).isNotEmpty();
        assertThat(bytes(f[4])).as("MaxRSS of %s", row).isGreaterThanOrEqualTo(50L << 20);
        assertThat(bytes(f[5])).as("AveRSS of %s", row).isGreaterThanOrEqualTo(50L << 20);
        assertThat(f[6]).as("MaxDiskRead of %s", row).isNotEmpty();
        assertThat(f[7]).as("MaxDiskWrite of %s", row).isNotEmpty();

        cluster().ok("scancel", Long.toString(job));
        cluster().awaitState(job, Cluster.patience(), "CANCELLED");
        // A step that no longer runs prints nothing, as in Slurm.
        assertThat(cluster().run("sstat", "-j", job + ".1", "-P", "-n", "-o", "JobID").stdout()).isEmpty();
    }

    @FunctionalInterface
    private interface Probe {
        String read() throws Exception;
    }

    private static String awaitOutput(Probe probe, java.util.function.Predicate<String> done) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(90).toNanos();
        String last = "";
        while (System.nanoTime() < deadline) {
            last = probe.read();
            if (done.test(last)) {
                return last;
            }
            Thread.sleep(500);
        }
        return last;
    }

    /** sacct/sstat CPU time: {@code MM:SS.mmm}, {@code HH:MM:SS} or {@code D-HH:MM:SS}. */
    private static double seconds(String text) {
        String[] dayRest = text.contains("-") ? text.split("-", 2) : new String[] {"0", text};
        double total = Long.parseLong(dayRest[0]) * 86_400;
        double unit = 1;
        String[] parts = dayRest[1].split(":");
        for (int i = parts.length - 1; i >= 0; i--) {
            total += Double.parseDouble(parts[i]) * unit;
            unit *= 60;
        }
        return total;
    }

    /** A size as sacct prints it ({@code 102400K}, {@code 1.50G}, {@code 0}). */
    private static long bytes(String text) {
        if (text.isEmpty()) {
            return -1;
        }
        char last = Character.toUpperCase(text.charAt(text.length() - 1));
        int shift = switch (last) {
            case 'K' -> 10;
            case 'M' -> 20;
            case 'G' -> 30;
            case 'T' -> 40;
            default -> 0;
        };
        String number = Character.isDigit(last) ? text : text.substring(0, text.length() - 1);
        return (long) (Double.parseDouble(number) * (1L << shift));
    }
}
