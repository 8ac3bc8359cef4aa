package io.jslurm.conf.gres;

import java.util.List;

/** Everything gres.conf says: detection settings and device lines, in file order. */
public record GresConfig(List<GresAutoDetect> autoDetect, List<GresDevice> devices) {

    public static final GresConfig EMPTY = new GresConfig(List.of(), List.of());

    public GresConfig {
        autoDetect = List.copyOf(autoDetect);
        devices = List.copyOf(devices);
    }

    /** The detection mode for a node: a line naming the node wins over a global line; {@code OFF} when none. */
    public AutoDetect autoDetectFor(String node) {
        AutoDetect mode = AutoDetect.OFF;
        boolean scoped = false;
        for (GresAutoDetect setting : autoDetect) {
            if (setting.nodes().isPresent() && setting.appliesTo(node)) {
                mode = setting.mode();
                scoped = true;
            } else if (setting.nodes().isEmpty() && !scoped) {
                mode = setting.mode();
            }
        }
        return mode;
    }

    /** The device lines that apply to a node, in file order. */
    public List<GresDevice> devicesFor(String node) {
        return devices.stream().filter(device -> device.appliesTo(node)).toList();
    }
}
