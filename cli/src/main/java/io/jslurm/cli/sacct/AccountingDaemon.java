package io.jslurm.cli.sacct;

import com.google.protobuf.Message;
import io.jslurm.cli.client.ClusterAccess;
import io.jslurm.cli.client.ControllerException;
import io.jslurm.conf.ConfException;
import io.jslurm.protocol.RpcException;
import io.jslurm.protocol.auth.CredentialSources;
import io.jslurm.protocol.client.RpcClient;
import io.jslurm.protocol.proto.DbdMessage;
import io.jslurm.protocol.wire.EnvelopeType;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.time.InstantSource;
import java.util.Map;

/**
 * slurmdbd as sacct and sacctmgr reach it: AccountingStorageHost and AccountingStoragePort of
 * slurm.conf (the first controller's host when no host is set), credentials as for the controller.
 */
public interface AccountingDaemon {

    <R extends Message> R call(Message request, Class<R> responseType) throws ControllerException;

    /** The cluster the command runs on (ClusterName), which queries default to. */
    String clusterName() throws ControllerException;

    static AccountingDaemon fromEnvironment(Map<String, String> environment) {
        return new AccountingDaemon() {
            private ClusterAccess access;

            @Override
            public String clusterName() throws ControllerException {
                return access().clusterName();
            }

            @Override
            public <R extends Message> R call(Message request, Class<R> responseType) throws ControllerException {
                ClusterAccess cluster = access();
                var accounting = cluster.config().accounting();
                String host = accounting.host().orElseGet(() -> cluster.controllers().isEmpty() ? "localhost"
                        : cluster.controllers().get(0).getHostString());
                InetSocketAddress address = new InetSocketAddress(host, accounting.port());
                try (RpcClient<DbdMessage> client = RpcClient.connect(EnvelopeType.DBD, address, cluster.timeout(),
                        CredentialSources.forCurrentUser(cluster.keyFile(), cluster.credentialSocket(),
                                InstantSource.system()))) {
                    return client.call(request, responseType);
                } catch (RpcException refused) {
                    throw new ControllerException(refused.errorCode(), refused.getMessage());
                } catch (IOException down) {
                    throw ControllerException.configuration("Problem talking to the database: " + down.getMessage());
                }
            }

            private ClusterAccess access() throws ControllerException {
                if (access == null) {
                    try {
                        access = ClusterAccess.fromEnvironment(environment);
                    } catch (ConfException unreadable) {
                        throw ControllerException.configuration(unreadable.getMessage());
                    }
                }
                return access;
            }
        };
    }
}
