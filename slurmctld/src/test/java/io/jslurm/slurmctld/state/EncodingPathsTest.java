package io.jslurm.slurmctld.state;

import static org.assertj.core.api.Assertions.assertThat;

import io.jslurm.slurmctld.job.Job;
import io.jslurm.slurmctld.job.JobSpec;
import io.jslurm.slurmctld.job.JobTransitions;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The journal's submission path writes strings straight into its buffer and a single request without an index map;
 * journals written by the earlier encoder (format 5) must read alike.
 */
class EncodingPathsTest {

    @Test
    void stringsAreLengthPrefixedUtf8WhateverTheirCharacters() {
        for (String s : List.of("", "a", "alice", "\u007f", "\u0080", "PATH=/usr/bin:/bin", "r\u00e9sum\u00e9",
                "\u65e5\u672c\u8a9e", "emoji \ud83d\ude80", "lone \ud800 surrogate", "tail \udc00", "x".repeat(300))) {
            BinaryWriter direct = new BinaryWriter(4);
            direct.writeString(s);
            byte[] utf8 = s.getBytes(StandardCharsets.UTF_8);
            BinaryWriter expected = new BinaryWriter(4);
            expected.writeInt(utf8.length);
            expected.writeBytes(utf8, 0, utf8.length);
            assertThat(direct.toByteArray()).as(s).isEqualTo(expected.toByteArray());
            assertThat(new BinaryReader(direct.toByteArray()).readString()).as(s)
                    .isEqualTo(new String(utf8, StandardCharsets.UTF_8));
        }
    }

    /** The three entries of {@code submitted-format5.hex}, written by the encoder of commit 583dcd3. */
    private static List<JournalEntry.Submitted> entries() {
        JobSpec one = SampleJobs.training("one");
        JobSpec intl = SampleJobs.training("r\u00e9sum\u00e9-\u65e5\u672c").toBuilder().workDir("/home/al\u00efce")
                .build();
        return List.of(
                new JournalEntry.Submitted(List.of(new Job(5, 0, Job.NO_TASK, 0, one,
                        JobTransitions.submitted(one, 1000))), 6),
                new JournalEntry.Submitted(List.of(
                        new Job(10, 10, 0, 2, intl, JobTransitions.submitted(intl, 1001)),
                        new Job(11, 10, 1, 2, intl, JobTransitions.submitted(intl, 1001)),
                        new Job(12, 10, 2, 2, intl, JobTransitions.submitted(intl, 1001))), 13),
                new JournalEntry.Submitted(List.of(
                        new Job(20, 20, 0, 0, one, JobTransitions.submitted(one, 1002)),
                        new Job(21, 20, 1, 0, intl, JobTransitions.submitted(intl, 1002)),
                        new Job(22, 20, 2, 0, one, JobTransitions.submitted(one, 1002))), 23));
    }

    @Test
    void aJobAnArrayAndMixedRequestsOfFormat5StillReadAndTodaysReadBack() throws IOException {
        List<String> golden;
        try (InputStream in = getClass().getResourceAsStream("submitted-format5.hex")) {
            golden = new String(in.readAllBytes(), StandardCharsets.US_ASCII).lines().toList();
        }
        List<JournalEntry.Submitted> entries = entries();
        assertThat(golden).hasSize(entries.size());
        for (int i = 0; i < entries.size(); i++) {
            // Later formats appended fields to each request: format 5's bytes still read as the same jobs, and
            // what the encoder writes now reads back as they were.
            JournalEntry back = new EntryCodec().decode(5, HexFormat.of().parseHex(golden.get(i)));
            assertThat(((JournalEntry.Submitted) back).jobs()).isEqualTo(entries.get(i).jobs());
            assertThat(((JournalEntry.Submitted) back).nextJobId()).isEqualTo(entries.get(i).nextJobId());
            BinaryWriter out = new BinaryWriter(16);
            EntryCodec.encode(entries.get(i), out);
            JournalEntry again = new EntryCodec().decode(EntryCodec.FORMAT_VERSION, out.toByteArray());
            assertThat(((JournalEntry.Submitted) again).jobs()).isEqualTo(entries.get(i).jobs());
        }
    }
}
