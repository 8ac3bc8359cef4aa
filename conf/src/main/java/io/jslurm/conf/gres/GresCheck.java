package io.jslurm.conf.gres;

import io.jslurm.common.gres.Gres;
import io.jslurm.common.hostlist.Hostlist;
import io.jslurm.conf.Diagnostics;
import io.jslurm.conf.Location;
import io.jslurm.conf.slurm.NodeConfig;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Checks gres.conf against slurm.conf: every resource named must be in {@code GresTypes}, and where
 * gres.conf describes a node's devices of a kind, their counts must add up to what the node's
 * {@code Gres=} declares. A declared resource gres.conf does not describe is left alone: its devices
 * come from {@code AutoDetect}, or it is counted without device files.
 */
public final class GresCheck {

    private final List<String> gresTypes;
    private final Location gresTypesLocation;
    private final GresConfig gres;
    /** Problems that many nodes share are reported once, naming the nodes as a hostlist. */
    private final Map<Problem, List<String>> grouped = new LinkedHashMap<>();

    /** {@code message} holds {@code %s} where the nodes go. */
    private record Problem(Location location, String message) {
    }

    private GresCheck(List<String> gresTypes, Location gresTypesLocation, GresConfig gres) {
        this.gresTypes = gresTypes;
        this.gresTypesLocation = gresTypesLocation;
        this.gres = gres;
    }

    /** @param gresTypesLocation where {@code GresTypes} is set, or slurm.conf itself when it is not */
    public static void check(List<String> gresTypes, Location gresTypesLocation, List<NodeConfig> nodes,
                             GresConfig gres, Diagnostics diagnostics) {
        GresCheck check = new GresCheck(gresTypes, gresTypesLocation, gres);
        for (GresDevice device : gres.devices()) {
            if (!check.listed(device.name())) {
                diagnostics.error(device.location(), "Name=" + device.name() + " is not in GresTypes ("
                        + gresTypesLocation + ")");
            }
        }
        nodes.forEach(check::checkNode);
        check.grouped.forEach((problem, names) -> diagnostics.error(problem.location(),
                String.format(problem.message(), (names.size() == 1 ? "node " : "nodes ") + Hostlist.of(names))));
    }

    private void checkNode(NodeConfig node) {
        List<GresDevice> devices = gres.devicesFor(node.name());
        for (Gres declared : node.gres().entries()) {
            if (!listed(declared.name())) {
                report(node, node.location(), "Gres= of %s names '" + declared.name() + "', which GresTypes ("
                        + gresTypesLocation + ") does not list");
                continue;
            }
            List<GresDevice> matching = devices.stream().filter(device -> describes(device, declared)).toList();
            long described = matching.stream().mapToLong(GresDevice::count).sum();
            if (!matching.isEmpty() && described != declared.count()) {
                report(node, matching.get(0).location(), "gres.conf describes " + described + " "
                        + kind(declared.name(), declared.type()) + " on %s, but Gres= at " + node.location()
                        + " declares " + declared.count());
            }
        }
        for (GresDevice device : devices) {
            boolean declared = node.gres().entries().stream().anyMatch(gres -> describes(device, gres));
            if (device.nodes().isPresent() && !declared && listed(device.name())) {
                report(node, device.location(), "gres.conf describes " + device.count() + " "
                        + kind(device.name(), device.type()) + " on %s, but Gres= at " + node.location()
                        + " declares none");
            }
        }
    }

    private void report(NodeConfig node, Location location, String message) {
        grouped.computeIfAbsent(new Problem(location, message), k -> new ArrayList<>()).add(node.name());
    }

    private boolean listed(String name) {
        return gresTypes.stream().anyMatch(type -> type.equalsIgnoreCase(name));
    }

    /** A device line describes a declared resource of its name, and of its type when one is declared. */
    private static boolean describes(GresDevice device, Gres declared) {
        return device.name().equalsIgnoreCase(declared.name())
                && declared.type().map(type -> device.type().map(type::equalsIgnoreCase).orElse(false)).orElse(true);
    }

    private static String kind(String name, Optional<String> type) {
        return type.map(t -> name + ":" + t).orElse(name);
    }
}
