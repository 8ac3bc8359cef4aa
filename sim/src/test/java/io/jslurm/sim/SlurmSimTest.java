package io.jslurm.sim;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SlurmSimTest {

  /** Two nodes; job 3 has run time 0 and is dropped, job 4 waits 10 s for job 2. */
  private static final String TRACE = """
      ; MaxNodes: 2
      1   0 -1 10 1 -1 -1 -1 -1 -1 1 1 -1 -1 -1 -1 -1 -1
      2   0 -1 20 1 -1 -1 -1 -1 -1 1 1 -1 -1 -1 -1 -1 -1
      3   5 -1  0 1 -1 -1 -1 -1 -1 1 1 -1 -1 -1 -1 -1 -1
      4   5 -1 10 2 -1 -1 -1 -1 -1 1 1 -1 -1 -1 -1 -1 -1
      """;

  @TempDir Path dir;
  private Path trace;
  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();

  @BeforeEach
  void writeTrace() throws IOException {
    trace = Files.writeString(dir.resolve("tiny.swf"), TRACE);
  }

  private int run(String... args) {
    return new SlurmSim(new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8)).run(args);
  }

  private List<String> outLines() {
    return out.toString(StandardCharsets.UTF_8).lines().toList();
  }

  private String errText() {
    return err.toString(StandardCharsets.UTF_8);
  }

  @Test
  void replaysTheWholeTraceAsOneWindowByDefault() {
    assertThat(run("--trace", trace.toString())).isZero();

    // Starts 0, 0, 20: waits 0, 0, 15; slowdowns 1, 1, 2.5; busy 10 + 20 + 20 = 50 of 2 x 30 processor-seconds.
    assertThat(outLines()).containsExactly(
        "window=0 start=0 length=3 avg_bsld=1.50 avg_wait=5.00 utilization=0.8333 makespan=30",
        "avg_bsld=1.50 avg_wait=5.00 utilization=0.8333 jobs=3");
    assertThat(errText()).isEmpty();
  }

  @Test
  void printsOneLinePerWindowAndWritesEveryJobToTheCsv() throws IOException {
    Path csv = dir.resolve("jobs.csv");

    int status = run("--trace=" + trace, "--policy", "sjf", "--backfill", "--window", "0:2",
        "--window", "1:2", "--jobs-csv", csv.toString());

    assertThat(status).isZero();
    assertThat(outLines()).hasSize(3);
    assertThat(outLines().get(0)).startsWith("window=0 start=0 length=2 ");
    assertThat(outLines().get(1)).startsWith("window=1 start=1 length=2 ");
    assertThat(outLines().get(2)).startsWith("avg_bsld=").endsWith(" jobs=4");
    assertThat(Files.readAllLines(csv)).containsExactly(
        "window,job_id,submit,run,procs,start,wait,bsld",
        "0,1,0,10,1,0,0,1.000000",
        "0,2,0,20,1,0,0,1.000000",
        "1,2,0,20,1,0,0,1.000000",
        "1,4,5,10,2,20,15,2.500000");
  }

  @Test
  void slurmModeReplaysTheSameJobsAndPrintsTheSameLines() throws IOException {
    Path csv = dir.resolve("slurm.csv");

    assertThat(run("--trace", trace.toString(), "--mode", "slurm", "--jobs-csv", csv.toString()))
        .isZero();

    // Without estimates the limits are the run times rounded up to a minute; job 4 starts when
    // job 2 ends, as in reference mode.
    assertThat(outLines()).containsExactly(
        "window=0 start=0 length=3 avg_bsld=1.50 avg_wait=5.00 utilization=0.8333 makespan=30",
        "avg_bsld=1.50 avg_wait=5.00 utilization=0.8333 jobs=3");
    assertThat(Files.readAllLines(csv)).containsExactly(
        "window,job_id,submit,run,procs,start,wait,bsld",
        "0,1,0,10,1,0,0,1.000000",
        "0,2,0,20,1,0,0,1.000000",
        "0,4,5,10,2,20,15,2.500000");
    assertThat(errText()).isEmpty();
  }

  @Test
  void slurmModeReadsTheClusterFromSlurmConf() throws IOException {
    Path conf = Files.writeString(dir.resolve("slurm.conf"), """
        ClusterName=sim
        SlurmctldHost=head
        SelectTypeParameters=CR_Core
        SchedulerParameters=bf_interval=60,bf_window=120
        NodeName=n[1-2] CPUs=4 RealMemory=1000
        PartitionName=all Nodes=n[1-2] Default=YES MaxTime=1:00:00
        """);

    assertThat(run("--trace", trace.toString(), "--mode", "slurm", "--conf", conf.toString(),
        "--allocate", "cores", "--priority", "multifactor")).isZero();

    // Eight cores, memory not consumable: job 4's two processors fit beside jobs 1 and 2 at once.
    assertThat(outLines()).last().isEqualTo("avg_bsld=1.00 avg_wait=0.00 utilization=0.3125 jobs=3");
  }

  @Test
  void aBrokenSlurmConfFailsWithItsLine() throws IOException {
    Path conf = Files.writeString(dir.resolve("slurm.conf"), "NodeName=n1 CPUs=x\n");

    assertThat(run("--trace", trace.toString(), "--mode", "slurm", "--conf", conf.toString()))
        .isEqualTo(1);
    assertThat(errText()).startsWith("slurmsim: " + conf);
  }

  /** Each bad command line, with "TRACE" standing for a readable trace, and the first error line. */
  @ParameterizedTest
  @CsvSource(delimiter = '|', textBlock = """
      --policy sjf                   | --trace is required
      --trace TRACE --bf             | unknown option '--bf'
      --trace TRACE extra            | unexpected argument 'extra'
      --trace TRACE --window         | --window requires a value
      --trace TRACE --backfill=yes   | --backfill takes no value
      --trace TRACE --policy lifo    | --policy: unknown policy 'lifo' (expected fcfs, sjf or f1)
      --trace TRACE --mode easy      | --mode: unknown mode 'easy' (expected reference or slurm)
      --trace TRACE --window 10      | --window: expected START:LENGTH, got '10'
      --trace TRACE --window 0:x     | --window: expected START:LENGTH in whole numbers, got '0:x'
      --trace TRACE --window -1:5    | --window: window start must not be negative: -1
      --trace TRACE --mode slurm --policy sjf     | --policy applies to --mode reference only
      --trace TRACE --mode slurm --backfill       | --backfill applies to --mode reference only
      --trace TRACE --conf x.conf                 | --conf applies to --mode slurm only
      --trace TRACE --bf-window 0 --mode slurm    | --bf-window: expected a whole number of at least 1, got '0'
      --trace TRACE --mode slurm --priority age   | --priority: unknown priority 'age' (expected fifo or multifactor)
      --trace TRACE --mode slurm --allocate cpus  | --allocate: unknown unit 'cpus' (expected cores or nodes)
      --trace TRACE --mode slurm --no-backfill=1  | --no-backfill takes no value
      """)
  void aBadCommandLineNamesTheOptionAndExitsWith2(String args, String message) {
    String[] argv = args.replace("TRACE", trace.toString()).split(" ");

    assertThat(run(argv)).isEqualTo(2);
    assertThat(errText()).isEqualTo("slurmsim: " + message
        + "\nTry 'slurmsim --help' for more information.\n");
    assertThat(out.size()).isZero();
  }

  @Test
  void aWindowPastTheFilteredTraceIsNamed() {
    assertThat(run("--trace", trace.toString(), "--window", "1:3")).isEqualTo(2);
    assertThat(errText())
        .isEqualTo("slurmsim: --window 1:3: the trace has only 3 jobs after filtering\n");
  }

  @Test
  void aMissingTraceFileIsNamed() {
    Path missing = dir.resolve("missing.swf");

    assertThat(run("--trace", missing.toString())).isEqualTo(2);
    assertThat(errText()).startsWith("slurmsim: --trace: no such file: " + missing);
  }

  @Test
  void aMalformedTraceFailsWithItsLine() throws IOException {
    Path bad = Files.writeString(dir.resolve("bad.swf"), "; MaxNodes: 2\n1 0 -1 10\n");

    assertThat(run("--trace", bad.toString())).isEqualTo(1);
    assertThat(errText()).isEqualTo(
        "slurmsim: " + bad + ": line 2: expected 18 fields, found 4\n");
  }

  @Test
  void aTraceWithNothingToReplayFails() throws IOException {
    Path empty = Files.writeString(dir.resolve("empty.swf"),
        "; MaxNodes: 2\n1 0 -1 0 1 -1 -1 -1 -1 -1 1 1 -1 -1 -1 -1 -1 -1\n");

    assertThat(run("--trace", empty.toString())).isEqualTo(1);
    assertThat(errText()).isEqualTo("slurmsim: " + empty + ": no jobs left to replay after filtering\n");
  }

  @Test
  void helpPrintsUsage() {
    assertThat(run("--help")).isZero();
    assertThat(out.toString(StandardCharsets.UTF_8)).startsWith("Usage: slurmsim --trace FILE");
  }
}
