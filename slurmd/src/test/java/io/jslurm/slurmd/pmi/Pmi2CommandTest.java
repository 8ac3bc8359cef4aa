package io.jslurm.slurmd.pmi;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class Pmi2CommandTest {

    @Test
    void parsesPairsWithDoubledSemicolons() {
        Pmi2Command c = Pmi2Command.parse("cmd=kvs-put;key=a;value=x;;y=z;");
        assertThat(c.name()).isEqualTo("kvs-put");
        assertThat(c.values()).containsEntry("key", "a").containsEntry("value", "x;y=z");
    }

    @Test
    void formatsResponsesInOrderAndEscapes() {
        Map<String, String> pairs = new LinkedHashMap<>();
        pairs.put("rc", "0");
        pairs.put("value", "a;b");
        assertThat(Pmi2Command.format("kvs-get-response", pairs)).isEqualTo("cmd=kvs-get-response;rc=0;value=a;;b;");
    }

    @Test
    void wireFramesCarryALeftAlignedLength() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Pmi2Wire.write(out, "cmd=finalize;");
        assertThat(out.toString(StandardCharsets.US_ASCII)).isEqualTo("13    cmd=finalize;");
        assertThat(Pmi2Wire.read(new ByteArrayInputStream(out.toByteArray()))).isEqualTo("cmd=finalize;");
    }

    @Test
    void processMappingGroupsNodesWithEqualRankCounts() {
        assertThat(ProcessMapping.of(List.of(List.of(0, 1), List.of(2, 3), List.of(4)))).contains(
                "(vector,(0,2,2),(2,1,1))");
        // Cyclic: the pattern repeats, as Slurm writes it.
        assertThat(ProcessMapping.of(List.of(List.of(0, 2), List.of(1, 3)))).contains("(vector,(0,2,1),(0,2,1))");
        assertThat(ProcessMapping.of(List.of(List.of(0, 3, 4), List.of(1, 2)))).contains(
                "(vector,(0,1,1),(1,1,2),(0,1,2))");
        // Not a partition of 0..size-1.
        assertThat(ProcessMapping.of(List.of(List.of(0, 1), List.of(1, 2)))).isEmpty();
        List<List<Integer>> wide = new java.util.ArrayList<>();
        for (int node = 0; node < 300; node++) {
            wide.add(List.of(node, node + 300));
        }
        assertThat(ProcessMapping.of(wide)).contains("(vector,(0,300,1),(0,300,1))");
        assertThat(ProcessMapping.of(List.of(List.of(0), List.of(1, 2)))).contains("(vector,(0,1,1),(1,1,2))");
        // Nodes of 2 and 1 ranks in turn: a triple per node, longer than a PMI value may be.
        List<List<Integer>> ragged = new java.util.ArrayList<>();
        int next = 0;
        for (int node = 0; node < 300; node++) {
            ragged.add(node % 2 == 0 ? List.of(next++, next++) : List.of(next++));
        }
        assertThat(ProcessMapping.of(ragged)).isEmpty();
    }
}
