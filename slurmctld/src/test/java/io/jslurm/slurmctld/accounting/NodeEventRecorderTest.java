package io.jslurm.slurmctld.accounting;

import static org.assertj.core.api.Assertions.assertThat;

import io.jslurm.slurmctld.config.ClusterConfig;
import io.jslurm.protocol.proto.DbdNodeState;
import io.jslurm.protocol.proto.NodeHardware;
import io.jslurm.protocol.proto.NodeHeartbeat;
import io.jslurm.protocol.proto.NodeRegistration;
import io.jslurm.slurmctld.ManualClock;
import io.jslurm.slurmctld.node.NodeStateFile;
import io.jslurm.slurmctld.node.NodeTable;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Node state changes made through the node table, and the accounting events they become. */
class NodeEventRecorderTest {

    private static final Instant T0 = Instant.parse("2026-11-30T12:00:00Z");
    private static final long SLURM_USER = 64030;

    @TempDir
    Path dir;
    private final ManualClock clock = new ManualClock(T0);
    private final List<DbdNodeState> sent = new ArrayList<>();
    private final Set<String> busy = new HashSet<>();
    private NodeEventRecorder recorder;
    private NodeTable nodes;

    @BeforeEach
    void start() throws Exception {
        Path conf = dir.resolve("slurm.conf");
        Files.writeString(conf, """
                ClusterName=gpu
                SlurmctldHost=localhost
                SlurmdTimeout=60
                ReturnToService=1
                StateSaveLocation=%s
                NodeName=DEFAULT CPUs=8 RealMemory=16000
                NodeName=n[1-2]
                NodeName=n3 State=DOWN Reason=rack_swap
                PartitionName=p Nodes=ALL Default=YES
                """.formatted(dir.resolve("state")));
        Files.createDirectories(dir.resolve("state"));
        recorder = new NodeEventRecorder(sent::add, "gpu", busy::contains, SLURM_USER, clock);
        nodes = new NodeTable(ClusterConfig.load(conf).slurm().nodes(), Duration.ofSeconds(60), 1, clock,
                new NodeStateFile(dir.resolve("state")), recorder);
        register("n1");
        register("n2");
    }

    private void register(String node) {
        nodes.register(NodeRegistration.newBuilder().setNodeName(node).setHardware(NodeHardware.newBuilder()
                .setCpus(8).setSockets(1).setCoresPerSocket(8).setThreadsPerCore(1).setRealMemoryMb(16000)).build());
    }

    private long now() {
        return clock.instant().getEpochSecond();
    }

    @Test
    void registeringIsNoEventButADrainIsOneWithReasonUserAndTheNodesTres() {
        assertThat(sent).isEmpty();
        clock.advance(Duration.ofSeconds(5));
        nodes.update(List.of("n1"), "DRAIN", "bad gpu", 1001);
        assertThat(sent).containsExactly(DbdNodeState.newBuilder().setCluster("gpu").setNodeName("n1")
                .setState("DRAIN").setReason("bad gpu").setReasonUid(1001).setTime(now())
                .setTres("1=8,2=16000,4=1").build());
    }

    @Test
    void aBusyNodeDrainsAsDrainingAndResumingEndsTheEvent() {
        busy.add("n2");
        nodes.update(List.of("n2"), "DRAIN", "upgrade", 0);
        assertThat(sent).extracting(DbdNodeState::getState).containsExactly("DRNG");
        clock.advance(Duration.ofMinutes(3));
        nodes.update(List.of("n2"), "RESUME", "", 0);
        assertThat(sent).hasSize(2);
        DbdNodeState back = sent.get(1);
        assertThat(back.getBackInService()).isTrue();
        assertThat(back.getNodeName()).isEqualTo("n2");
        assertThat(back.getTime()).isEqualTo(now());
        assertThat(back.getState()).isEmpty();
    }

    @Test
    void aNewReasonOrDownOverADrainIsANewEventButTheSameStateAgainIsNot() {
        nodes.update(List.of("n1"), "DRAIN", "bad gpu", 1001);
        nodes.update(List.of("n1"), "DRAIN", "bad gpu", 1001);
        assertThat(sent).hasSize(1);
        nodes.update(List.of("n1"), "DRAIN", "bad gpu, RMA filed", 1001);
        assertThat(sent).extracting(DbdNodeState::getReason).containsExactly("bad gpu", "bad gpu, RMA filed");
        nodes.update(List.of("n2"), "DOWN", "psu", 0);
        assertThat(sent.get(2).getState()).isEqualTo("DOWN");
        assertThat(sent.get(2).getReasonUid()).isZero();
    }

    @Test
    void silenceForSlurmdTimeoutIsADownEventNotRespondingBySlurmUserAndRegisteringEndsIt() {
        clock.advance(Duration.ofSeconds(31));
        nodes.heartbeat(NodeHeartbeat.newBuilder().setNodeName("n2").build());
        nodes.checkTimeouts();
        assertThat(sent).as("not responding for half of SlurmdTimeout is no event").isEmpty();
        clock.advance(Duration.ofSeconds(30));
        nodes.checkTimeouts();
        assertThat(sent).hasSize(1);
        assertThat(sent.get(0).getNodeName()).isEqualTo("n1");
        assertThat(sent.get(0).getState()).isEqualTo("DOWN*");
        assertThat(sent.get(0).getReason()).isEqualTo("Not responding");
        assertThat(sent.get(0).getReasonUid()).isEqualTo(SLURM_USER);
        assertThat(sent.get(0).getTime()).isEqualTo(now());

        clock.advance(Duration.ofSeconds(10));
        register("n1");
        assertThat(sent).hasSize(2);
        assertThat(sent.get(1).getBackInService()).isTrue();
        assertThat(sent.get(1).getTime()).isEqualTo(now());
    }

    @Test
    void atStartTheNodesOutOfServiceAreToldFromWhenTheirReasonWasSet() {
        nodes.update(List.of("n1"), "DRAIN", "bad gpu", 1001);
        long drained = now();
        sent.clear();
        clock.advance(Duration.ofHours(1));
        recorder.current(nodes.all());
        assertThat(sent).extracting(DbdNodeState::getNodeName, DbdNodeState::getState, DbdNodeState::getReason,
                DbdNodeState::getTime).containsExactly(
                org.assertj.core.groups.Tuple.tuple("n1", "DRAIN", "bad gpu", drained),
                org.assertj.core.groups.Tuple.tuple("n3", "DOWN", "rack_swap", T0.getEpochSecond()));
    }
}
