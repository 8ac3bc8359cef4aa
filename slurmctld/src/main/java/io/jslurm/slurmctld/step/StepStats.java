package io.jslurm.slurmctld.step;

import io.jslurm.common.hostlist.Hostlist;
import io.jslurm.protocol.RpcException;
import io.jslurm.protocol.proto.NodeStepStat;
import io.jslurm.protocol.proto.StepRecord;
import io.jslurm.protocol.proto.StepStatRequest;
import io.jslurm.protocol.proto.StepStatResponse;
import io.jslurm.protocol.rpc.RpcCall;
import io.jslurm.slurmctld.accounting.StepAccounting;
import io.jslurm.slurmctld.job.Job;
import io.jslurm.slurmctld.node.NodeTable;
import io.jslurm.slurmctld.node.NodeView;
import io.jslurm.slurmctld.rpc.Callers;
import io.jslurm.slurmctld.rpc.SlurmError;
import io.jslurm.slurmctld.state.JobStore;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * sstat: what a running step uses now. The controller knows the step's nodes and asks each node's slurmd, which
 * reads the step's cgroup there; the nodes' answers go back to sstat as they are, for it to combine.
 */
public final class StepStats {

    private static final Logger log = LoggerFactory.getLogger(StepStats.class);

    /** Asks one node's slurmd about a step; throws when the node cannot answer. */
    @FunctionalInterface
    public interface NodeQuery {
        NodeStepStat ask(NodeView node, StepStatRequest request) throws Exception;
    }

    private final JobStore store;
    private final StepTable steps;
    private final NodeTable nodes;
    private final Callers callers;
    private final NodeQuery query;

    public StepStats(JobStore store, StepTable steps, NodeTable nodes, Callers callers, NodeQuery query) {
        this.store = Objects.requireNonNull(store, "store");
        this.steps = Objects.requireNonNull(steps, "steps");
        this.nodes = Objects.requireNonNull(nodes, "nodes");
        this.callers = Objects.requireNonNull(callers, "callers");
        this.query = Objects.requireNonNull(query, "query");
    }

    public StepStatResponse stat(RpcCall<StepStatRequest> call) throws RpcException {
        StepStatRequest request = call.request();
        long jobId = Integer.toUnsignedLong(request.getJobId());
        Job job = store.get(jobId).orElseThrow(SlurmError.INVALID_JOB_ID::exception);
        if (!callers.mayControl(call.caller(), job.spec().uid())) {
            throw SlurmError.ACCESS_DENIED.exception();
        }
        if (!job.state().holdsResources()) {
            throw SlurmError.ALREADY_DONE.exception();
        }
        String nodeList;
        int ntasks;
        if (request.getStepId() == StepAccounting.BATCH_STEP) {
            if (job.spec().script().isEmpty() || job.status().allocation().isEmpty()) {
                throw SlurmError.INVALID_JOB_ID.exception("job " + jobId + " has no batch step");
            }
            nodeList = Hostlist.parse(job.status().allocation().nodeList()).hosts().get(0);
            ntasks = 1;
        } else {
            StepRecord step = steps.get(jobId, request.getStepId()).filter(s -> s.getState().equals("RUNNING"))
                    .orElseThrow(SlurmError.INVALID_JOB_ID::exception);
            nodeList = step.getNodeList();
            ntasks = step.getNtasks();
        }
        StepStatResponse.Builder response = StepStatResponse.newBuilder().setJobId(request.getJobId())
                .setStepId(request.getStepId()).setNtasks(ntasks);
        List<String> names = Hostlist.parse(nodeList).hosts();
        for (String name : names) {
            Optional<NodeView> node = nodes.get(name);
            if (node.isEmpty()) {
                continue;
            }
            try {
                response.addNodes(query.ask(node.get(), request));
            } catch (Exception e) {
                log.warn("StepId={}.{}: no usage from {}: {}", jobId, Integer.toUnsignedString(request.getStepId()),
                        name, e.getMessage());
            }
        }
        return response.build();
    }
}
