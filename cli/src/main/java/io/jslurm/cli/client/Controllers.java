package io.jslurm.cli.client;

import io.jslurm.conf.ConfException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Opens the controller connection a command uses; commands are given one so tests can point them anywhere. */
@FunctionalInterface
public interface Controllers {

    Controller open() throws ControllerException;

    /** Each controller by itself, primary first, named by host, for {@code scontrol ping}. */
    default List<Map.Entry<String, Controllers>> each() {
        return List.of(Map.entry("controller", this));
    }

    /**
     * As {@link #fromEnvironment}, with the controllers' route taken from {@code cache} while slurm.conf and the
     * files it reads are unchanged (sbatch: reading slurm.conf was a large part of its start-up).
     */
    static Controllers routed(Map<String, String> environment, RouteCache cache) {
        // A class rather than a lambda: linking a lambda costs a fresh JVM more than loading a class.
        return new Controllers() {
            @Override
            public Controller open() throws ControllerException {
                try {
                    return new RemoteController(cache.route(ClusterAccess.confFile(environment)));
                } catch (ConfException unreadable) {
                    throw ControllerException.configuration(unreadable.getMessage());
                }
            }
        };
    }

    /** The cluster named by slurm.conf, read when the first request is made. */
    static Controllers fromEnvironment(Map<String, String> environment) {
        return new Controllers() {
            @Override
            public Controller open() throws ControllerException {
                return new RemoteController(access());
            }

            @Override
            public List<Map.Entry<String, Controllers>> each() {
                ClusterAccess access;
                try {
                    access = access();
                } catch (ControllerException unreadable) {
                    return List.of();
                }
                List<Map.Entry<String, Controllers>> each = new ArrayList<>();
                for (int i = 0; i < access.controllers().size(); i++) {
                    ClusterAccess one = access.only(i);
                    each.add(Map.entry(access.config().controllers().get(i).name(),
                            () -> new RemoteController(one)));
                }
                return each;
            }

            private ClusterAccess access() throws ControllerException {
                try {
                    return ClusterAccess.fromEnvironment(environment);
                } catch (ConfException unreadable) {
                    throw ControllerException.configuration(unreadable.getMessage());
                }
            }
        };
    }
}
