package io.jslurm.cli.sacct;

import com.google.protobuf.Message;
import io.jslurm.cli.client.ClusterAccess;
import io.jslurm.cli.client.ControllerException;
import io.jslurm.conf.ConfException;
import io.jslurm.protocol.RpcException;
import io.jslurm.protocol.auth.CredentialSource;
import io.jslurm.protocol.client.RpcClient;
import io.jslurm.protocol.proto.DbdMessage;
import io.jslurm.protocol.wire.EnvelopeType;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.Map;

/**
 * slurmdbd as sacct and sacctmgr reach it: AccountingStorageHost and AccountingStoragePort of
 * slurm.conf (the first controller's host when no host is set), credentials as for the controller.
 * slurmdbd's refusals carry their own explanation, which is what the user is shown.
 */
public interface AccountingDaemon {

    <R extends Message> R call(Message request, Class<R> responseType) throws ControllerException;

    /** The cluster the command runs on (ClusterName), which queries default to. */
    String clusterName() throws ControllerException;

    /** slurmdbd at a known address, one connection per request. */
    static AccountingDaemon at(InetSocketAddress address, Duration timeout, CredentialSource credentials,
                               String clusterName) {
        return new AccountingDaemon() {
            @Override
            public <R extends Message> R call(Message request, Class<R> responseType) throws ControllerException {
                try (RpcClient<DbdMessage> client = RpcClient.connect(EnvelopeType.DBD, address, timeout, credentials)) {
                    return client.call(request, responseType);
                } catch (RpcException refused) {
                    throw ControllerException.configuration(refused.getMessage());
                } catch (IOException down) {
                    throw ControllerException.configuration("Problem talking to the database: " + down.getMessage());
                }
            }

            @Override
            public String clusterName() {
                return clusterName;
            }
        };
    }

    /** slurmdbd as slurm.conf ({@code SLURM_CONF}) names it, read when first asked. */
    static AccountingDaemon fromEnvironment(Map<String, String> environment) {
        return new AccountingDaemon() {
            private AccountingDaemon daemon;

            @Override
            public String clusterName() throws ControllerException {
                return daemon().clusterName();
            }

            @Override
            public <R extends Message> R call(Message request, Class<R> responseType) throws ControllerException {
                return daemon().call(request, responseType);
            }

            private AccountingDaemon daemon() throws ControllerException {
                if (daemon == null) {
                    try {
                        ClusterAccess cluster = ClusterAccess.fromEnvironment(environment);
                        var accounting = cluster.config().accounting();
                        String host = accounting.host().orElseGet(() -> cluster.controllers().isEmpty() ? "localhost"
                                : cluster.controllers().get(0).getHostString());
                        CredentialSource credentials = cluster.credentials();
                        daemon = at(new InetSocketAddress(host, accounting.port()), cluster.timeout(), credentials,
                                cluster.clusterName());
                    } catch (ConfException unreadable) {
                        throw ControllerException.configuration(unreadable.getMessage());
                    } catch (IOException | RuntimeException unsigned) {
                        throw ControllerException.configuration("cannot sign a credential: " + unsigned.getMessage());
                    }
                }
                return daemon;
            }
        };
    }
}
