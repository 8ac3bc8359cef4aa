package io.jslurm.slurmctld.assoc;

import io.jslurm.protocol.RpcException;
import io.jslurm.protocol.proto.DbdAssocSnapshot;
import java.io.IOException;

/** Where fresh copies of the associations come from: slurmdbd in production. */
@FunctionalInterface
public interface AssocSource {

    DbdAssocSnapshot fetch() throws IOException, RpcException;
}
