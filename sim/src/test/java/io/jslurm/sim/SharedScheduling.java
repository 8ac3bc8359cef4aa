package io.jslurm.sim;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The shared trace and baseline folder. It is not part of the repository: it sits beside the
 * checkout as {@code ../shared/scheduling}, so it is looked for beside every ancestor of the
 * working directory.
 */
public final class SharedScheduling {

  private SharedScheduling() {}

  public static Path dir() {
    Path start = Path.of("").toAbsolutePath();
    for (Path dir = start; dir != null; dir = dir.getParent()) {
      Path candidate = dir.resolve("shared").resolve("scheduling");
      if (Files.isDirectory(candidate)) {
        return candidate;
      }
    }
    throw new IllegalStateException("no shared/scheduling folder beside " + start
        + " or any of its parents; copy shared/ beside the repository");
  }

  public static Path trace(String name) {
    return dir().resolve("traces").resolve(name);
  }

  public static Path baseline(String name) {
    return dir().resolve("baselines").resolve(name);
  }
}
