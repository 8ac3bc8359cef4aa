package io.jslurm.slurmd.prolog;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class TaskPrologOutputTest {

    @Test
    void exportUnsetAndPrintChangeTheTaskEnvironment() {
        Map<String, String> env = new TreeMap<>(Map.of("KEEP", "1", "DROP", "2", "OVER", "old"));
        List<String> printed = TaskPrologOutput.apply("""
                export NEW=hello world
                export OVER=a=b
                unset DROP
                print cache warmed on n1
                just a line that is ignored
                export 1BAD=x
                """, env);
        assertEquals(Map.of("KEEP", "1", "NEW", "hello world", "OVER", "a=b"), env);
        assertEquals(List.of("cache warmed on n1"), printed);
    }

    @Test
    void emptyOutputChangesNothing() {
        Map<String, String> env = new TreeMap<>(Map.of("A", "1"));
        assertEquals(List.of(), TaskPrologOutput.apply("", env));
        assertEquals(Map.of("A", "1"), env);
    }
}
