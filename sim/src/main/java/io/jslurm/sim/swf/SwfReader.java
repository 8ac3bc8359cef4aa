package io.jslurm.sim.swf;

import java.io.BufferedInputStream;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPInputStream;

/** Reads Standard Workload Format traces, plain or gzip-compressed. */
public final class SwfReader {

  private SwfReader() {}

  /** Reads a trace file; gzip is recognised by its magic bytes, whatever the file is called. */
  public static SwfTrace read(Path file) throws IOException {
    try (InputStream in = new BufferedInputStream(Files.newInputStream(file))) {
      in.mark(2);
      boolean gzip = in.read() == 0x1f && in.read() == 0x8b;
      in.reset();
      InputStream body = gzip ? new GZIPInputStream(in, 1 << 16) : in;
      return read(new InputStreamReader(body, StandardCharsets.US_ASCII));
    }
  }

  public static SwfTrace read(Reader source) throws IOException {
    Map<String, String> header = new LinkedHashMap<>();
    List<SwfJob> jobs = new ArrayList<>();
    BufferedReader lines = new BufferedReader(source);
    int lineNumber = 0;
    for (String line = lines.readLine(); line != null; line = lines.readLine()) {
      lineNumber++;
      String text = line.strip();
      if (text.isEmpty()) {
        continue;
      }
      if (text.startsWith(";")) {
        addHeaderField(text.substring(1), header);
      } else {
        jobs.add(parseJob(text, lineNumber));
      }
    }
    return new SwfTrace(new SwfHeader(header), jobs);
  }

  /** Header comments are free text unless they look like {@code Key: value}. */
  private static void addHeaderField(String comment, Map<String, String> header) {
    int colon = comment.indexOf(':');
    if (colon <= 0) {
      return;
    }
    String key = comment.substring(0, colon).strip();
    if (!key.isEmpty() && key.chars().noneMatch(Character::isWhitespace)) {
      header.putIfAbsent(key, comment.substring(colon + 1).strip());
    }
  }

  static SwfJob parseJob(String text, int lineNumber) {
    String[] f = text.split("\\s+");
    if (f.length != SwfJob.FIELDS) {
      throw new SwfFormatException(
          "line " + lineNumber + ": expected " + SwfJob.FIELDS + " fields, found " + f.length);
    }
    Fields fields = new Fields(f, lineNumber);
    try {
      return new SwfJob(
          fields.whole(0), fields.whole(1), fields.whole(2), fields.whole(3),
          fields.count(4), fields.decimal(5), fields.decimal(6), fields.count(7),
          fields.whole(8), fields.decimal(9), fields.count(10), fields.count(11),
          fields.count(12), fields.count(13), fields.count(14), fields.count(15),
          fields.whole(16), fields.whole(17));
    } catch (IllegalArgumentException e) {
      throw new SwfFormatException("line " + lineNumber + ": " + e.getMessage());
    }
  }

  /** Field access that names the 1-based field number, as the format's documentation does. */
  private record Fields(String[] values, int lineNumber) {

    long whole(int index) {
      try {
        return Long.parseLong(values[index]);
      } catch (NumberFormatException e) {
        throw bad(index);
      }
    }

    int count(int index) {
      long value = whole(index);
      if (value < Integer.MIN_VALUE || value > Integer.MAX_VALUE) {
        throw bad(index);
      }
      return (int) value;
    }

    double decimal(int index) {
      try {
        return Double.parseDouble(values[index]);
      } catch (NumberFormatException e) {
        throw bad(index);
      }
    }

    private SwfFormatException bad(int index) {
      return new SwfFormatException(
          "line " + lineNumber + ": field " + (index + 1) + " is not a number: " + values[index]);
    }
  }
}
