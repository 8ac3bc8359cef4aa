package io.jslurm.sim.swf;

import java.util.Map;
import java.util.Objects;
import java.util.OptionalInt;

/**
 * The {@code ; Key: value} header comments of a trace. Only the machine size is typed because the
 * simulator needs it; the rest stays available by key as written.
 */
public record SwfHeader(Map<String, String> fields) {

  public SwfHeader {
    fields = Map.copyOf(Objects.requireNonNull(fields, "fields"));
  }

  /** {@code MaxNodes}: the number of nodes of the traced machine, when the header gives it. */
  public OptionalInt maxNodes() {
    return positiveInt("MaxNodes");
  }

  /** {@code MaxProcs}: the number of processors of the traced machine, when the header gives it. */
  public OptionalInt maxProcs() {
    return positiveInt("MaxProcs");
  }

  private OptionalInt positiveInt(String key) {
    String value = fields.get(key);
    if (value == null) {
      return OptionalInt.empty();
    }
    try {
      int parsed = Integer.parseInt(value.trim());
      return parsed > 0 ? OptionalInt.of(parsed) : OptionalInt.empty();
    } catch (NumberFormatException e) {
      throw new SwfFormatException("header " + key + " is not a whole number: " + value);
    }
  }
}
