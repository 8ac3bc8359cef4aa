package io.jslurm.slurmctld.node;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The GPUs a node's {@code Gres=} setting promises: {@code gpu:a100:8,nvme:1} gives eight GPUs of type a100.
 * Only GPUs matter to the controller's checks and to scheduling; other GRES pass through as text.
 */
public record ConfiguredGres(String type, int count) {

    public static final ConfiguredGres NONE = new ConfiguredGres("", 0);

    public ConfiguredGres {
        Objects.requireNonNull(type, "type");
        if (count < 0) {
            throw new IllegalArgumentException("GPU count is negative: " + count);
        }
    }

    /** The GPUs of a {@code Gres=} value; several typed entries add up, the last type named wins. */
    public static ConfiguredGres gpusOf(String gres) {
        String type = "";
        int count = 0;
        for (String item : gres.split(",")) {
            List<String> parts = new ArrayList<>(List.of(item.strip().split(":")));
            if (parts.isEmpty() || !parts.get(0).equals("gpu")) {
                continue;
            }
            parts.remove(0);
            int n = 1;
            if (!parts.isEmpty() && parts.get(parts.size() - 1).matches("\\d+")) {
                n = Integer.parseInt(parts.remove(parts.size() - 1));
            }
            if (!parts.isEmpty()) {
                type = parts.get(0);
            }
            count += n;
        }
        return count == 0 ? NONE : new ConfiguredGres(type, count);
    }
}
