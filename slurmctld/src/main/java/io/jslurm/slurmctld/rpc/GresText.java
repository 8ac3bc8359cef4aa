package io.jslurm.slurmctld.rpc;

import io.jslurm.slurmctld.job.GresRequest;
import java.util.ArrayList;
import java.util.List;

/** Reads sbatch's GRES options: {@code --gres=gpu:a100:2,nvme:1}, {@code --gpus=a100:8}, {@code --gpus=8}. */
final class GresText {

    private GresText() {
    }

    /** {@code name[:type][:count]} items; a missing count is 1. */
    static List<GresRequest> gres(String text, GresRequest.Per per) {
        List<GresRequest> requests = new ArrayList<>();
        if (text.isBlank()) {
            return requests;
        }
        for (String item : text.split(",")) {
            String[] parts = item.strip().split(":");
            String name = parts[0];
            String type = "";
            long count = 1;
            if (parts.length == 2) {
                if (isCount(parts[1])) {
                    count = Long.parseLong(parts[1]);
                } else {
                    type = parts[1];
                }
            } else if (parts.length >= 3) {
                type = parts[1];
                if (!isCount(parts[2])) {
                    throw new IllegalArgumentException("Invalid generic resource (gres) specification: " + text);
                }
                count = Long.parseLong(parts[2]);
            }
            if (name.isEmpty()) {
                throw new IllegalArgumentException("Invalid generic resource (gres) specification: " + text);
            }
            requests.add(new GresRequest(name, type, count, per));
        }
        return requests;
    }

    /** {@code --gpus}-style values: {@code [type:]count}. */
    static List<GresRequest> gpus(String text, GresRequest.Per per) {
        if (text.isBlank()) {
            return List.of();
        }
        return gres(text.strip().startsWith("gpu") ? text : "gpu:" + text, per);
    }

    private static boolean isCount(String text) {
        return !text.isEmpty() && text.chars().allMatch(Character::isDigit);
    }
}
