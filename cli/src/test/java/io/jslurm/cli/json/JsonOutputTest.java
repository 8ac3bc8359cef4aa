package io.jslurm.cli.json;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.jslurm.cli.jobs.JobDisplay;
import io.jslurm.cli.jobs.JobJson;
import io.jslurm.cli.nodes.NodeJson;
import io.jslurm.cli.squeue.Squeue;
import io.jslurm.cli.client.ClientIdentity;
import io.jslurm.cli.testing.Console;
import io.jslurm.cli.testing.Records;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The --json documents in data_parser v0.0.40's shapes, read back as a tree. */
class JsonOutputTest {

    private static final ClientIdentity ALICE = new ClientIdentity(1000, 100, "alice");

    private static JsonNode read(String json) throws Exception {
        return new ObjectMapper().readTree(json);
    }

    @Test
    void squeueJobsWithMetaErrorsAndWarnings() throws Exception {
        Console console = Console.offline();
        assertThat(new Squeue(console.env()).show(List.of("--json", "-j", "101,200"), Records.queue())).isZero();
        JsonNode root = read(console.out());
        assertThat(root.fieldNames()).toIterable().containsExactly("jobs", "meta", "errors", "warnings");
        assertThat(root.get("errors").isArray()).isTrue();
        assertThat(root.at("/meta/plugin/data_parser").asText()).isEqualTo("data_parser/v0.0.40");
        assertThat(root.at("/meta/client/user").asText()).isEqualTo("alice");
        assertThat(root.at("/meta/command/0").asText()).isEqualTo("squeue");
        JsonNode jobs = root.get("jobs");
        assertThat(jobs).hasSize(3);
        JsonNode training = jobs.get(1);
        assertThat(training.get("job_id").asLong()).isEqualTo(101);
        assertThat(training.get("name").asText()).isEqualTo("train-llama");
        assertThat(training.get("job_state")).hasSize(1);
        assertThat(training.at("/job_state/0").asText()).isEqualTo("RUNNING");
        assertThat(training.get("current_working_directory").asText()).isEqualTo("/home/alice");
        assertThat(training.get("command").asText()).isEqualTo("/home/alice/train.sh");
        assertThat(training.at("/time_limit/number").asLong()).isEqualTo(1440);
        assertThat(training.at("/time_limit/set").asBoolean()).isTrue();
        assertThat(training.at("/start_time/number").asLong()).isEqualTo(Records.at("10:00:00"));
        assertThat(training.at("/job_resources/nodes/list").asText()).isEqualTo("gpu[01-02]");
        assertThat(training.at("/job_resources/nodes/allocation/1/name").asText()).isEqualTo("gpu02");
        assertThat(training.at("/job_resources/cpus").asLong()).isEqualTo(64);
        JsonNode pending = jobs.get(0);
        assertThat(pending.at("/job_state/0").asText()).isEqualTo("PENDING");
        assertThat(pending.get("array_task_string").asText()).isEqualTo("1-15");
        assertThat(pending.at("/array_task_id/set").asBoolean()).isFalse();
        assertThat(pending.at("/start_time/set").asBoolean()).isFalse();
        assertThat(pending.get("job_resources").size()).isZero();
    }

    @Test
    void unlimitedLimitsAreInfinite() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        JobJson.write(out, List.of("scontrol", "show", "job", "--json"), ALICE, "lab", List.of(Records.preprocessing()),
                new JobDisplay(Records.NOW, ZoneOffset.UTC, false));
        JsonNode job = read(out.toString(StandardCharsets.UTF_8)).at("/jobs/0");
        assertThat(job.at("/time_limit/infinite").asBoolean()).isTrue();
        assertThat(job.at("/time_limit/set").asBoolean()).isFalse();
    }

    @Test
    void nodesAndPartitions() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        NodeJson.writeNodes(out, List.of("scontrol", "show", "node", "--json"), ALICE, Records.nodes());
        JsonNode nodes = read(out.toString(StandardCharsets.UTF_8)).get("nodes");
        assertThat(nodes).hasSize(7);
        assertThat(nodes.at("/3/name").asText()).isEqualTo("gpu04");
        assertThat(nodes.at("/3/state").toString()).isEqualTo("[\"IDLE\",\"DRAIN\"]");
        assertThat(nodes.at("/3/features").toString()).isEqualTo("[\"a100\",\"ib\"]");
        assertThat(nodes.at("/3/reason").asText()).isEqualTo("bad GPU 3");
        assertThat(nodes.at("/0/cpus").asLong()).isEqualTo(64);

        out.reset();
        NodeJson.writePartitions(out, List.of("scontrol", "show", "partition", "--json"), ALICE, Records.partitions());
        JsonNode partitions = read(out.toString(StandardCharsets.UTF_8)).get("partitions");
        assertThat(partitions.at("/0/name").asText()).isEqualTo("gpu");
        assertThat(partitions.at("/0/nodes/configured").asText()).isEqualTo("gpu[01-04]");
        assertThat(partitions.at("/0/maximums/time/infinite").asBoolean()).isTrue();
        assertThat(partitions.at("/1/maximums/time/number").asLong()).isEqualTo(2880);
        assertThat(partitions.at("/0/partition/state/0").asText()).isEqualTo("UP");
        assertThat(partitions.at("/0/flags/default").asBoolean()).isTrue();
    }
}
