package io.jslurm.sim.swf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.OutputStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SwfReaderTest {

  private static final String TRACE = """
      ; Version: 2.2
      ; Computer: a test machine
      ; MaxNodes: 128
      ; MaxProcs: 1024
      ; Note: comments without a key are kept out of the header

          1   100   5  3600  16  3550.5  2048  32  7200  4096  1  7  3  12  2  1 -1  0
          2   160  -1    -1   1      -1    -1  -1    -1    -1  5  8  3  -1 -1  4  1 60
      """;

  @TempDir Path dir;

  @Test
  void readsEveryFieldOfAJobLineInFileOrder() throws IOException {
    SwfTrace trace = SwfReader.read(new StringReader(TRACE));

    assertThat(trace.jobs()).containsExactly(
        new SwfJob(1, 100, 5, 3600, 16, 3550.5, 2048, 32, 7200, 4096, 1, 7, 3, 12, 2, 1, -1, 0),
        new SwfJob(2, 160, -1, -1, 1, -1, -1, -1, -1, -1, 5, 8, 3, -1, -1, 4, 1, 60));
    SwfJob first = trace.jobs().get(0);
    assertThat(first.runTime()).isEqualTo(3600);
    assertThat(first.requestedProcs()).isEqualTo(32);
    assertThat(first.requestedTime()).isEqualTo(7200);
    assertThat(first.userId()).isEqualTo(7);
    assertThat(first.partition()).isEqualTo(1);
  }

  @Test
  void readsTheMachineSizeFromTheHeader() throws IOException {
    SwfHeader header = SwfReader.read(new StringReader(TRACE)).header();

    assertThat(header.maxNodes()).hasValue(128);
    assertThat(header.maxProcs()).hasValue(1024);
    assertThat(header.fields()).containsEntry("Computer", "a test machine")
        .doesNotContainKey("Note: comments without a key are kept out of the header");
  }

  @Test
  void aHeaderWithoutMaxProcsLeavesItEmpty() throws IOException {
    SwfHeader header = SwfReader.read(new StringReader("; MaxNodes: 256\n")).header();

    assertThat(header.maxNodes()).hasValue(256);
    assertThat(header.maxProcs()).isEmpty();
  }

  @Test
  void readsPlainAndGzipFilesAlike() throws IOException {
    Path plain = Files.writeString(dir.resolve("trace.swf"), TRACE);
    Path gzip = dir.resolve("trace.swf.gz");
    try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(gzip))) {
      out.write(TRACE.getBytes(StandardCharsets.US_ASCII));
    }

    SwfTrace fromPlain = SwfReader.read(plain);
    assertThat(fromPlain.jobs()).hasSize(2);
    assertThat(SwfReader.read(gzip)).isEqualTo(fromPlain);
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', textBlock = """
      1 0 -1 10 1 -1 -1 1 10 -1 1 1 1 1 1 1 -1     | line 2: expected 18 fields, found 17
      1 0 -1 ten 1 -1 -1 1 10 -1 1 1 1 1 1 1 -1 -1 | line 2: field 4 is not a number: ten
      1 0 -1 10 -2 -1 -1 1 10 -1 1 1 1 1 1 1 -1 -1 | line 2: job 1: processor counts must be -1 (unknown) or more
      """)
  void namesTheLineAndFieldOfAMalformedJob(String jobLine, String message) {
    String trace = "; MaxNodes: 4\n" + jobLine + "\n";

    assertThatThrownBy(() -> SwfReader.read(new StringReader(trace)))
        .isInstanceOf(SwfFormatException.class)
        .hasMessage(message);
  }
}
