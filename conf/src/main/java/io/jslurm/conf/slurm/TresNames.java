package io.jslurm.conf.slurm;

import io.jslurm.common.tres.TresName;
import io.jslurm.conf.parse.KeyValues;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * TRES names as slurm.conf lists and weighs them ({@code AccountingStorageTRES=gres/gpu},
 * {@code PriorityWeightTRES=CPU=1000,Mem=2000,GRES/gpu=3000}): the kind is case-insensitive, the
 * configured name after the slash is kept as written.
 */
final class TresNames {

    private TresNames() {
    }

    static String normalize(String name) {
        int slash = name.indexOf('/');
        String normalized = slash < 0 ? name.toLowerCase(Locale.ROOT)
                : name.substring(0, slash).toLowerCase(Locale.ROOT) + name.substring(slash);
        if (!TresName.isValid(normalized)) {
            throw new IllegalArgumentException("'" + name + "' is not a TRES name such as cpu, mem, node, billing, "
                    + "gres/gpu or license/NAME");
        }
        return normalized;
    }

    static List<String> parseList(String text) {
        return KeyValues.splitList(text).stream().map(TresNames::normalize).toList();
    }

    static Map<String, Long> parseWeights(String text) {
        Map<String, Long> weights = new LinkedHashMap<>();
        for (Map.Entry<String, String> option : KeyValues.splitOptions(text).entrySet()) {
            String name = normalize(option.getKey());
            try {
                weights.put(name, Long.parseLong(option.getValue()));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("the weight of " + option.getKey() + " must be a whole number");
            }
        }
        return weights;
    }
}
