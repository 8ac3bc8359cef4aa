package io.jslurm.conf.slurm;

import io.jslurm.conf.Diagnostics;
import io.jslurm.conf.Location;
import io.jslurm.conf.parse.ConfPair;
import io.jslurm.conf.parse.KeyValues;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The controller list from {@code SlurmctldHost} lines (primary first), or from the older
 * {@code ControlMachine}/{@code ControlAddr} and {@code BackupController}/{@code BackupAddr}.
 */
final class Controllers {

    private Controllers() {
    }

    static List<ControllerHost> of(KeyValues values, Location fileStart, Diagnostics diagnostics) {
        boolean oldForm = values.isSet("ControlMachine") || values.isSet("BackupController");
        List<ConfPair> hosts = values.all("SlurmctldHost");
        if (!hosts.isEmpty() && oldForm) {
            diagnostics.error(values.location(values.isSet("ControlMachine") ? "ControlMachine" : "BackupController"),
                    "ControlMachine and BackupController cannot be combined with SlurmctldHost; use SlurmctldHost only");
            return List.of();
        }
        List<ControllerHost> controllers = new ArrayList<>();
        for (ConfPair pair : hosts) {
            try {
                controllers.add(ControllerHost.parse(pair.value()));
            } catch (IllegalArgumentException e) {
                diagnostics.error(pair.location(), "invalid value '" + pair.value() + "' for SlurmctldHost: "
                        + e.getMessage());
            }
        }
        if (oldForm) {
            oldHost(values, "ControlMachine", "ControlAddr").ifPresent(controllers::add);
            oldHost(values, "BackupController", "BackupAddr").ifPresent(controllers::add);
        }
        if (controllers.isEmpty() && !diagnostics.hasErrors()) {
            diagnostics.error(fileStart, "no controller is configured; add SlurmctldHost=<host>");
        }
        return controllers;
    }

    private static Optional<ControllerHost> oldHost(KeyValues values, String hostKey, String addressKey) {
        return values.optional(hostKey).map(host -> new ControllerHost(host, values.optional(addressKey)));
    }
}
