package io.jslurm.slurmctld.state;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jslurm.slurmctld.job.Allocation;
import io.jslurm.slurmctld.job.ExitCode;
import io.jslurm.slurmctld.job.GresRequest;
import io.jslurm.slurmctld.job.Hold;
import io.jslurm.slurmctld.job.JobSpec;
import io.jslurm.slurmctld.job.JobState;
import io.jslurm.slurmctld.job.JobStatus;
import io.jslurm.slurmctld.job.MemoryRequest;
import io.jslurm.slurmctld.job.OpenMode;
import io.jslurm.slurmctld.job.PendingReason;
import io.jslurm.slurmctld.job.SuspendCause;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The state format stores enums by ordinal: these lists may only grow at the end, or saved state would be read
 * back with the wrong states.
 */
class FormatTest {

    @Test
    void enumOrderIsPartOfTheFormat() {
        assertThat(names(JobState.values())).startsWith("PENDING", "CONFIGURING", "RUNNING", "COMPLETING",
                "COMPLETED", "FAILED", "CANCELLED", "TIMEOUT", "NODE_FAIL", "PREEMPTED", "OUT_OF_MEMORY",
                "REQUEUED", "SUSPENDED", "BOOT_FAIL", "DEADLINE");
        assertThat(names(PendingReason.values())).startsWith("NONE", "PRIORITY", "RESOURCES", "DEPENDENCY",
                "DEPENDENCY_NEVER_SATISFIED", "BEGIN_TIME", "JOB_HELD_USER", "JOB_HELD_ADMIN",
                "JOB_ARRAY_TASK_LIMIT", "PARTITION_DOWN", "PARTITION_INACTIVE", "PARTITION_NODE_LIMIT",
                "PARTITION_TIME_LIMIT", "REQ_NODE_NOT_AVAIL", "NODE_DOWN", "BAD_CONSTRAINTS", "RESERVATION",
                "LICENSES", "INVALID_ACCOUNT", "INVALID_QOS", "QOS_MAX_JOBS_PER_USER_LIMIT", "ASSOC_GRP_GRES",
                "PROLOG", "CLEANING", "LAUNCH_FAILED_REQUEUED_HELD", "NON_ZERO_EXIT_CODE", "TIME_LIMIT",
                "OUT_OF_MEMORY", "SYSTEM_FAILURE");
        assertThat(names(Hold.values())).startsWith("NONE", "USER", "ADMIN");
        assertThat(names(MemoryRequest.Per.values())).startsWith("NONE", "NODE", "CPU", "GPU");
        assertThat(names(GresRequest.Per.values())).startsWith("NODE", "JOB", "TASK", "SOCKET");
        assertThat(names(OpenMode.values())).startsWith("UNSPECIFIED", "TRUNCATE", "APPEND");
        assertThat(names(SuspendCause.values())).startsWith("NONE", "OPERATOR", "PREEMPTION", "GANG");
    }

    /** Format 6 appended --cpus-per-gpu and --contiguous to a spec: one byte each while 0 and false. */
    private static final int V6_SPEC_TAIL = 2;
    /** Format 7 appended the submit host and session id to a spec: one byte each while empty and 0. */
    private static final int V7_SPEC_TAIL = 2;
    /** Format 8 appended the script's arguments and path to a spec: one byte each while none and empty. */
    private static final int V8_SPEC_TAIL = 2;
    /** Format 9 appended the advance reservation to a spec: one byte while empty. */
    private static final int V9_SPEC_TAIL = 1;

    @Test
    void version6KeepsCpusPerGpuAndContiguityAndOlderFilesReadWithoutThem() {
        JobSpec plain = SampleJobs.training("gpu-cores");
        JobSpec shaped = plain.toBuilder().resources(plain.resources().withGpuCoresAndContiguity(6, true)).build();
        BinaryWriter out = new BinaryWriter(256);
        EntryCodec.encode(new JournalEntry.SpecUpdated(12, shaped), out);
        byte[] v6Shaped = Arrays.copyOf(out.toByteArray(), out.size() - V9_SPEC_TAIL - V8_SPEC_TAIL - V7_SPEC_TAIL);
        JobSpec back = ((JournalEntry.SpecUpdated) new EntryCodec().decode(6, v6Shaped)).spec();
        assertThat(back).isEqualTo(shaped);
        assertThat(back.resources().cpusPerGpu()).isEqualTo(6);
        assertThat(back.resources().contiguous()).isTrue();

        BinaryWriter now = new BinaryWriter(256);
        EntryCodec.encode(new JournalEntry.SpecUpdated(13, plain), now);
        byte[] v5 = Arrays.copyOf(now.toByteArray(), now.size() - V9_SPEC_TAIL - V8_SPEC_TAIL - V7_SPEC_TAIL - V6_SPEC_TAIL);
        assertThat(((JournalEntry.SpecUpdated) new EntryCodec().decode(5, v5)).spec()).isEqualTo(plain);
        assertThatThrownBy(() -> new EntryCodec().decode(6, v5)).isInstanceOf(CorruptStateException.class);
    }

    @Test
    void version7KeepsAllocNodeAndSidAndOlderFilesReadWithoutThem() {
        JobSpec plain = SampleJobs.training("from-login");
        JobSpec submitted = plain.toBuilder().allocNode("login1").allocSid(4242).build();
        BinaryWriter out = new BinaryWriter(256);
        EntryCodec.encode(new JournalEntry.SpecUpdated(14, submitted), out);
        byte[] v7Submitted = Arrays.copyOf(out.toByteArray(), out.size() - V9_SPEC_TAIL - V8_SPEC_TAIL);
        JobSpec back = ((JournalEntry.SpecUpdated) new EntryCodec().decode(7, v7Submitted)).spec();
        assertThat(back).isEqualTo(submitted);
        assertThat(back.allocNode()).isEqualTo("login1");
        assertThat(back.allocSid()).isEqualTo(4242);

        BinaryWriter v7 = new BinaryWriter(256);
        EntryCodec.encode(new JournalEntry.SpecUpdated(15, plain), v7);
        byte[] v6 = Arrays.copyOf(v7.toByteArray(), v7.size() - V9_SPEC_TAIL - V8_SPEC_TAIL - V7_SPEC_TAIL);
        JobSpec old = ((JournalEntry.SpecUpdated) new EntryCodec().decode(6, v6)).spec();
        assertThat(old).isEqualTo(plain);
        assertThat(old.allocNode()).as("state written before the field existed").isEmpty();
        assertThatThrownBy(() -> new EntryCodec().decode(7, v6)).isInstanceOf(CorruptStateException.class);
    }

    @Test
    void version8KeepsTheScriptArgumentsAndPathAndOlderFilesReadWithoutThem() {
        List<String> argv = List.of("a b", "", "c", "it's \"quoted\"", "r\u00e9sum\u00e9 \u65e5\u672c \ud83d\ude80", "$HOME");
        JobSpec withArgs = SampleJobs.training("args").toBuilder().argv(argv).scriptPath("/home/al\u00efce/run 1.sh")
                .build();
        BinaryWriter out = new BinaryWriter(256);
        EntryCodec.encode(new JournalEntry.SpecUpdated(14, withArgs), out);
        byte[] v8WithArgs = Arrays.copyOf(out.toByteArray(), out.size() - V9_SPEC_TAIL);
        JobSpec back = ((JournalEntry.SpecUpdated) new EntryCodec().decode(8, v8WithArgs)).spec();
        assertThat(back.argv()).containsExactlyElementsOf(argv);
        assertThat(back.scriptPath()).isEqualTo("/home/al\u00efce/run 1.sh");
        assertThat(back).isEqualTo(withArgs);

        JobSpec plain = SampleJobs.training("no-args");
        BinaryWriter v8 = new BinaryWriter(256);
        EntryCodec.encode(new JournalEntry.SpecUpdated(15, plain), v8);
        byte[] v7 = Arrays.copyOf(v8.toByteArray(), v8.size() - V9_SPEC_TAIL - V8_SPEC_TAIL);
        JobSpec old = ((JournalEntry.SpecUpdated) new EntryCodec().decode(7, v7)).spec();
        assertThat(old.argv()).as("state written before the arguments were kept").isEmpty();
        assertThat(old.scriptPath()).isEmpty();
        assertThat(old).isEqualTo(plain);
        assertThatThrownBy(() -> new EntryCodec().decode(8, v7)).isInstanceOf(CorruptStateException.class);
    }

    @Test
    void version9KeepsTheReservationAndOlderFilesReadWithoutOne() {
        JobSpec inReservation = SampleJobs.training("resv").toBuilder().reservation("maint_window").build();
        BinaryWriter out = new BinaryWriter(256);
        EntryCodec.encode(new JournalEntry.SpecUpdated(16, inReservation), out);
        JobSpec back = ((JournalEntry.SpecUpdated) new EntryCodec().decode(9, out.toByteArray())).spec();
        assertThat(back.reservation()).isEqualTo("maint_window");
        assertThat(back).isEqualTo(inReservation);

        JobSpec plain = SampleJobs.training("no-resv");
        BinaryWriter v9 = new BinaryWriter(256);
        EntryCodec.encode(new JournalEntry.SpecUpdated(17, plain), v9);
        byte[] v8 = Arrays.copyOf(v9.toByteArray(), v9.size() - V9_SPEC_TAIL);
        JobSpec old = ((JournalEntry.SpecUpdated) new EntryCodec().decode(8, v8)).spec();
        assertThat(old.reservation()).as("state written before reservations were kept").isEmpty();
        assertThat(old).isEqualTo(plain);
        assertThatThrownBy(() -> new EntryCodec().decode(9, v8)).isInstanceOf(CorruptStateException.class);
    }

    @Test
    void entriesRoundTripAndDamageIsDetected() {
        JournalEntry.Purged purged = new JournalEntry.Purged(new long[] {1, 67_043_327L, 42});
        BinaryWriter out = new BinaryWriter(16);
        EntryCodec.encode(purged, out);
        JournalEntry back = new EntryCodec().decode(EntryCodec.FORMAT_VERSION, out.toByteArray());
        assertThat(((JournalEntry.Purged) back).jobIds()).containsExactly(1, 67_043_327L, 42);

        byte[] truncated = Arrays.copyOf(out.toByteArray(), out.size() - 1);
        assertThatThrownBy(() -> new EntryCodec().decode(EntryCodec.FORMAT_VERSION, truncated))
                .isInstanceOf(CorruptStateException.class);
        assertThatThrownBy(() -> new EntryCodec().decode(EntryCodec.FORMAT_VERSION + 1, out.toByteArray()))
                .hasMessageContaining("unsupported state format version " + (EntryCodec.FORMAT_VERSION + 1));
    }

    @Test
    void version2KeepsTheOpenModeAndVersion1FilesStillRead() {
        JobSpec appending = SampleJobs.training("resume").toBuilder().openMode(OpenMode.APPEND).build();
        BinaryWriter out = new BinaryWriter(256);
        EntryCodec.encode(new JournalEntry.SpecUpdated(7, appending), out);
        // A version 2 entry is the same without the trailing oversubscribe byte (and formats 6 and 7's bytes).
        byte[] v2Appending = Arrays.copyOf(out.toByteArray(), out.size() - 1 - V6_SPEC_TAIL - V7_SPEC_TAIL - V9_SPEC_TAIL - V8_SPEC_TAIL);
        JournalEntry back = new EntryCodec().decode(2, v2Appending);
        assertThat(((JournalEntry.SpecUpdated) back).spec()).isEqualTo(appending);

        // A version 1 entry is also without the open mode byte before it.
        JobSpec unspecified = SampleJobs.training("old");
        BinaryWriter v3 = new BinaryWriter(256);
        EntryCodec.encode(new JournalEntry.SpecUpdated(8, unspecified), v3);
        byte[] v1 = Arrays.copyOf(v3.toByteArray(), v3.size() - 2 - V6_SPEC_TAIL - V7_SPEC_TAIL - V9_SPEC_TAIL - V8_SPEC_TAIL);
        JournalEntry old = new EntryCodec().decode(1, v1);
        assertThat(((JournalEntry.SpecUpdated) old).spec()).isEqualTo(unspecified);
        assertThat(((JournalEntry.SpecUpdated) old).spec().openMode()).isEqualTo(OpenMode.UNSPECIFIED);
        assertThatThrownBy(() -> new EntryCodec().decode(2, v1)).isInstanceOf(CorruptStateException.class);
    }

    @Test
    void version3KeepsOversubscribeAndOlderFilesReadAsNotSharing() {
        JobSpec sharing = SampleJobs.training("share").toBuilder().oversubscribe(true).build();
        BinaryWriter out = new BinaryWriter(256);
        EntryCodec.encode(new JournalEntry.SpecUpdated(9, sharing), out);
        byte[] v3Sharing = Arrays.copyOf(out.toByteArray(), out.size() - V6_SPEC_TAIL - V7_SPEC_TAIL - V9_SPEC_TAIL - V8_SPEC_TAIL);
        JobSpec back = ((JournalEntry.SpecUpdated) new EntryCodec().decode(3, v3Sharing)).spec();
        assertThat(back.oversubscribe()).isTrue();
        assertThat(back).isEqualTo(sharing);

        JobSpec plain = SampleJobs.training("plain");
        BinaryWriter now = new BinaryWriter(256);
        EntryCodec.encode(new JournalEntry.SpecUpdated(10, plain), now);
        byte[] v2 = Arrays.copyOf(now.toByteArray(), now.size() - 1 - V6_SPEC_TAIL - V7_SPEC_TAIL - V9_SPEC_TAIL - V8_SPEC_TAIL);
        JobSpec old = ((JournalEntry.SpecUpdated) new EntryCodec().decode(2, v2)).spec();
        assertThat(old.oversubscribe()).as("state written before the field existed").isFalse();
        assertThat(old).isEqualTo(plain);
        assertThatThrownBy(() -> new EntryCodec().decode(3, v2)).isInstanceOf(CorruptStateException.class);
    }

    @Test
    void version4KeepsWhoSuspendedAJobAndOlderFilesReadAsNoCause() {
        JobStatus gang = new JobStatus(JobState.SUSPENDED, PendingReason.NONE, Hold.NONE, 0, 100, 100, 110, 0,
                ExitCode.SUCCESS, ExitCode.SUCCESS, 0, new Allocation("gpu01", 1, 8, 4000, java.util.List.of()),
                SuspendCause.GANG);
        BinaryWriter v5 = new BinaryWriter(128);
        EntryCodec.encode(new JournalEntry.StatusChanged(11, gang), v5);
        // A version 4 entry is the same without the two suspend times (one byte each while 0).
        byte[] v4 = Arrays.copyOf(v5.toByteArray(), v5.size() - 2);
        JobStatus back = ((JournalEntry.StatusChanged) new EntryCodec().decode(4, v4)).status();
        assertThat(back).isEqualTo(gang);

        byte[] v3 = Arrays.copyOf(v4, v4.length - 1);
        JobStatus old = ((JournalEntry.StatusChanged) new EntryCodec().decode(3, v3)).status();
        assertThat(old.state()).isEqualTo(JobState.SUSPENDED);
        assertThat(old.suspendCause()).as("state written before the cause was kept").isEqualTo(SuspendCause.NONE);
        assertThatThrownBy(() -> new EntryCodec().decode(4, v3)).isInstanceOf(CorruptStateException.class);
    }

    @Test
    void version5KeepsTheSuspendTimesAndOlderFilesReadAsNeverSuspended() {
        JobStatus suspended = new JobStatus(JobState.SUSPENDED, PendingReason.NONE, Hold.NONE, 0, 100, 100, 110, 0,
                ExitCode.SUCCESS, ExitCode.SUCCESS, 0, new Allocation("gpu01", 1, 8, 4000, java.util.List.of()),
                SuspendCause.OPERATOR, 1_700_000_000L, 3_600);
        BinaryWriter out = new BinaryWriter(128);
        EntryCodec.encode(new JournalEntry.StatusChanged(12, suspended), out);
        JobStatus back = ((JournalEntry.StatusChanged) new EntryCodec().decode(5, out.toByteArray())).status();
        assertThat(back).isEqualTo(suspended);
        assertThat(back.suspendTime()).isEqualTo(1_700_000_000L);
        assertThat(back.secsPreSuspend()).isEqualTo(3_600);

        JobStatus plain = new JobStatus(JobState.RUNNING, PendingReason.NONE, Hold.NONE, 0, 100, 100, 110, 0,
                ExitCode.SUCCESS, ExitCode.SUCCESS, 0, new Allocation("gpu01", 1, 8, 4000, java.util.List.of()));
        BinaryWriter v5 = new BinaryWriter(128);
        EntryCodec.encode(new JournalEntry.StatusChanged(12, plain), v5);
        byte[] v4 = Arrays.copyOf(v5.toByteArray(), v5.size() - 2);
        JobStatus old = ((JournalEntry.StatusChanged) new EntryCodec().decode(4, v4)).status();
        assertThat(old).isEqualTo(plain);
        assertThat(old.suspendTime()).isZero();
        assertThatThrownBy(() -> new EntryCodec().decode(5, v4)).isInstanceOf(CorruptStateException.class);
    }

    @Test
    void varintsCoverTheSentinels() {
        BinaryWriter out = new BinaryWriter(16);
        long[] values = {0, -1, -2, 1, 127, 128, Long.MAX_VALUE, Long.MIN_VALUE, 4_294_967_296L};
        for (long v : values) {
            out.writeLong(v);
        }
        BinaryReader in = new BinaryReader(out.toByteArray());
        for (long v : values) {
            assertThat(in.readLong()).isEqualTo(v);
        }
        assertThat(in.hasMore()).isFalse();
    }

    private static String[] names(Enum<?>[] values) {
        return Arrays.stream(values).map(Enum::name).toArray(String[]::new);
    }
}
