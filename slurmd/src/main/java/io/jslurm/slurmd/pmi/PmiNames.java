package io.jslurm.slurmd.pmi;

import java.io.IOException;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * PMI's name service ({@code MPI_Publish_name}, {@code MPI_Lookup_name}): a service name published by one rank can
 * be looked up by every rank of the step, on any node. srun holds the names of a multi-node step.
 */
public interface PmiNames {

    /** @return false when the name is already published */
    boolean publish(String service, String port) throws IOException;

    /** @return false when the name was not published */
    boolean unpublish(String service) throws IOException;

    Optional<String> lookup(String service) throws IOException;

    /** Names kept here: right for a step of one node, and what srun keeps for a step of many. */
    static PmiNames inMemory() {
        Map<String, String> names = new ConcurrentHashMap<>();
        return new PmiNames() {
            @Override
            public boolean publish(String service, String port) {
                return names.putIfAbsent(service, port) == null;
            }

            @Override
            public boolean unpublish(String service) {
                return names.remove(service) != null;
            }

            @Override
            public Optional<String> lookup(String service) {
                return Optional.ofNullable(names.get(service));
            }
        };
    }
}
