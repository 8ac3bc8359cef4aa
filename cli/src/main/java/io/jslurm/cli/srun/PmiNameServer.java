package io.jslurm.cli.srun;

import io.jslurm.protocol.stepio.PmiNameReply;
import io.jslurm.protocol.stepio.PmiNameRequest;
import java.util.HashMap;
import java.util.Map;

/**
 * srun's part of PMI's name service for a step: the names its ranks published, on whichever node, so that a rank
 * on any node finds them (what srun keeps for Slurm's mpi/pmi2 too). A name is published once until unpublished.
 */
final class PmiNameServer {

    private final Map<String, String> names = new HashMap<>();

    synchronized PmiNameReply answer(PmiNameRequest request) {
        return switch (request.op()) {
            case PUBLISH -> new PmiNameReply(request.id(), names.putIfAbsent(request.service(), request.port()) == null,
                    "");
            case UNPUBLISH -> new PmiNameReply(request.id(), names.remove(request.service()) != null, "");
            case LOOKUP -> {
                String port = names.get(request.service());
                yield new PmiNameReply(request.id(), port != null, port == null ? "" : port);
            }
        };
    }
}
