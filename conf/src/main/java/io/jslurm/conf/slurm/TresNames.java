package io.jslurm.conf.slurm;

import io.jslurm.common.tres.BillingWeights;
import io.jslurm.common.tres.TresName;
import io.jslurm.conf.parse.ValueForms;
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
        return ValueForms.splitList(text).stream().map(TresNames::normalize).toList();
    }

    /**
     * {@code TRESBillingWeights=CPU=1.0,Mem=0.25G,GRES/gpu=2.0}: decimal weights, negative ones allowed. The base
     * unit of memory is the megabyte, so a suffix says per how much the weight counts: {@code 0.25G} is 0.25 per
     * gigabyte, 0.25/1024 per megabyte; {@code K} multiplies by 1024, {@code M} changes nothing.
     */
    static BillingWeights parseBillingWeights(String text) {
        Map<String, Double> weights = new LinkedHashMap<>();
        for (Map.Entry<String, String> option : ValueForms.splitOptions(text).entrySet()) {
            String value = option.getValue().strip();
            int unit = value.isEmpty() ? -1 : UNITS.indexOf(Character.toUpperCase(value.charAt(value.length() - 1)));
            String number = unit >= 0 ? value.substring(0, value.length() - 1) : value;
            try {
                weights.put(normalize(option.getKey()), unit < 0 ? Double.parseDouble(number)
                        : Double.parseDouble(number) / Math.pow(1024, unit - 1));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("the billing weight of " + option.getKey() + " must be a number "
                        + "with an optional K, M, G, T or P suffix, not '" + value + "'");
            }
        }
        return new BillingWeights(weights, text.strip());
    }

    /** Weight suffixes, from per kilobyte to per petabyte. */
    private static final String UNITS = "KMGTP";

    static Map<String, Long> parseWeights(String text) {
        Map<String, Long> weights = new LinkedHashMap<>();
        for (Map.Entry<String, String> option : ValueForms.splitOptions(text).entrySet()) {
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
