package io.jslurm.cli.client;

import io.jslurm.conf.ConfException;
import java.util.Map;

/** Opens the controller connection a command uses; commands are given one so tests can point them anywhere. */
@FunctionalInterface
public interface Controllers {

    Controller open() throws ControllerException;

    /** The cluster named by slurm.conf, read when the first request is made. */
    static Controllers fromEnvironment(Map<String, String> environment) {
        return () -> {
            try {
                return new RemoteController(ClusterAccess.fromEnvironment(environment));
            } catch (ConfException unreadable) {
                throw ControllerException.configuration(unreadable.getMessage());
            }
        };
    }
}
