package io.jslurm.cli.scontrol;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jslurm.cli.testing.Console;
import io.jslurm.protocol.proto.PartitionState;
import io.jslurm.protocol.proto.UpdateJobRequest;
import io.jslurm.protocol.proto.UpdateNodeRequest;
import io.jslurm.protocol.proto.UpdatePartitionRequest;
import java.util.List;
import org.junit.jupiter.api.Test;

/** scontrol update's Key=Value words as typed requests, and the words it refuses. */
class UpdatesTest {

    private final Updates updates = new Updates(Console.offline().env(), null);

    @Test
    void jobFieldsAreReadIntoTheirTypes() throws Exception {
        UpdateJobRequest request = updates.job(List.of("JobId=12,13_4", "TimeLimit=1-12:00:00", "priority=5000",
                "Partition=gpu", "MinMemoryNode=16G", "NumNodes=2-4", "ReqNodeList=gpu[01-02]"));
        assertThat(request.getTargetsList()).extracting(t -> t.getJobId() + "_" + t.getArrayTasks())
                .containsExactly("12_", "13_4");
        assertThat(request.getTimeLimitMinutes()).isEqualTo(36 * 60);
        assertThat(request.getPriority()).isEqualTo(5000);
        assertThat(request.getPartition()).isEqualTo("gpu");
        assertThat(request.getMemPerNodeMb()).isEqualTo(16 * 1024);
        assertThat(request.getMinNodes()).isEqualTo(2);
        assertThat(request.getMaxNodes()).isEqualTo(4);
        assertThat(request.getNodelist()).isEqualTo("gpu[01-02]");
        assertThat(request.hasNice()).isFalse();
        assertThat(updates.job(List.of("JobId=7", "TimeLimit=UNLIMITED")).getTimeLimitMinutes()).isEqualTo(-1);
    }

    @Test
    void jobWordsScontrolRefuses() {
        assertThatThrownBy(() -> updates.job(List.of("JobId=12", "Colour=blue")))
                .hasMessage("Update of this parameter is not supported: Colour=blue");
        assertThatThrownBy(() -> updates.job(List.of("JobId=12", "TimeLimit=soon")))
                .hasMessage("scontrol: error: Invalid TimeLimit value");
        assertThatThrownBy(() -> updates.job(List.of("JobId=12", "Nice=lots")))
                .hasMessage("Invalid input: Nice=lots");
        assertThatThrownBy(() -> updates.job(List.of("TimeLimit=10"))).hasMessage("No job id specified");
    }

    @Test
    void drainingANodeNeedsAReason() throws Exception {
        UpdateNodeRequest drain = Updates.node(List.of("NodeName=gpu[01-03]", "State=DRAIN", "Reason=bad fan"));
        assertThat(drain.getNodeList()).isEqualTo("gpu[01-03]");
        assertThat(drain.getState()).isEqualTo(UpdateNodeRequest.StateChange.DRAIN);
        assertThat(drain.getReason()).isEqualTo("bad fan");
        assertThat(Updates.node(List.of("nodename=gpu01", "state=resume")).getState())
                .isEqualTo(UpdateNodeRequest.StateChange.RESUME);
        assertThatThrownBy(() -> Updates.node(List.of("NodeName=gpu01", "State=DRAIN")))
                .hasMessage("You must specify a reason when DOWNING or DRAINING a node. Request denied");
        assertThatThrownBy(() -> Updates.node(List.of("NodeName=gpu01", "State=SLEEP")))
                .hasMessage("Invalid input: State=SLEEP");
    }

    @Test
    void partitionFields() throws Exception {
        UpdatePartitionRequest request = Updates.partition(List.of("PartitionName=gpu", "State=DOWN",
                "MaxTime=4:00:00", "Default=YES", "MaxNodes=UNLIMITED"));
        assertThat(request.getName()).isEqualTo("gpu");
        assertThat(request.getState()).isEqualTo(PartitionState.PARTITION_DOWN);
        assertThat(request.getMaxTimeMinutes()).isEqualTo(240);
        assertThat(request.getIsDefault()).isTrue();
        assertThat(request.getMaxNodes()).isEqualTo(-1);
        assertThatThrownBy(() -> Updates.partition(List.of("PartitionName=gpu", "Hidden=maybe")))
                .hasMessage("Invalid input: Hidden=maybe");
    }

    @Test
    void scontrolPrintsTheRefusalBeforeAskingTheControllerAndExitsOne() {
        Console console = Console.offline();
        int status = new io.jslurm.cli.scontrol.Scontrol(console.env())
                .run(new String[] {"update", "JobId=5", "Colour=blue"});
        assertThat(status).isEqualTo(1);
        assertThat(console.err()).isEqualTo("Update of this parameter is not supported: Colour=blue\n"
                + "Request aborted\n");
    }

    @Test
    void badStatesTimeLimitsAndPrioritiesGetSlurmsOwnLines() {
        assertThat(refusal("update", "NodeName=n1", "State=bogus")).isEqualTo("Invalid input: State=bogus\n"
                + "Request aborted\nValid states are: NoResp DRAIN FAIL FUTURE RESUME POWER_DOWN POWER_UP UNDRAIN\n"
                + "Not all states are valid given a node's prior state\n");
        assertThat(refusal("update", "PartitionName=p", "state=bogus")).isEqualTo(
                "scontrol: error: Invalid input: state=bogus\n"
                        + "scontrol: error: Acceptable State values are UP, DOWN, DRAIN and INACTIVE\n");
        assertThat(refusal("update", "JobId=1", "TimeLimit=abc")).isEqualTo("scontrol: error: Invalid TimeLimit value\n");
        assertThat(refusal("update", "JobId=1", "Priority=abc")).isEqualTo(
                "scontrol: error: Invalid Priority value: abc\n");
    }

    private static String refusal(String... args) {
        Console console = Console.offline();
        assertThat(new io.jslurm.cli.scontrol.Scontrol(console.env()).run(args)).isEqualTo(1);
        return console.err();
    }
}
